import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ServiceQueue } from '../api/protocol/service-chat.ts';
import { LIVE_POLL_MS, retryDelay, STREAM_OPEN_TIMEOUT_MS } from './service-live.constants.ts';
import type {
  DeliverParams,
  QueueOutcome,
  ServiceLiveContext,
  ServiceLiveEvent,
  ServiceLiveInput,
  ServiceLiveTag,
  StreamInput,
  StreamTicketOutcome,
} from './service-live.types.ts';

type PolledParams = { outcome: QueueOutcome };
type TicketParams = { outcome: StreamTicketOutcome };
type RefreshChatAction = { type: 'refreshChat'; params: undefined };
type DeliverAction = { type: 'deliver'; params: DeliverParams };

const ticketOf = ({ event }: { event: { output: StreamTicketOutcome } }): TicketParams => ({ outcome: event.output });
const polledOf = ({ event }: { event: { output: QueueOutcome } }): PolledParams => ({ outcome: event.output });

/** A ticket answer that opens a stream: ok, online, with its url. */
const streamUrlOf = (outcome: StreamTicketOutcome): string | null =>
  outcome.kind === 'ok' && outcome.data?.status === 'online' && typeof outcome.data.url === 'string' && outcome.data.url !== '' ? outcome.data.url : null;

/** True when the poll says the server holds a message newer than the chat shows. */
export function hasNewerMessage(queue: ServiceQueue, cursor: number | null): boolean {
  return queue.last_message_id !== null && (cursor === null || queue.last_message_id > cursor);
}

const maxCursor = (cursor: number | null, id: number | null): number | null => (id === null ? cursor : cursor === null ? id : Math.max(cursor, id));

/** The 20 s poll of fallback and offline: fetching first (fallback catches up) or waiting first (offline just heard). */
function pollStates(initial: 'fetching' | 'waiting') {
  return {
    initial,
    states: {
      waiting: { after: { livePoll: 'fetching' } },
      fetching: {
        tags: ['busy'] as ServiceLiveTag[],
        invoke: {
          id: 'getQueue',
          src: 'getQueue',
          onDone: { target: 'waiting', actions: { type: 'pollAnswered', params: polledOf } },
          onError: { target: 'waiting' },
        },
      },
    },
  } as const;
}

/**
 * The /service page's connection. It starts once the chat has loaded (so the stream
 * resumes after the newest message shown), asks for a stream ticket and opens the server-sent
 * events (live); a stream that fails or never opens leaves for fallback, which polls the queue
 * every 20 s (SPEC §7) — refreshing the chat when the server holds a newer message — and tries
 * the stream again after 2 s, 4 s … 30 s. Off hours (offline) it only polls, until the service
 * is back. Messages the stream brings go to the chat at once (deliver); the queue is kept here.
 */
export const serviceLiveMachine = setup({
  types: {
    context: {} as ServiceLiveContext,
    events: {} as ServiceLiveEvent,
    input: {} as ServiceLiveInput,
    tags: {} as ServiceLiveTag,
    children: {} as { getStreamTicket: 'getStreamTicket'; stream: 'stream'; getQueue: 'getQueue' },
  },
  actors: {
    /** Provided by the app: /api/user/getChatStreamTicket. */
    getStreamTicket: fromPromise<StreamTicketOutcome>(async () => {
      throw new Error('getStreamTicket is not provided');
    }),
    /** Provided by the app: the EventSource (machines/service-live.stream.ts); sends stream.* events to its receiver, closes on stop. */
    stream: fromPromise<void, StreamInput>(async () => {
      throw new Error('stream is not provided');
    }),
    /** Provided by the app: /api/user/getWoliveQueue. */
    getQueue: fromPromise<QueueOutcome>(async () => {
      throw new Error('getQueue is not provided');
    }),
  },
  actions: {
    /** Provided by the app: hand a pushed message to the chat. */
    deliver: (_, _params: DeliverParams) => {},
    /** Provided by the app: the chat reloads its newest page. */
    refreshChat: () => {},
    syncCursor: assign(({ context, event }) => {
      assertEvent(event, 'chat.synced');
      return { cursor: maxCursor(context.cursor, event.lastMessageId) };
    }),
    storeChatQueue: assign(({ event }) => {
      assertEvent(event, 'chat.queue');
      return { queue: event.queue };
    }),
    storeStreamUrl: assign((_, params: TicketParams) => ({ streamUrl: streamUrlOf(params.outcome) })),
    storeTicketStatus: assign(({ context }, params: TicketParams) =>
      context.queue && params.outcome.kind === 'ok' && params.outcome.data ? { queue: { ...context.queue, status: params.outcome.data.status } } : {},
    ),
    countFailure: assign(({ context }) => ({ attempt: context.attempt + 1, streamUrl: null })),
    resetAttempts: assign({ attempt: 0 }),
    /** A pushed message: the cursor moves past it and the chat shows it. */
    receiveMessage: enqueueActions<ServiceLiveContext, ServiceLiveEvent, undefined, ServiceLiveEvent, never, DeliverAction, never, never, never>(({ context, event, enqueue }) => {
      assertEvent(event, 'stream.message');
      enqueue.assign({ cursor: maxCursor(context.cursor, event.id) });
      enqueue({ type: 'deliver', params: { message: event.message } });
    }),
    receiveQueue: assign(({ context, event }) => {
      assertEvent(event, ['stream.queue', 'stream.closed']);
      return { cursor: maxCursor(context.cursor, event.id), queue: event.queue };
    }),
    /** A poll answer: keep the queue, refresh the chat when something newer waits, and say whether the service is on. */
    pollAnswered: enqueueActions<ServiceLiveContext, ServiceLiveEvent, PolledParams, ServiceLiveEvent, never, RefreshChatAction, never, never, never>(
      ({ context, enqueue }, { outcome }) => {
        if (outcome.kind !== 'ok' || outcome.data === null || typeof outcome.data !== 'object') return;
        const queue = outcome.data;
        enqueue.assign({ queue });
        if (hasNewerMessage(queue, context.cursor)) enqueue({ type: 'refreshChat', params: undefined });
        enqueue.raise({ type: queue.status === 'offline' ? 'service.offline' : 'service.online' });
      },
    ),
  },
  guards: {
    streamSupported: ({ context }) => context.streamSupported,
    ticketOffline: (_, params: TicketParams) => params.outcome.kind === 'ok' && params.outcome.data?.status === 'offline',
    ticketIssued: (_, params: TicketParams) => streamUrlOf(params.outcome) !== null,
  },
  delays: {
    livePoll: LIVE_POLL_MS,
    streamOpenTimeout: STREAM_OPEN_TIMEOUT_MS,
    retryBackoff: ({ context }) => retryDelay(context.attempt),
  },
}).createMachine({
  id: 'serviceLive',
  context: ({ input }) => ({ streamSupported: input.streamSupported, cursor: null, queue: null, attempt: 0, streamUrl: null }),
  on: {
    'chat.synced': { actions: 'syncCursor' },
    'chat.queue': { actions: 'storeChatQueue' },
  },
  initial: 'idle',
  states: {
    // Waits for the chat's first page: the stream resumes after its newest message.
    idle: {
      on: {
        'chat.synced': [
          { guard: 'streamSupported', target: 'connecting', actions: 'syncCursor' },
          { target: 'fallback', actions: 'syncCursor' },
        ],
      },
    },
    connecting: {
      tags: ['busy'],
      invoke: {
        id: 'getStreamTicket',
        src: 'getStreamTicket',
        onDone: [
          { guard: { type: 'ticketOffline', params: ticketOf }, target: 'offline', actions: { type: 'storeTicketStatus', params: ticketOf } },
          { guard: { type: 'ticketIssued', params: ticketOf }, target: 'live', actions: { type: 'storeStreamUrl', params: ticketOf } },
          { target: 'fallback', actions: 'countFailure' },
        ],
        onError: { target: 'fallback', actions: 'countFailure' },
      },
    },
    live: {
      invoke: {
        id: 'stream',
        src: 'stream',
        input: ({ context, self }) => ({ url: context.streamUrl ?? '', lastEventId: context.cursor, receiver: self }),
      },
      on: {
        'stream.message': { actions: 'receiveMessage' },
        'stream.queue': { actions: 'receiveQueue' },
        'stream.closed': { actions: 'receiveQueue' },
        'stream.error': { target: 'fallback', actions: 'countFailure' },
      },
      initial: 'opening',
      states: {
        opening: {
          tags: ['busy'],
          after: { streamOpenTimeout: { target: '#serviceLive.fallback', actions: 'countFailure' } },
          on: { 'stream.open': { target: 'open', actions: 'resetAttempts' } },
        },
        open: {},
      },
    },
    // The stream failed or is unsupported: poll every 20 s, try the stream again after the backoff.
    fallback: {
      ...pollStates('fetching'),
      after: { retryBackoff: { guard: 'streamSupported', target: 'connecting' } },
      on: { 'service.offline': 'offline' },
    },
    // Off hours: poll every 20 s until the service is back.
    offline: {
      ...pollStates('waiting'),
      on: {
        'service.online': [{ guard: 'streamSupported', target: 'connecting' }, { target: 'fallback' }],
      },
    },
  },
});
