import { useCallback, useEffect, useRef, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import type { ChatMessage } from '../../../../api/protocol/service-chat.ts';
import type { DeskConversation, DeskQueue, DeskStreamEvent, DeskView, QuickReplyView } from '../../../../api/protocol/service-desk.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { BAD_ANSWER_MSG } from '../../api.ts';
import { readConversationHolder, readDeskMessages, readDeskQueue, readQuickReplies, readReplied } from './decode.ts';
import { connectDesk, type DeskConnectionOptions, type DeskConnectionState } from './desk-connection.ts';
import { uploadDeskPicture } from './upload.ts';

/**
 * The desk's state and actions: the list of the chosen view, the open conversation (history,
 * paging back, take, reply, picture, close), the quick replies, and the live connection that keeps
 * them current (desk-connection.ts). Every answer is read through decode.ts.
 */

/** Why the open conversation cannot be worked on by this agent (shown above it). */
export type DeskNotice = { kind: 'takenByOther'; text: string } | { kind: 'closed'; text: string };

export interface OpenConversation {
  id: number;
  conversation: DeskConversation | null;
  messages: ChatMessage[];
  hasMore: boolean;
  loading: boolean;
  loadingOlder: boolean;
  error: string;
  notice: DeskNotice | null;
}

export interface PendingPicture {
  file: Blob;
  progress: number;
  failed: boolean;
  error: string;
}

/** Merges pages and pushed messages: one per id, in id order. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Who holds a conversation, as the desk names them: 客服012（wang.li）. */
export function holderName(conversation: Pick<DeskConversation, 'agent' | 'agent_name'>): string {
  if (!conversation.agent) return '其他客服';
  return conversation.agent_name ? `${conversation.agent}（${conversation.agent_name}）` : conversation.agent;
}

export function noticeFor(conversation: DeskConversation, isAdmin: boolean): DeskNotice | null {
  if (conversation.status === 'closed') return { kind: 'closed', text: '会话已结束' };
  if (conversation.status === 'open' && !conversation.mine) {
    return { kind: 'takenByOther', text: isAdmin ? `该会话由${holderName(conversation)}接待中，仅可查看` : `该会话已被${holderName(conversation)}接待` };
  }
  return null;
}

const LIST_RELOAD_DELAY_MS = 250;

export interface DeskOptions {
  isAdmin: boolean;
  /** Tests replace the stream. */
  connection?: Pick<DeskConnectionOptions, 'createEventSource' | 'timers'>;
  /** Shows a short message (a toast in the page). */
  notify(text: string): void;
}

export function useDesk({ isAdmin, connection: connectionOptions, notify }: DeskOptions) {
  const client = useStaffClient();
  const [view, setViewState] = useState<DeskView>('queued');
  const [queue, setQueue] = useState<DeskQueue | null>(null);
  const [listError, setListError] = useState('');
  const [open, setOpen] = useState<OpenConversation | null>(null);
  const [connection, setConnection] = useState<DeskConnectionState>('connecting');
  const [clockOffset, setClockOffset] = useState(0);
  const [quickReplies, setQuickReplies] = useState<QuickReplyView[]>([]);
  const [busy, setBusy] = useState<'take' | 'reply' | 'close' | null>(null);
  const [picture, setPicture] = useState<PendingPicture | null>(null);

  const viewRef = useRef(view);
  const openIdRef = useRef<number | null>(null);
  const listSeq = useRef(0);
  const conversationSeq = useRef(0);
  const listTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(true);

  const loadList = useCallback(async () => {
    const seq = ++listSeq.current;
    const answer = await client.call(staffCalls.service.queue, { view: viewRef.current });
    if (!live.current || seq !== listSeq.current) return;
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) setListError(answer.msg);
      return;
    }
    const decoded = readDeskQueue(answer.data);
    if (!decoded) return setListError(BAD_ANSWER_MSG);
    setListError('');
    setQueue(decoded);
    setClockOffset(Date.parse(decoded.server_time) - Date.now());
  }, [client]);

  const scheduleList = useCallback(() => {
    if (listTimer.current !== null) return;
    listTimer.current = setTimeout(() => {
      listTimer.current = null;
      void loadList();
    }, LIST_RELOAD_DELAY_MS);
  }, [loadList]);

  /** The newest page of the open conversation, merged with what is shown (or replacing it). */
  const loadConversation = useCallback(
    async (id: number, mode: 'replace' | 'merge') => {
      const seq = ++conversationSeq.current;
      const answer = await client.call(staffCalls.service.messages, { id });
      if (!live.current || openIdRef.current !== id || seq !== conversationSeq.current) return;
      if (answer.code === STAFF_CODE.ok) {
        const decoded = readDeskMessages(answer.data);
        if (!decoded) return setOpen((current) => current && { ...current, loading: false, error: BAD_ANSWER_MSG });
        setOpen((current) =>
          current && current.id === id
            ? {
                ...current,
                conversation: decoded.conversation,
                messages: mode === 'replace' ? decoded.list : mergeMessages(current.messages, decoded.list),
                hasMore: mode === 'replace' ? decoded.has_more : current.hasMore || decoded.has_more,
                loading: false,
                error: '',
                notice: noticeFor(decoded.conversation, isAdmin),
              }
            : current,
        );
        return;
      }
      if (answer.code === STAFF_CODE.notSignedIn) return;
      // Refused: another agent holds it now (the answer says who), or it is gone.
      const holder = readConversationHolder(answer.data);
      setOpen((current) =>
        current && current.id === id
          ? {
              ...current,
              loading: false,
              conversation: holder ?? current.conversation,
              notice: holder ? noticeFor(holder, isAdmin) ?? { kind: 'takenByOther', text: answer.msg } : current.notice,
              error: holder ? '' : answer.msg,
            }
          : current,
      );
    },
    [client, isAdmin],
  );

  const select = useCallback(
    (id: number) => {
      openIdRef.current = id;
      setPicture(null);
      setOpen({ id, conversation: queue?.list.find((c) => c.id === id) ?? null, messages: [], hasMore: false, loading: true, loadingOlder: false, error: '', notice: null });
      void loadConversation(id, 'replace');
    },
    [loadConversation, queue],
  );

  const back = useCallback(() => {
    openIdRef.current = null;
    setOpen(null);
    setPicture(null);
  }, []);

  const setView = useCallback(
    (next: DeskView) => {
      viewRef.current = next;
      setViewState(next);
      setQueue((current) => (current ? { ...current, list: [] } : current));
      void loadList();
    },
    [loadList],
  );

  const loadOlder = useCallback(async () => {
    const current = open;
    if (!current || current.loadingOlder || !current.hasMore || current.messages.length === 0) return;
    const id = current.id;
    setOpen({ ...current, loadingOlder: true });
    const answer = await client.call(staffCalls.service.messages, { id, before_id: current.messages[0]!.id });
    if (!live.current || openIdRef.current !== id) return;
    const decoded = answer.code === STAFF_CODE.ok ? readDeskMessages(answer.data) : null;
    setOpen((latest) =>
      latest && latest.id === id
        ? decoded
          ? { ...latest, loadingOlder: false, messages: mergeMessages(latest.messages, decoded.list), hasMore: decoded.has_more }
          : { ...latest, loadingOlder: false, error: answer.code === STAFF_CODE.ok ? BAD_ANSWER_MSG : answer.msg }
        : latest,
    );
  }, [client, open]);

  const take = useCallback(async () => {
    const id = openIdRef.current;
    if (id === null) return;
    setBusy('take');
    const answer = await client.call(staffCalls.service.take, { id });
    if (!live.current) return;
    setBusy(null);
    const holder = readConversationHolder(answer.data);
    if (answer.code === STAFF_CODE.ok && holder) {
      notify(answer.msg);
      setOpen((current) => (current && current.id === id ? { ...current, conversation: holder, notice: null } : current));
      // The conversation is now in 我的会话.
      viewRef.current = 'mine';
      setViewState('mine');
      void loadList();
      void loadConversation(id, 'merge');
      return;
    }
    if (answer.code === STAFF_CODE.notSignedIn) return;
    notify(answer.msg);
    if (holder) setOpen((current) => (current && current.id === id ? { ...current, conversation: holder, notice: noticeFor(holder, isAdmin) ?? { kind: 'takenByOther', text: answer.msg } } : current));
    void loadList();
  }, [client, isAdmin, loadConversation, loadList, notify]);

  /** Sends text; true when it was sent (the box may be cleared). */
  const reply = useCallback(
    async (text: string): Promise<boolean> => {
      const id = openIdRef.current;
      if (id === null || text.trim() === '') return false;
      setBusy('reply');
      const answer = await client.call(staffCalls.service.reply, { id, text });
      if (!live.current) return false;
      setBusy(null);
      const message = answer.code === STAFF_CODE.ok ? readReplied(answer.data) : null;
      if (message) {
        setOpen((current) => (current && current.id === id ? { ...current, messages: mergeMessages(current.messages, [message]) } : current));
        scheduleList();
        return true;
      }
      if (answer.code !== STAFF_CODE.notSignedIn) {
        notify(answer.code === STAFF_CODE.ok ? BAD_ANSWER_MSG : answer.msg);
        // The conversation may have changed under us (closed, another holder): show it as it is.
        void loadConversation(id, 'merge');
      }
      return false;
    },
    [client, loadConversation, notify, scheduleList],
  );

  const sendPicture = useCallback(
    async (file: Blob) => {
      const id = openIdRef.current;
      if (id === null) return;
      setPicture({ file, progress: 0, failed: false, error: '' });
      const uploaded = await uploadDeskPicture(client, file, (progress) => {
        if (live.current) setPicture((current) => (current && current.file === file ? { ...current, progress } : current));
      });
      if (!live.current || openIdRef.current !== id) return;
      if (!uploaded.ok) {
        if (!uploaded.signedOut) setPicture({ file, progress: 0, failed: true, error: uploaded.message });
        return;
      }
      setPicture((current) => (current && current.file === file ? { ...current, progress: 100 } : current));
      const answer = await client.call(staffCalls.service.reply, { id, image: uploaded.picture.key });
      if (!live.current) return;
      const message = answer.code === STAFF_CODE.ok ? readReplied(answer.data) : null;
      if (message) {
        setPicture(null);
        setOpen((current) => (current && current.id === id ? { ...current, messages: mergeMessages(current.messages, [message]) } : current));
        scheduleList();
      } else if (answer.code !== STAFF_CODE.notSignedIn) {
        setPicture({ file, progress: 0, failed: true, error: answer.code === STAFF_CODE.ok ? BAD_ANSWER_MSG : answer.msg });
      }
    },
    [client, scheduleList],
  );

  const closeConversation = useCallback(async () => {
    const id = openIdRef.current;
    if (id === null) return;
    setBusy('close');
    const answer = await client.call(staffCalls.service.close, { id });
    if (!live.current) return;
    setBusy(null);
    if (answer.code === STAFF_CODE.notSignedIn) return;
    notify(answer.msg);
    const holder = readConversationHolder(answer.data);
    if (holder) setOpen((current) => (current && current.id === id ? { ...current, conversation: holder, notice: noticeFor(holder, isAdmin) } : current));
    void loadList();
    void loadConversation(id, 'merge');
  }, [client, isAdmin, loadConversation, loadList, notify]);

  // The first load, the quick replies, and the live connection.
  const resyncRef = useRef<() => void>(() => {});
  resyncRef.current = () => {
    void loadList();
    if (openIdRef.current !== null) void loadConversation(openIdRef.current, 'merge');
  };
  // The connection's options are those of the mount: a new options object does not reconnect.
  const connectionRef = useRef(connectionOptions);
  const onEventRef = useRef<(event: DeskStreamEvent) => void>(() => {});
  onEventRef.current = (event) => {
    const openId = openIdRef.current;
    if (event.type === 'message' && event.data.conversation_id === openId) {
      setOpen((current) => (current && current.id === openId ? { ...current, messages: mergeMessages(current.messages, [event.data.message]) } : current));
    }
    if (event.type === 'conversation' && event.data.conversation_id === openId && openId !== null) void loadConversation(openId, 'merge');
    scheduleList();
  };

  useEffect(() => {
    live.current = true;
    void loadList();
    void client.call(staffCalls.service.quickReplies, {}).then((answer) => {
      const list = answer.code === STAFF_CODE.ok ? readQuickReplies(answer.data) : null;
      if (live.current && list) setQuickReplies(list);
    });
    const desk = connectDesk({
      onEvent: (event) => onEventRef.current(event),
      onState: (state) => live.current && setConnection(state),
      resync: () => resyncRef.current(),
      ...connectionRef.current,
    });
    return () => {
      live.current = false;
      desk.close();
      if (listTimer.current !== null) clearTimeout(listTimer.current);
      listTimer.current = null;
    };
    // The connection is made once per mount (its callbacks read the latest state through refs).
  }, [client, loadList]);

  return {
    view,
    setView,
    queue,
    listError,
    open,
    select,
    back,
    loadOlder,
    take,
    reply,
    sendPicture,
    retryPicture: () => picture && void sendPicture(picture.file),
    dismissPicture: () => setPicture(null),
    picture,
    close: closeConversation,
    busy,
    connection,
    clockOffset,
    quickReplies,
  };
}

export type Desk = ReturnType<typeof useDesk>;
