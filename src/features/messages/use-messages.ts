import { useCallback, useEffect, useRef } from 'react';
import type { MessageKind } from '../../../api/protocol/messages.ts';
import { request } from '../../../api/typed-call.ts';
import { withLoading } from '../../app/loading.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import type { MessageItem, UnreadCounts } from './message-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import * as messageCalls from '../../../api/protocol/calls/messages.ts';

/** The message centre's hooks: unread counts (badges) and the actions on messages. */

export const UNREAD_CALL = messageCalls.getUnreadNotice;

/**
 * Unread counts, decoded; loaded again whenever the component shows again (a kept-alive /mine
 * comes back from the message centre with its effects re-run) and on `refresh`.
 */
export function useUnreadCounts(): { counts: UnreadCounts | null; refresh: () => void } {
  const remote = useRemoteData('unreadCounts', UNREAD_CALL);
  const counts = remote.data;
  // useRemoteData's intents are new functions each render: keep the latest, run the effect once per mount.
  const refreshRef = useRef(remote.refresh);
  refreshRef.current = remote.refresh;
  const refresh = useCallback(() => refreshRef.current(), []);
  const mounted = useRef(false);
  useEffect(() => {
    // The first mount loads by itself; a later one (shown again: React re-runs a hidden page's effects) reloads.
    if (mounted.current) refresh();
    mounted.current = true;
  }, [refresh]);
  return { counts, refresh };
}

/** 全部已读 for a kind (or every kind), under the loading overlay; then `done`. */
export function useReadAll(kind: MessageKind | undefined, done: () => void) {
  const runtime = useRuntime();
  return useCallback(async () => {
    const outcome = await withLoading(runtime.loading, () => request(runtime.api, calls.messages.readAllMessages, kind ? { kind } : {}));
    if (outcome.kind === 'ok') {
      showToast(outcome.msg);
      done();
    }
  }, [runtime, kind, done]);
}

/**
 * Opening a message: marked read on the server (getMessageDetail), then its link when it has one.
 * Answers the message as the server has it now, or null (a toast said why).
 */
export function useOpenMessage() {
  const runtime = useRuntime();
  return useCallback(
    async (message: MessageItem): Promise<boolean> => {
      const outcome = await request(runtime.api, calls.messages.getMessageDetail, { id: message.id });
      if (outcome.kind !== 'ok') return false;
      if (message.link) runtime.navigate(message.link.path, message.link.data);
      return true;
    },
    [runtime],
  );
}

export function useDeleteMessage(done: () => void) {
  const runtime = useRuntime();
  return useCallback(
    async (id: number) => {
      const outcome = await withLoading(runtime.loading, () => request(runtime.api, calls.messages.deleteMessage, { id }));
      if (outcome.kind === 'ok') {
        showToast(outcome.msg);
        done();
      }
    },
    [runtime, done],
  );
}
