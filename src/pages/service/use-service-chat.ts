import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../../api/client.ts';
import { BAD_RESPONSE, type ApiOutcome } from '../../../api/outcome.ts';
import { readChatMessage, readServiceQueue, type ChatMessage, type ServiceQueue } from '../../../api/protocol/service-chat.ts';
import { request } from '../../../api/typed-call.ts';
import type { TicketOutcome, UploadInput, UploadResult } from '../../../machines/upload.types.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../machines/service-chat.constants.ts';
import { serviceChatMachine } from '../../../machines/service-chat.machine.ts';
import type { ChatPage, ChatPageInput, ChatPageOutcome, SendInput, SendOutcome, SendResult } from '../../../machines/service-chat.types.ts';
import { LIVE_LABELS } from '../../../machines/service-live.constants.ts';
import { serviceLiveMachine } from '../../../machines/service-live.machine.ts';
import { createStreamActor, type EventSourceFactory } from '../../../machines/service-live.stream.ts';
import type { QueueOutcome, StreamTicket, StreamTicketOutcome } from '../../../machines/service-live.types.ts';
import type { servicePollMachine } from '../../../machines/service-poll.machine.ts';
import { apiBase } from '../../app/env.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { uploadPicture } from '../../features/uploads/upload-picture.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

export const CHAT_CALLS = {
  first: calls.user.getChatLink,
  older: calls.user.getChatLinkRecord,
  send: calls.user.sendServiceMessage,
  uploadTicket: calls.profile.getUploadTos,
  streamTicket: calls.service.getChatStreamTicket,
  queue: calls.service.getWoliveQueue,
} as const;


/** Server answers are checked before the machines see them: unusable messages are dropped, a malformed queue is none. */
function readPage(outcome: ApiOutcome<ChatPage>): ChatPageOutcome {
  if (outcome.kind !== 'ok') return outcome;
  const data = outcome.data as Partial<ChatPage> | null;
  if (!data || !Array.isArray(data.list) || typeof data.total !== 'number') return BAD_RESPONSE;
  const list = data.list.map(readChatMessage).filter((m): m is ChatMessage => m !== null);
  const service = data.service && typeof data.service.hours === 'string' ? { service: { hours: data.service.hours, status: data.service.status === 'offline' ? ('offline' as const) : ('online' as const) } } : {};
  const queue = readServiceQueue(data.queue);
  return { ...outcome, data: { list, total: data.total, page: Number(data.page) || 1, limit: Number(data.limit) || list.length, ...service, ...(queue ? { queue } : {}) } };
}

function readSent(outcome: ApiOutcome<SendResult>): SendOutcome {
  if (outcome.kind !== 'ok') return outcome;
  const message = readChatMessage(outcome.data?.message);
  if (!message) return BAD_RESPONSE;
  const reply = outcome.data.reply_in_ms;
  const queue = readServiceQueue(outcome.data.queue);
  return { ...outcome, data: { message, reply_in_ms: typeof reply === 'number' && reply >= 0 ? reply : null, ...(queue ? { queue } : {}) } };
}

function readQueue(outcome: ApiOutcome<ServiceQueue>): QueueOutcome {
  if (outcome.kind !== 'ok') return outcome;
  const queue = readServiceQueue(outcome.data);
  return queue ? { ...outcome, data: queue } : BAD_RESPONSE;
}

function readTicket(outcome: ApiOutcome<StreamTicket>): StreamTicketOutcome {
  if (outcome.kind !== 'ok') return outcome;
  const data = outcome.data as Partial<StreamTicket> | null;
  if (!data || (data.status !== 'online' && data.status !== 'offline') || !(data.url === null || typeof data.url === 'string')) return BAD_RESPONSE;
  return { ...outcome, data: { url: data.url, expires_in: Number(data.expires_in) || 0, status: data.status } };
}

type ChatRuntime = Pick<AppRuntime, 'api' | 'session'>;

function chatMachineFor(runtime: ChatRuntime) {
  const api: ApiClient = runtime.api;
  return serviceChatMachine.provide({
    actions: { showToast: (_, { message }) => showToast(message) },
    actors: {
      getChatLink: fromPromise<ChatPageOutcome, ChatPageInput>(async ({ input, signal }) => readPage(await request(api, CHAT_CALLS.first, { limit: input.limit }, { signal }))),
      getChatLinkRecord: fromPromise<ChatPageOutcome, ChatPageInput>(async ({ input, signal }) => readPage(await request(api, CHAT_CALLS.older, input, { signal }))),
      sendServiceMessage: fromPromise<SendOutcome, SendInput>(async ({ input, signal }) => readSent(await request(api, CHAT_CALLS.send, input, { signal }))),
      getUploadTicket: fromPromise<TicketOutcome>(({ signal }) => request(api, CHAT_CALLS.uploadTicket, { purpose: 'service' }, { signal })),
      uploadImage: fromPromise<UploadResult, UploadInput>(({ input }) => uploadPicture(runtime, input)),
    },
  });
}

type ChatActor = ActorRefFrom<typeof serviceChatMachine>;

/** The browser's EventSource, or null where there is none (the page then polls). */
const browserEventSource = (): EventSourceFactory | null =>
  typeof EventSource === 'function' ? (url) => new EventSource(url) as unknown as ReturnType<EventSourceFactory> : null;

function liveMachineFor(runtime: ChatRuntime, chat: ChatActor, eventSource: EventSourceFactory | null) {
  const api = runtime.api;
  return serviceLiveMachine.provide({
    actions: {
      deliver: (_, { message }) => chat.send({ type: 'live.message', message }),
      refreshChat: () => chat.send({ type: 'ui.refresh' }),
    },
    actors: {
      getStreamTicket: fromPromise<StreamTicketOutcome>(async ({ signal }) => readTicket(await request(api, CHAT_CALLS.streamTicket, {}, { signal }))),
      getQueue: fromPromise<QueueOutcome>(async ({ signal }) => readQueue(await request(api, CHAT_CALLS.queue, {}, { signal }))),
      stream: createStreamActor(eventSource ?? (() => ({ onopen: null, onerror: null, addEventListener: () => {}, close: () => {} })), apiBase),
    },
  });
}

type ChatSnapshot = SnapshotFrom<typeof serviceChatMachine>;
type LiveSnapshot = SnapshotFrom<typeof serviceLiveMachine>;

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
const selectCanPick = (s: ChatSnapshot) => s.matches({ ready: { outbox: 'idle' } }) || s.matches({ ready: { outbox: { image: 'failed' } } });
const selectService = (s: ChatSnapshot) => s.context.service;
const selectImage = (s: ChatSnapshot) => s.context.image;
const selectImageStage = (s: ChatSnapshot) =>
  s.matches({ ready: { outbox: { image: 'failed' } } }) ? 'failed' : s.matches({ ready: { outbox: 'image' } }) ? 'sending' : null;

export type ConnectionState = keyof typeof LIVE_LABELS;
const selectConnection = (s: LiveSnapshot): ConnectionState =>
  s.matches({ live: 'open' }) ? 'live' : s.matches('fallback') ? 'fallback' : s.matches('offline') ? 'offline' : 'connecting';
const selectQueue = (s: LiveSnapshot) => s.context.queue;

/** The /service chat's view model: narrow values and intents (ARCHITECTURE rule 6). */
export function useServiceChat(eventSource: EventSourceFactory | null = browserEventSource()) {
  const runtime = useRuntime();
  const chat = useFeatureActor(() => chatMachineFor(runtime));
  const supported = eventSource !== null;
  const source = useRef(eventSource);
  // The stream is chosen once, when the page opens (the factory runs once; a later prop is not followed).
  const live = useFeatureActor(() => liveMachineFor(runtime, chat, source.current), { input: { streamSupported: supported }, restartOn: [] });

  // The connection starts from what the chat shows, and hears what the chat's answers say of the queue.
  useEffect(() => {
    let lastId: number | null | undefined;
    let lastQueue: ServiceQueue | null = null;
    const follow = (snapshot: ChatSnapshot) => {
      if (snapshot.matches('loading') || snapshot.matches('failed')) return;
      const newest = snapshot.context.messages.reduce<number | null>((max, m) => (max === null || m.id > max ? m.id : max), null);
      if (newest !== lastId) {
        lastId = newest;
        live.send({ type: 'chat.synced', lastMessageId: newest });
      }
      if (snapshot.context.queue && snapshot.context.queue !== lastQueue) {
        lastQueue = snapshot.context.queue;
        live.send({ type: 'chat.queue', queue: snapshot.context.queue });
      }
    };
    follow(chat.getSnapshot());
    const subscription = chat.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [chat, live]);

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
    canPickImage: useSelector(chat, selectCanPick),
    service: useSelector(chat, selectService),
    image: useSelector(chat, selectImage),
    imageStage: useSelector(chat, selectImageStage),
    connection: useSelector(live, selectConnection),
    queue: useSelector(live, selectQueue),
    retry: () => chat.send({ type: 'ui.retry' }),
    // stable: the list's layout effect asks for older pages and lists it as a dependency
    loadOlder: useCallback(() => chat.send({ type: 'ui.older' }), [chat]),
    changeDraft: (value: string) => chat.send({ type: 'ui.draft.change', value }),
    sendDraft: () => chat.send({ type: 'ui.send' }),
    pickImage: (file: Blob) => chat.send({ type: 'ui.image.pick', file }),
    retryImage: () => chat.send({ type: 'ui.image.retry' }),
    dismissImage: () => chat.send({ type: 'ui.image.dismiss' }),
  };
}
