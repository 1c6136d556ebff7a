import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { CHAT_MESSAGES, CHAT_PAGE_LIMIT, REPLY_REFRESH_MARGIN_MS } from './service-chat.constants.ts';
import { canSend, doneOutput, imageFailure, isChatPage, isSessionEnded, mergeMessages, withPage, type Outcome } from './service-chat.rules.ts';
import type {
  ChatContext,
  ChatEvent,
  ChatPageInput,
  ChatPageOutcome,
  ChatToastParams,
  SendInput,
  SendOutcome,
  TicketOutcome,
  UploadInput,
  UploadResult,
} from './service-chat.types.ts';

export { canSend, mergeMessages };

type PageParams = { outcome: ChatPageOutcome };
const page = ({ event }: { event: { output: ChatPageOutcome } }): PageParams => ({ outcome: event.output });
type SendParams = { outcome: SendOutcome };
const sent = ({ event }: { event: { output: SendOutcome } }): SendParams => ({ outcome: event.output });

/**
 * The /service chat: the newest page first, older pages on demand (scrolling up), sending text
 * or a picture (upload ticket → bytes with progress → message), messages pushed by the stream
 * (serviceLive delivers them as `live.message`), and reloading the newest page when a
 * '客服消息' arrives, the poll finds something newer, or an automatic reply is due.
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
    /** Provided by the app: /api/upload/getUploadTos {purpose: 'service'}. */
    getUploadTicket: fromPromise<TicketOutcome>(async () => {
      throw new Error('getUploadTicket is not provided');
    }),
    /** Provided by the app: POST the picture to the ticket's url, reporting progress. */
    uploadImage: fromPromise<UploadResult, UploadInput>(async () => {
      throw new Error('uploadImage is not provided');
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
    storeSent: assign(({ context }, params: SendParams & { clearDraft: boolean }) => {
      if (params.outcome.kind !== 'ok') return {};
      const { message, reply_in_ms, queue } = params.outcome.data;
      const isNew = !context.messages.some((m) => m.id === message.id);
      return {
        messages: mergeMessages(context.messages, [message]),
        total: context.total + (isNew ? 1 : 0),
        ...(params.clearDraft ? { draft: '' } : {}),
        replyInMs: reply_in_ms ?? 0,
        ...(queue ? { queue } : {}),
      };
    }),
    receivePushed: assign(({ context, event }) => {
      assertEvent(event, 'live.message');
      const isNew = !context.messages.some((m) => m.id === event.message.id);
      return { messages: mergeMessages(context.messages, [event.message]), total: context.total + (isNew ? 1 : 0) };
    }),
    storeImage: assign(({ event }) => {
      assertEvent(event, 'ui.image.pick');
      return { image: { file: event.file, progress: 0, key: null, error: null } };
    }),
    restartImage: assign(({ context }) => ({ image: context.image ? { ...context.image, progress: 0, key: null, error: null } : null })),
    setImageProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progress');
      return { image: context.image ? { ...context.image, progress: Math.max(0, Math.min(100, Math.round(event.percent))) } : null };
    }),
    storeImageKey: assign(({ context }, params: { key: string }) => ({ image: context.image ? { ...context.image, key: params.key, progress: 100 } : null })),
    failImage: assign(({ context }, params: { message: string }) => ({ image: context.image ? { ...context.image, error: params.message } : null })),
    clearImage: assign({ image: null }),
  },
  guards: {
    isPage: (_, params: PageParams) => isChatPage(params.outcome),
    isSent: (_, params: SendParams) => params.outcome.kind === 'ok' && params.outcome.data !== null && typeof params.outcome.data === 'object',
    isSendRefused: (_, params: SendParams) => params.outcome.kind !== 'error',
    expectsReply: (_, params: SendParams) => params.outcome.kind === 'ok' && typeof params.outcome.data?.reply_in_ms === 'number',
    hasOlder: ({ context }) => context.messages.length < context.total,
    canSend: ({ context }) => canSend(context.draft),
    ticketIssued: ({ event }) => doneOutput<TicketOutcome>(event).kind === 'ok',
    uploaded: ({ event }) => doneOutput<UploadResult>(event).ok,
    uploadSessionEnded: ({ event }) => {
      const output = doneOutput<UploadResult>(event);
      return !output.ok && output.sessionEnded === true;
    },
    sessionEnded: ({ event }) => isSessionEnded(doneOutput<Outcome>(event)),
  },
  delays: {
    replyDue: ({ context }) => context.replyInMs + REPLY_REFRESH_MARGIN_MS,
  },
}).createMachine({
  id: 'serviceChat',
  context: { messages: [], total: 0, pagesLoaded: 0, draft: '', service: null, error: null, replyInMs: 0, queue: null, image: null },
  on: {
    'ui.draft.change': { actions: 'setDraft' },
    'live.message': { actions: 'receivePushed' },
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
            idle: {
              on: {
                'ui.send': { guard: 'canSend', target: 'sending' },
                'ui.image.pick': { target: 'image', actions: 'storeImage' },
              },
            },
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
                    actions: [{ type: 'storeSent', params: ({ event }) => ({ outcome: event.output, clearDraft: true }) }, 'raiseReplyExpected'],
                  },
                  { guard: { type: 'isSent', params: sent }, target: 'idle', actions: { type: 'storeSent', params: ({ event }) => ({ outcome: event.output, clearDraft: true }) } },
                  // Code -1 (empty, too long) is toasted by the session machine; the draft stays.
                  { guard: { type: 'isSendRefused', params: sent }, target: 'idle' },
                  { target: 'idle', actions: { type: 'showToast', params: { message: CHAT_MESSAGES.sendFailed } } },
                ],
                onError: { target: 'idle', actions: { type: 'showToast', params: { message: CHAT_MESSAGES.sendFailed } } },
              },
            },
            // A picture: a one-time upload ticket, the bytes (with progress), then the message.
            image: {
              initial: 'ticket',
              states: {
                ticket: {
                  invoke: {
                    id: 'getUploadTicket',
                    src: 'getUploadTicket',
                    onDone: [
                      { guard: 'ticketIssued', target: 'uploading' },
                      { guard: 'sessionEnded', target: '#serviceChat.ready.outbox.idle', actions: 'clearImage' },
                      { target: 'failed', actions: { type: 'failImage', params: ({ event }) => ({ message: imageFailure(event.output) }) } },
                    ],
                    onError: { target: 'failed', actions: { type: 'failImage', params: { message: CHAT_MESSAGES.network } } },
                  },
                },
                uploading: {
                  invoke: {
                    id: 'uploadImage',
                    src: 'uploadImage',
                    input: ({ context, event, self }) => ({
                      url: doneOutput<Extract<TicketOutcome, { kind: 'ok' }>>(event).data.url,
                      file: context.image!.file,
                      onProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
                    }),
                    onDone: [
                      { guard: 'uploaded', target: 'sending', actions: { type: 'storeImageKey', params: ({ event }) => ({ key: (event.output as Extract<UploadResult, { ok: true }>).key }) } },
                      { guard: 'uploadSessionEnded', target: '#serviceChat.ready.outbox.idle', actions: 'clearImage' },
                      { target: 'failed', actions: { type: 'failImage', params: ({ event }) => ({ message: (event.output as Extract<UploadResult, { ok: false }>).message }) } },
                    ],
                    onError: { target: 'failed', actions: { type: 'failImage', params: { message: CHAT_MESSAGES.network } } },
                  },
                  on: { 'upload.progress': { actions: 'setImageProgress' } },
                },
                sending: {
                  invoke: {
                    id: 'sendImage',
                    src: 'sendServiceMessage',
                    input: ({ context }) => ({ image: context.image?.key ?? '' }),
                    onDone: [
                      {
                        guard: { type: 'expectsReply', params: sent },
                        target: '#serviceChat.ready.outbox.idle',
                        actions: [{ type: 'storeSent', params: ({ event }) => ({ outcome: event.output, clearDraft: false }) }, 'clearImage', 'raiseReplyExpected'],
                      },
                      {
                        guard: { type: 'isSent', params: sent },
                        target: '#serviceChat.ready.outbox.idle',
                        actions: [{ type: 'storeSent', params: ({ event }) => ({ outcome: event.output, clearDraft: false }) }, 'clearImage'],
                      },
                      { guard: 'sessionEnded', target: '#serviceChat.ready.outbox.idle', actions: 'clearImage' },
                      { target: 'failed', actions: { type: 'failImage', params: ({ event }) => ({ message: imageFailure(event.output) }) } },
                    ],
                    onError: { target: 'failed', actions: { type: 'failImage', params: { message: CHAT_MESSAGES.network } } },
                  },
                },
                // '重试' starts over from a new ticket (a ticket is good once); a new pick replaces the picture.
                failed: {
                  on: {
                    'ui.image.retry': { target: 'ticket', actions: 'restartImage' },
                    'ui.image.pick': { target: 'ticket', actions: 'storeImage' },
                    'ui.image.dismiss': { target: '#serviceChat.ready.outbox.idle', actions: 'clearImage' },
                  },
                },
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
