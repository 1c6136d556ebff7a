import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES, CHAT_PAGE_LIMIT, REPLY_REFRESH_MARGIN_MS } from './service-chat.constants.ts';
import type {
  ChatContext,
  ChatEvent,
  ChatMessage,
  ChatPage,
  ChatPageInput,
  ChatPageOutcome,
  ChatToastParams,
  SendInput,
  SendOutcome,
} from './service-chat.types.ts';

/** Merges pages and new messages: unique by id, oldest first (ids break ties of equal times). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
}

export function canSend(draft: string): boolean {
  const length = Array.from(draft.trim()).length;
  return length > 0 && length <= CHAT_MESSAGE_MAX_LENGTH;
}

const isChatPage = (outcome: ChatPageOutcome): outcome is Extract<ChatPageOutcome, { kind: 'ok' }> =>
  outcome.kind === 'ok' && outcome.data !== null && typeof outcome.data === 'object' && Array.isArray(outcome.data.list);

type PageParams = { outcome: ChatPageOutcome };
const page = ({ event }: { event: { output: ChatPageOutcome } }): PageParams => ({ outcome: event.output });
type SendParams = { outcome: SendOutcome };
const sent = ({ event }: { event: { output: SendOutcome } }): SendParams => ({ outcome: event.output });

function withPage(context: ChatContext, data: ChatPage): Partial<ChatContext> {
  return { messages: mergeMessages(context.messages, data.list), total: data.total, ...(data.service ? { service: data.service } : {}) };
}

/**
 * The /service chat: the newest page first, older pages on demand (scrolling up), sending,
 * and reloading the newest page when a '客服消息' arrives or an automatic reply is due.
 */
export const serviceChatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    getChatLink: fromPromise<ChatPageOutcome, ChatPageInput>(async () => {
      throw new Error('getChatLink is not provided');
    }),
    getChatLinkRecord: fromPromise<ChatPageOutcome, ChatPageInput>(async () => {
      throw new Error('getChatLinkRecord is not provided');
    }),
    sendServiceMessage: fromPromise<SendOutcome, SendInput>(async () => {
      throw new Error('sendServiceMessage is not provided');
    }),
  },
  actions: {
    /** Provided by the app: an antd-mobile Toast. */
    showToast: (_, _params: ChatToastParams) => {},
    storeFirstPage: assign(({ context }, params: PageParams) =>
      isChatPage(params.outcome) ? { ...withPage(context, params.outcome.data), pagesLoaded: Math.max(1, context.pagesLoaded), error: null } : {},
    ),
    storeOlderPage: assign(({ context }, params: PageParams) =>
      isChatPage(params.outcome) ? { ...withPage(context, params.outcome.data), pagesLoaded: context.pagesLoaded + 1 } : {},
    ),
    storeError: assign((_, params: PageParams) => ({
      error: params.outcome.kind === 'error' || params.outcome.kind === 'toast' ? params.outcome.msg || CHAT_MESSAGES.loadFailed : CHAT_MESSAGES.loadFailed,
    })),
    storeLoadFailure: assign({ error: CHAT_MESSAGES.loadFailed }),
    raiseReplyExpected: raise({ type: 'chat.reply.expected' }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'ui.draft.change');
      return { draft: event.value };
    }),
    storeSent: assign(({ context }, params: SendParams) => {
      if (params.outcome.kind !== 'ok') return {};
      const { message, reply_in_ms } = params.outcome.data;
      return { messages: mergeMessages(context.messages, [message]), total: context.total + 1, draft: '', replyInMs: reply_in_ms ?? 0 };
    }),
  },
  guards: {
    isPage: (_, params: PageParams) => isChatPage(params.outcome),
    isSent: (_, params: SendParams) => params.outcome.kind === 'ok' && params.outcome.data !== null && typeof params.outcome.data === 'object',
    isSendRefused: (_, params: SendParams) => params.outcome.kind !== 'error',
    expectsReply: (_, params: SendParams) => params.outcome.kind === 'ok' && typeof params.outcome.data?.reply_in_ms === 'number',
    hasOlder: ({ context }) => context.messages.length < context.total,
    canSend: ({ context }) => canSend(context.draft),
  },
  delays: {
    replyDue: ({ context }) => context.replyInMs + REPLY_REFRESH_MARGIN_MS,
  },
}).createMachine({
  id: 'serviceChat',
  context: { messages: [], total: 0, pagesLoaded: 0, draft: '', service: null, error: null, replyInMs: 0 },
  on: {
    'ui.draft.change': { actions: 'setDraft' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'getChatLink',
        src: 'getChatLink',
        input: { page: 1, limit: CHAT_PAGE_LIMIT },
        onDone: [
          { guard: { type: 'isPage', params: page }, target: 'ready', actions: { type: 'storeFirstPage', params: page } },
          { target: 'failed', actions: { type: 'storeError', params: page } },
        ],
        onError: { target: 'failed', actions: 'storeLoadFailure' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'ui.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        history: {
          initial: 'idle',
          states: {
            idle: { on: { 'ui.older': { guard: 'hasOlder', target: 'loadingOlder' } } },
            loadingOlder: {
              invoke: {
                id: 'getChatLinkRecord',
                src: 'getChatLinkRecord',
                input: ({ context }) => ({ page: context.pagesLoaded + 1, limit: CHAT_PAGE_LIMIT }),
                onDone: { target: 'idle', actions: { type: 'storeOlderPage', params: page } },
                onError: { target: 'idle' },
              },
            },
          },
        },
        outbox: {
          initial: 'idle',
          states: {
            idle: { on: { 'ui.send': { guard: 'canSend', target: 'sending' } } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendServiceMessage',
                src: 'sendServiceMessage',
                input: ({ context }) => ({ content: context.draft.trim() }),
                onDone: [
                  {
                    guard: { type: 'expectsReply', params: sent },
                    target: 'idle',
                    actions: [{ type: 'storeSent', params: sent }, 'raiseReplyExpected'],
                  },
                  { guard: { type: 'isSent', params: sent }, target: 'idle', actions: { type: 'storeSent', params: sent } },
                  // Code -1 (empty, too long) is toasted by the session machine; the draft stays.
                  { guard: { type: 'isSendRefused', params: sent }, target: 'idle' },
                  { target: 'idle', actions: { type: 'showToast', params: { message: CHAT_MESSAGES.sendFailed } } },
                ],
                onError: { target: 'idle', actions: { type: 'showToast', params: { message: CHAT_MESSAGES.sendFailed } } },
              },
            },
          },
        },
        latest: {
          initial: 'idle',
          on: {
            'chat.reply.expected': '.awaitingReply',
          },
          states: {
            idle: { on: { 'ui.refresh': 'refreshing' } },
            awaitingReply: {
              after: { replyDue: 'refreshing' },
              on: { 'ui.refresh': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshChat',
                src: 'getChatLink',
                input: { page: 1, limit: CHAT_PAGE_LIMIT },
                onDone: { target: 'idle', actions: { type: 'storeFirstPage', params: page } },
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
  },
});
