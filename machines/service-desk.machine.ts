import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, raise, setup, type AnyEventObject } from 'xstate';
import type { QuickReplyView } from '../api/protocol/service-desk.ts';
import { mergeMessages, noticeFor } from './service-desk.rules.ts';
import type {
  CloseOutcome,
  ConversationInput,
  ConversationOutcome,
  DeskContext,
  DeskEvent,
  DeskInput,
  ListInput,
  ListOutcome,
  OlderInput,
  OlderOutcome,
  OpenConversationContext,
  PictureReplyInput,
  ReplyInput,
  ReplyOutcome,
  TakeOutcome,
  UploadInput,
  UploadOutcome,
} from './service-desk.types.ts';

/**
 * 客服工作台 (the staff console's service desk): the list of the chosen view, the open
 * conversation (history, paging back, take, reply, picture, close), the quick replies, and the
 * live connection that keeps them current. Parallel regions, because all of these run at once:
 *
 * - list: the chosen view's list; a new reload replaces one under way (the newest answer wins);
 *   listTimer gathers reloads asked for by pushed events and replies into one, LIST_RELOAD_DELAY_MS later.
 * - conversation: none | open { load (newest page, merged with what is shown), older (paging
 *   back), picture (upload → send) }. Choosing a conversation starts it afresh, so an answer for
 *   the one left is never shown.
 * - action: take, reply or close, one at a time; it is not cancelled by leaving the conversation
 *   (the server acts anyway, so its toast and the list still follow).
 * - connection: an invoked callback actor (the console's desk-connection.ts) sends desk.state,
 *   desk.event (pushed changes) and desk.resync (reload what is shown).
 *
 * Calls are injected actors: the console provides them and reads (decodes) their answers.
 */

export const LIST_RELOAD_DELAY_MS = 250;

type Outcome = { kind: string };
const done = <T extends Outcome>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const isKind = (kind: string) => ({ event }: { event: AnyEventObject }) => done(event).kind === kind;

/** The open conversation, changed only when it is still the one the answer was for. */
const updateOpen = (context: DeskContext, id: number | null, change: (open: OpenConversationContext) => Partial<OpenConversationContext>) =>
  context.open && context.open.id === id ? { ...context.open, ...change(context.open) } : context.open;

const unprovided = (name: string) => async (): Promise<never> => {
  throw new Error(`serviceDesk: provide the ${name} actor`);
};

export const serviceDeskMachine = setup({
  types: {
    context: {} as DeskContext,
    events: {} as DeskEvent,
    input: {} as DeskInput,
  },
  actors: {
    loadList: fromPromise<ListOutcome, ListInput>(unprovided('loadList')),
    loadQuickReplies: fromPromise<QuickReplyView[] | null>(unprovided('loadQuickReplies')),
    loadConversation: fromPromise<ConversationOutcome, ConversationInput>(unprovided('loadConversation')),
    loadOlder: fromPromise<OlderOutcome, OlderInput>(unprovided('loadOlder')),
    take: fromPromise<TakeOutcome, ConversationInput>(unprovided('take')),
    reply: fromPromise<ReplyOutcome, ReplyInput>(unprovided('reply')),
    /** The same call as reply, with the uploaded picture's key (its own actor: it runs beside a text reply). */
    sendPicture: fromPromise<ReplyOutcome, PictureReplyInput>(unprovided('sendPicture')),
    close: fromPromise<CloseOutcome, ConversationInput>(unprovided('close')),
    upload: fromPromise<UploadOutcome, UploadInput>(unprovided('upload')),
    /** The live connection; sends desk.state, desk.event and desk.resync. */
    connection: fromCallback<AnyEventObject>(() => {
      throw new Error('serviceDesk: provide the connection actor');
    }),
  },
  delays: {
    LIST_RELOAD_DELAY: LIST_RELOAD_DELAY_MS,
  },
  actions: {
    /** Provided by the console: a short message (a toast). */
    notify: (_, _params: { text: string }) => {},
    reloadList: raise({ type: 'list.reload' }),
    scheduleList: raise({ type: 'list.schedule' }),
    /** The newest page of a conversation, when it is still the open one. */
    reloadConversation: enqueueActions(({ context, enqueue }, params: { id: number | null }) => {
      if (context.open !== null && context.open.id === params.id) enqueue.raise({ type: 'conversation.reload' });
    }),
    setConnection: assign(({ event }) => {
      assertEvent(event, 'desk.state');
      return { connection: event.state };
    }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'ui.draft');
      return { draft: event.text };
    }),
    chooseView: assign(({ context, event }) => {
      assertEvent(event, 'ui.view');
      return { view: event.view, queue: context.queue ? { ...context.queue, list: [] } : null };
    }),
    openConversation: assign(({ context, event }) => {
      assertEvent(event, 'ui.select');
      const found = context.queue?.list.find((conversation) => conversation.id === event.id) ?? null;
      return { open: { id: event.id, conversation: found, messages: [], hasMore: false, loading: true, error: '', notice: null }, picture: null };
    }),
    leaveConversation: assign({ open: null, picture: null }),
    /** A pushed message of the open conversation shows at once; the list follows shortly. */
    hearEvent: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'desk.event');
      const openId = context.open?.id ?? null;
      const pushed = event.event;
      if (pushed.type === 'message' && pushed.data.conversation_id === openId) {
        enqueue.assign({ open: updateOpen(context, openId, (open) => ({ messages: mergeMessages(open.messages, [pushed.data.message]) })) });
      }
      if (pushed.type === 'conversation' && pushed.data.conversation_id === openId) enqueue.raise({ type: 'conversation.reload' });
      enqueue.raise({ type: 'list.schedule' });
    }),
    resync: enqueueActions(({ context, enqueue }) => {
      enqueue.raise({ type: 'list.reload' });
      if (context.open !== null) enqueue.raise({ type: 'conversation.reload' });
    }),
    storeList: assign((_, params: { outcome: ListOutcome }) => {
      const outcome = params.outcome;
      if (outcome.kind === 'ok') return { listError: '', queue: outcome.queue, clockOffset: outcome.clockOffset };
      return outcome.kind === 'refused' ? { listError: outcome.message } : {};
    }),
    storeQuickReplies: assign((_, params: { list: QuickReplyView[] | null }) => (params.list ? { quickReplies: params.list } : {})),
    storeConversation: assign(({ context }, params: { outcome: ConversationOutcome }) => {
      const outcome = params.outcome;
      const id = context.open?.id ?? null;
      if (outcome.kind === 'ok') {
        return {
          open: updateOpen(context, id, (open) => ({
            conversation: outcome.conversation,
            messages: mergeMessages(open.messages, outcome.list),
            hasMore: open.hasMore || outcome.hasMore,
            loading: false,
            error: '',
            notice: noticeFor(outcome.conversation, context.isAdmin),
          })),
        };
      }
      if (outcome.kind === 'signedOut') return {};
      const holder = outcome.holder;
      return {
        open: updateOpen(context, id, (open) => ({
          loading: false,
          conversation: holder ?? open.conversation,
          notice: holder ? (noticeFor(holder, context.isAdmin) ?? { kind: 'takenByOther', text: outcome.message }) : open.notice,
          error: holder ? '' : outcome.message,
        })),
      };
    }),
    storeOlder: assign(({ context }, params: { outcome: OlderOutcome }) => {
      const outcome = params.outcome;
      return {
        open: updateOpen(context, context.open?.id ?? null, (open) =>
          outcome.kind === 'ok' ? { messages: mergeMessages(open.messages, outcome.list), hasMore: outcome.hasMore } : { error: outcome.message },
        ),
      };
    }),
    startAction: assign(({ context }) => ({ actionId: context.open?.id ?? null })),
    storeTaken: assign(({ context }, params: { outcome: TakeOutcome }) => {
      const outcome = params.outcome;
      if (outcome.kind === 'taken') {
        // The conversation is now in 我的会话.
        return { view: 'mine' as const, open: updateOpen(context, context.actionId, () => ({ conversation: outcome.holder, notice: null })) };
      }
      if (outcome.kind === 'refused' && outcome.holder) {
        const holder = outcome.holder;
        return { open: updateOpen(context, context.actionId, () => ({ conversation: holder, notice: noticeFor(holder, context.isAdmin) ?? { kind: 'takenByOther', text: outcome.message } })) };
      }
      return {};
    }),
    storeReplied: assign(({ context }, params: { outcome: ReplyOutcome }) => {
      const outcome = params.outcome;
      if (outcome.kind !== 'sent') return {};
      return { draft: '', open: updateOpen(context, context.actionId, (open) => ({ messages: mergeMessages(open.messages, [outcome.message]) })) };
    }),
    storeClosed: assign(({ context }, params: { outcome: CloseOutcome }) => {
      const outcome = params.outcome;
      if (outcome.kind !== 'answered' || !outcome.holder) return {};
      const holder = outcome.holder;
      return { open: updateOpen(context, context.actionId, () => ({ conversation: holder, notice: noticeFor(holder, context.isAdmin) })) };
    }),
    endAction: assign({ actionId: null }),
    startPicture: assign(({ event }) => {
      assertEvent(event, 'ui.picture');
      return { picture: { file: event.file, progress: 0, failed: false, error: '', key: null } };
    }),
    retryPicture: assign(({ context }) => ({ picture: context.picture && { ...context.picture, progress: 0, failed: false, error: '', key: null } })),
    setPictureProgress: assign(({ context, event }) => {
      assertEvent(event, 'picture.progress');
      return { picture: context.picture && { ...context.picture, progress: event.percent } };
    }),
    storePictureKey: assign(({ context }, params: { key: string }) => ({ picture: context.picture && { ...context.picture, progress: 100, key: params.key } })),
    failPicture: assign(({ context }, params: { message: string }) => ({ picture: context.picture && { ...context.picture, progress: 0, failed: true, error: params.message, key: null } })),
    clearPicture: assign({ picture: null }),
    /** The picture's message is in the conversation: the pending line goes. */
    storePictureSent: assign(({ context }, params: { outcome: ReplyOutcome }) => {
      const outcome = params.outcome;
      if (outcome.kind !== 'sent') return {};
      return { picture: null, open: updateOpen(context, context.open?.id ?? null, (open) => ({ messages: mergeMessages(open.messages, [outcome.message]) })) };
    }),
  },
  guards: {
    canLoadOlder: ({ context }) => context.open !== null && context.open.hasMore && context.open.messages.length > 0,
    hasOpen: ({ context }) => context.open !== null,
    canReply: ({ context }) => context.open !== null && context.draft.trim() !== '',
  },
}).createMachine({
  id: 'serviceDesk',
  type: 'parallel',
  context: ({ input }) => ({
    isAdmin: input.isAdmin,
    view: 'queued',
    queue: null,
    listError: '',
    clockOffset: 0,
    quickReplies: [],
    connection: 'connecting',
    open: null,
    picture: null,
    draft: '',
    actionId: null,
  }),
  invoke: { id: 'connection', src: 'connection' },
  on: {
    'ui.view': { actions: ['chooseView', 'reloadList'] },
    'ui.draft': { actions: 'setDraft' },
    'desk.state': { actions: 'setConnection' },
    'desk.event': { actions: 'hearEvent' },
    'desk.resync': { actions: 'resync' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        idle: {
          on: { 'list.reload': 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadList',
            src: 'loadList',
            input: ({ context }) => ({ view: context.view }),
            onDone: { target: 'idle', actions: { type: 'storeList', params: ({ event }) => ({ outcome: event.output }) } },
            onError: 'idle',
          },
          on: { 'list.reload': { target: 'loading', reenter: true } },
        },
      },
    },
    listTimer: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'list.schedule': 'armed' },
        },
        armed: {
          after: { LIST_RELOAD_DELAY: { target: 'idle', actions: 'reloadList' } },
        },
      },
    },
    quickReplies: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadQuickReplies',
            src: 'loadQuickReplies',
            onDone: { target: 'ready', actions: { type: 'storeQuickReplies', params: ({ event }) => ({ list: event.output }) } },
            onError: 'ready',
          },
        },
        ready: {},
      },
    },
    conversation: {
      initial: 'none',
      states: {
        none: {
          on: { 'ui.select': { target: 'open', actions: 'openConversation' } },
        },
        open: {
          type: 'parallel',
          on: {
            // Afresh (within this region only: the other regions of the desk go on).
            'ui.select': { target: 'open', reenter: true, actions: 'openConversation' },
            'ui.back': { target: 'none', actions: 'leaveConversation' },
          },
          states: {
            load: {
              initial: 'loading',
              states: {
                idle: {
                  on: { 'conversation.reload': 'loading' },
                },
                loading: {
                  invoke: {
                    id: 'loadConversation',
                    src: 'loadConversation',
                    input: ({ context }) => ({ id: context.open!.id }),
                    onDone: { target: 'idle', actions: { type: 'storeConversation', params: ({ event }) => ({ outcome: event.output }) } },
                    onError: 'idle',
                  },
                  on: { 'conversation.reload': { target: 'loading', reenter: true } },
                },
              },
            },
            older: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'ui.older': { guard: 'canLoadOlder', target: 'loading' } },
                },
                loading: {
                  invoke: {
                    id: 'loadOlder',
                    src: 'loadOlder',
                    input: ({ context }) => ({ id: context.open!.id, beforeId: context.open!.messages[0]!.id }),
                    onDone: { target: 'idle', actions: { type: 'storeOlder', params: ({ event }) => ({ outcome: event.output }) } },
                    onError: 'idle',
                  },
                },
              },
            },
            picture: {
              initial: 'none',
              states: {
                none: {
                  on: { 'ui.picture': { target: 'uploading', actions: 'startPicture' } },
                },
                uploading: {
                  invoke: {
                    id: 'upload',
                    src: 'upload',
                    input: ({ context, self }) => ({ file: context.picture!.file, onProgress: (percent: number) => self.send({ type: 'picture.progress', percent }) }),
                    onDone: [
                      { guard: isKind('uploaded'), target: 'sending', actions: { type: 'storePictureKey', params: ({ event }) => ({ key: done<Extract<UploadOutcome, { kind: 'uploaded' }>>(event).key }) } },
                      { guard: isKind('failed'), target: 'failed', actions: { type: 'failPicture', params: ({ event }) => ({ message: done<Extract<UploadOutcome, { kind: 'failed' }>>(event).message }) } },
                      // Signed out: the console goes back to sign-in.
                      { target: 'none', actions: 'clearPicture' },
                    ],
                    onError: { target: 'none', actions: 'clearPicture' },
                  },
                  on: { 'picture.progress': { actions: 'setPictureProgress' } },
                },
                sending: {
                  invoke: {
                    id: 'sendPicture',
                    src: 'sendPicture',
                    input: ({ context }) => ({ id: context.open!.id, image: context.picture!.key! }),
                    onDone: [
                      { guard: isKind('sent'), target: 'none', actions: [{ type: 'storePictureSent', params: ({ event }) => ({ outcome: event.output }) }, 'scheduleList'] },
                      { guard: isKind('refused'), target: 'failed', actions: { type: 'failPicture', params: ({ event }) => ({ message: done<Extract<ReplyOutcome, { kind: 'refused' }>>(event).message }) } },
                      { target: 'none', actions: 'clearPicture' },
                    ],
                    onError: { target: 'none', actions: 'clearPicture' },
                  },
                },
                failed: {
                  on: {
                    'ui.retryPicture': { target: 'uploading', actions: 'retryPicture' },
                    'ui.dismissPicture': { target: 'none', actions: 'clearPicture' },
                    'ui.picture': { target: 'uploading', actions: 'startPicture' },
                  },
                },
              },
            },
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'ui.take': { guard: 'hasOpen', target: 'taking', actions: 'startAction' },
            'ui.reply': { guard: 'canReply', target: 'replying', actions: 'startAction' },
            'ui.close': { guard: 'hasOpen', target: 'closing', actions: 'startAction' },
          },
        },
        taking: {
          invoke: {
            id: 'take',
            src: 'take',
            input: ({ context }) => ({ id: context.actionId! }),
            onDone: [
              {
                guard: isKind('taken'),
                target: 'idle',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ text: done<Extract<TakeOutcome, { kind: 'taken' }>>(event).message }) },
                  { type: 'storeTaken', params: ({ event }) => ({ outcome: event.output }) },
                  'reloadList',
                  { type: 'reloadConversation', params: ({ context }) => ({ id: context.actionId }) },
                  'endAction',
                ],
              },
              {
                guard: isKind('refused'),
                target: 'idle',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ text: done<Extract<TakeOutcome, { kind: 'refused' }>>(event).message }) },
                  { type: 'storeTaken', params: ({ event }) => ({ outcome: event.output }) },
                  'reloadList',
                  'endAction',
                ],
              },
              { target: 'idle', actions: 'endAction' },
            ],
            onError: { target: 'idle', actions: 'endAction' },
          },
        },
        replying: {
          invoke: {
            id: 'reply',
            src: 'reply',
            input: ({ context }) => ({ id: context.actionId!, text: context.draft }),
            onDone: [
              { guard: isKind('sent'), target: 'idle', actions: [{ type: 'storeReplied', params: ({ event }) => ({ outcome: event.output }) }, 'scheduleList', 'endAction'] },
              {
                guard: isKind('refused'),
                target: 'idle',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ text: done<Extract<ReplyOutcome, { kind: 'refused' }>>(event).message }) },
                  // The conversation may have changed under us (closed, another holder): show it as it is.
                  { type: 'reloadConversation', params: ({ context }) => ({ id: context.actionId }) },
                  'endAction',
                ],
              },
              { target: 'idle', actions: 'endAction' },
            ],
            onError: { target: 'idle', actions: 'endAction' },
          },
        },
        closing: {
          invoke: {
            id: 'close',
            src: 'close',
            input: ({ context }) => ({ id: context.actionId! }),
            onDone: [
              {
                guard: isKind('answered'),
                target: 'idle',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ text: done<Extract<CloseOutcome, { kind: 'answered' }>>(event).message }) },
                  { type: 'storeClosed', params: ({ event }) => ({ outcome: event.output }) },
                  'reloadList',
                  { type: 'reloadConversation', params: ({ context }) => ({ id: context.actionId }) },
                  'endAction',
                ],
              },
              { target: 'idle', actions: 'endAction' },
            ],
            onError: { target: 'idle', actions: 'endAction' },
          },
        },
      },
    },
  },
});
