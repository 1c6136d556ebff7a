import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../../api/client.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request } from '../../../api/typed-call.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../machines/service-chat.constants.ts';
import { serviceChatMachine } from '../../../machines/service-chat.machine.ts';
import type { servicePollMachine } from '../../../machines/service-poll.machine.ts';
import type { ChatMessage, ChatPage, ChatPageInput, ChatPageOutcome, SendInput, SendOutcome, SendResult } from '../../../machines/service-chat.types.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';

export const CHAT_CALLS = {
  first: '/api/user/getChatLink',
  older: '/api/user/getChatLinkRecord',
  send: '/api/user/sendServiceMessage',
} as const;

const BAD_ANSWER: ApiOutcome<never> = { kind: 'error', reason: 'badResponse', code: null, msg: '服务器返回数据异常' };

function readMessage(value: unknown): ChatMessage | null {
  const m = value as Partial<ChatMessage> | null;
  if (!m || typeof m.id !== 'number' || (m.direction !== 'in' && m.direction !== 'out') || typeof m.content !== 'string' || typeof m.created_at !== 'string') return null;
  return { id: m.id, direction: m.direction, content: m.content, created_at: m.created_at };
}

/** Server answers are checked before the machine sees them: unusable items are dropped. */
function readPage(outcome: ApiOutcome<ChatPage>): ChatPageOutcome {
  if (outcome.kind !== 'ok') return outcome;
  const data = outcome.data as Partial<ChatPage> | null;
  if (!data || !Array.isArray(data.list) || typeof data.total !== 'number') return BAD_ANSWER;
  const list = data.list.map(readMessage).filter((m): m is ChatMessage => m !== null);
  const service = data.service && typeof data.service.hours === 'string' ? { service: { hours: data.service.hours, status: data.service.status === 'offline' ? 'offline' as const : 'online' as const } } : {};
  return { ...outcome, data: { list, total: data.total, page: Number(data.page) || 1, limit: Number(data.limit) || list.length, ...service } };
}

function readSent(outcome: ApiOutcome<SendResult>): SendOutcome {
  if (outcome.kind !== 'ok') return outcome;
  const message = readMessage(outcome.data?.message);
  if (!message) return BAD_ANSWER;
  const reply = outcome.data.reply_in_ms;
  return { ...outcome, data: { message, reply_in_ms: typeof reply === 'number' && reply >= 0 ? reply : null } };
}

function chatMachineFor(api: ApiClient) {
  return serviceChatMachine.provide({
    actions: { showToast: (_, { message }) => showToast(message) },
    actors: {
      getChatLink: fromPromise<ChatPageOutcome, ChatPageInput>(async ({ input, signal }) => readPage(await request(api, CHAT_CALLS.first, { limit: input.limit }, { signal }))),
      getChatLinkRecord: fromPromise<ChatPageOutcome, ChatPageInput>(async ({ input, signal }) => readPage(await request(api, CHAT_CALLS.older, input, { signal }))),
      sendServiceMessage: fromPromise<SendOutcome, SendInput>(async ({ input, signal }) => readSent(await request(api, CHAT_CALLS.send, input, { signal }))),
    },
  });
}

type ChatSnapshot = SnapshotFrom<typeof serviceChatMachine>;

/**
 * The latest '客服消息' id (the chat reloads when it changes). Read here rather than imported from
 * the banner's hook: a page chunk that imports entry-side feature modules makes the bundler split
 * React's helpers out of the entry, which costs more than these two lines.
 */
const selectNoticeId = (snapshot: SnapshotFrom<typeof servicePollMachine> | undefined) => snapshot?.context.notice?.id ?? null;

const selectStatus = (s: ChatSnapshot) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready');
const selectError = (s: ChatSnapshot) => s.context.error;
const selectMessages = (s: ChatSnapshot) => s.context.messages;
const selectHasOlder = (s: ChatSnapshot) => s.context.messages.length < s.context.total;
const selectLoadingOlder = (s: ChatSnapshot) => s.matches({ ready: { history: 'loadingOlder' } });
const selectDraft = (s: ChatSnapshot) => s.context.draft;
const selectSending = (s: ChatSnapshot) => s.matches({ ready: { outbox: 'sending' } });
const selectCanSend = (s: ChatSnapshot) => s.can({ type: 'ui.send' });
const selectService = (s: ChatSnapshot) => s.context.service;

/** The /service chat's view model: narrow values and intents (ARCHITECTURE rule 6). */
export function useServiceChat() {
  const runtime = useRuntime();
  const machine = useMemo(() => chatMachineFor(runtime.api), [runtime]);
  const chat = useActorRef(machine, { inspect: runtime.inspect });

  // A new '客服消息' while the chat is open: reload its newest page.
  const noticeId = useSelector(useSyncExternalStore(runtime.servicePoll.subscribe, runtime.servicePoll.current), selectNoticeId);
  const firstNoticeId = useRef(noticeId);
  useEffect(() => {
    if (noticeId !== firstNoticeId.current) chat.send({ type: 'ui.refresh' });
  }, [noticeId, chat]);

  return {
    status: useSelector(chat, selectStatus),
    error: useSelector(chat, selectError),
    messages: useSelector(chat, selectMessages),
    hasOlder: useSelector(chat, selectHasOlder),
    loadingOlder: useSelector(chat, selectLoadingOlder),
    draft: useSelector(chat, selectDraft),
    maxLength: CHAT_MESSAGE_MAX_LENGTH,
    sending: useSelector(chat, selectSending),
    canSend: useSelector(chat, selectCanSend),
    service: useSelector(chat, selectService),
    retry: () => chat.send({ type: 'ui.retry' }),
    loadOlder: () => chat.send({ type: 'ui.older' }),
    changeDraft: (value: string) => chat.send({ type: 'ui.draft.change', value }),
    sendDraft: () => chat.send({ type: 'ui.send' }),
  };
}
