import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ChatMessage } from '../api/protocol/service-chat.ts';
import type { DeskConversation, DeskQueue } from '../api/protocol/service-desk.ts';
import { serviceDeskMachine } from '../machines/service-desk.machine.ts';
import type {
  CloseOutcome,
  ConversationOutcome,
  DeskContext,
  DeskInput,
  ListOutcome,
  OlderOutcome,
  ReplyOutcome,
  TakeOutcome,
  UploadOutcome,
} from '../machines/service-desk.types.ts';
import { delayedEventsOf, generateCoveringPaths, pathFromEvents, type MachinePath, type NotOnPaths } from './coverage.ts';

/**
 * The service desk's model: one queued conversation (id 5) opened, paged back once, taken, replied
 * to with text and a picture, closed; every answer each call can get; pushed messages and the
 * connection's state and resyncs.
 */

/** The promise actors by src (the connection is a callback actor the test stands in for). */
export const SERVICE_DESK_CALLS = ['loadList', 'loadQuickReplies', 'loadConversation', 'loadOlder', 'take', 'reply', 'close', 'upload', 'sendPicture'] as const;

export const DESK_INPUT: DeskInput = { isAdmin: false };

const T = '2026-11-20T10:00:00.000Z';
export const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({ id, direction: 'in', kind: 'user', content: `消息${id}`, image: null, agent: null, created_at: T, ...overrides });

export const conversation = (overrides: Partial<DeskConversation> = {}): DeskConversation => ({
  id: 5,
  user_id: 8,
  user_uuid: 'uuid-8',
  nickname: '小明',
  status: 'queued',
  agent_id: null,
  agent: null,
  agent_name: null,
  mine: false,
  readable: true,
  position: 1,
  created_at: T,
  taken_at: null,
  closed_at: null,
  last_message_at: T,
  last_message: { direction: 'in', kind: 'user', content: '充值没到账', has_image: false },
  ...overrides,
});

export const CONVERSATIONS = {
  queued: conversation(),
  mine: conversation({ status: 'open', mine: true, agent_id: 3, agent: '客服003', agent_name: 'dev-agent', position: null }),
  other: conversation({ status: 'open', agent_id: 12, agent: '客服012', agent_name: 'wang', position: null, readable: false, last_message: null }),
  closed: conversation({ status: 'closed', position: null }),
};

export const QUEUE: DeskQueue = { list: [CONVERSATIONS.queued], counts: { queued: 1, mine: 0, open: 0 }, server_time: T };

export const LIST_OUTCOMES = {
  ok: { kind: 'ok', queue: QUEUE, clockOffset: 1_500 },
  refused: { kind: 'refused', message: '权限不足' },
  signedOut: { kind: 'signedOut' },
} satisfies Record<string, ListOutcome>;

export const CONVERSATION_OUTCOMES = {
  /** The newest page, with an older one behind it. */
  ok: { kind: 'ok', conversation: CONVERSATIONS.queued, list: [message(2), message(3)], hasMore: true },
  taken: { kind: 'refused', message: '该会话已被其他客服接待', holder: CONVERSATIONS.other },
  gone: { kind: 'refused', message: '会话不存在', holder: null },
  signedOut: { kind: 'signedOut' },
} satisfies Record<string, ConversationOutcome>;

export const OLDER_OUTCOMES = {
  ok: { kind: 'ok', list: [message(1)], hasMore: false },
  refused: { kind: 'refused', message: '会话不存在' },
} satisfies Record<string, OlderOutcome>;

export const TAKE_OUTCOMES = {
  taken: { kind: 'taken', message: '接入成功', holder: CONVERSATIONS.mine },
  refused: { kind: 'refused', message: '该会话已被其他客服接待', holder: CONVERSATIONS.other },
  signedOut: { kind: 'signedOut' },
} satisfies Record<string, TakeOutcome>;

export const REPLY_OUTCOMES = {
  sent: { kind: 'sent', message: message(10, { direction: 'out', kind: 'agent', agent: '客服003', content: '您好' }) },
  refused: { kind: 'refused', message: '会话已结束' },
  signedOut: { kind: 'signedOut' },
} satisfies Record<string, ReplyOutcome>;

export const PICTURE_SENT: ReplyOutcome = { kind: 'sent', message: message(11, { direction: 'out', kind: 'agent', agent: '客服003', content: '', image: '/media/service/a.webp' }) };

export const CLOSE_OUTCOMES = {
  answered: { kind: 'answered', message: '会话已结束', holder: CONVERSATIONS.closed },
  signedOut: { kind: 'signedOut' },
} satisfies Record<string, CloseOutcome>;

export const UPLOAD_OUTCOMES = {
  uploaded: { kind: 'uploaded', key: 'service/a.webp' },
  failed: { kind: 'failed', message: '只支持 JPG、PNG、WebP 图片' },
  signedOut: { kind: 'signedOut' },
} satisfies Record<string, UploadOutcome>;

export const PICTURE = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

const answers = (id: string, outputs: readonly unknown[], withError = true): AnyEventObject[] => [
  ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
  ...(withError ? [{ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) }] : []),
];

export const serviceDeskEventTable: readonly AnyEventObject[] = [
  { type: 'ui.view', view: 'mine' },
  { type: 'ui.select', id: 5 },
  { type: 'ui.back' },
  { type: 'ui.older' },
  { type: 'ui.take' },
  { type: 'ui.draft', text: '您好' },
  { type: 'ui.reply' },
  { type: 'ui.close' },
  { type: 'ui.picture', file: PICTURE },
  { type: 'ui.retryPicture' },
  { type: 'ui.dismissPicture' },
  { type: 'picture.progress', percent: 45 },
  { type: 'desk.state', state: 'live' },
  { type: 'desk.event', event: { type: 'message', data: { conversation_id: 5, user_id: 8, message: message(4) } } },
  { type: 'desk.resync' },
  ...answers('loadList', Object.values(LIST_OUTCOMES)),
  ...answers('loadQuickReplies', [[{ id: 1, content: '请提供订单号', sort: 10 }]]),
  ...answers('loadConversation', Object.values(CONVERSATION_OUTCOMES)),
  ...answers('loadOlder', Object.values(OLDER_OUTCOMES)),
  ...answers('take', Object.values(TAKE_OUTCOMES)),
  ...answers('reply', Object.values(REPLY_OUTCOMES)),
  ...answers('close', Object.values(CLOSE_OUTCOMES)),
  ...answers('upload', Object.values(UPLOAD_OUTCOMES)),
  ...answers('sendPicture', [PICTURE_SENT, REPLY_OUTCOMES.refused, REPLY_OUTCOMES.signedOut]),
  ...delayedEventsOf(serviceDeskMachine),
];

/** What the guards and the raised reloads read: whether a conversation is open, can page back, has a draft, and whose action runs. */
export function serializeServiceDesk(snapshot: AnyMachineSnapshot): string {
  const { open, draft, actionId } = snapshot.context as DeskContext;
  return JSON.stringify([snapshot.value, open && [open.hasMore, open.messages.length > 0], draft.trim() !== '', actionId]);
}

/** The reloads the machine raises to itself inside one step: the paths hold only the events from outside. */
export const SERVICE_DESK_NOT_ON_PATHS: NotOnPaths = {
  'serviceDesk.list.idle list.reload #0': 'raised (a new list, a resync, a take or close answered, the reload timer)',
  'serviceDesk.list.loading list.reload #0': 'raised while the list loads: the newest reload wins',
  'serviceDesk.listTimer.idle list.schedule #0': 'raised by a pushed event or a sent reply',
  'serviceDesk.conversation.open.load.idle conversation.reload #0': 'raised (a resync, a pushed change, a take or close answered, a refused reply)',
  'serviceDesk.conversation.open.load.loading conversation.reload #0': 'raised while the page loads: the newest reload wins',
};

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });

/** Walks that raise each reload from an idle region, so the running actor takes them too. */
const RAISED_RELOADS: AnyEventObject[][] = [
  [done('loadList', LIST_OUTCOMES.ok), { type: 'ui.view', view: 'closed' }],
  [done('loadList', LIST_OUTCOMES.ok), { type: 'ui.select', id: 5 }, done('loadConversation', CONVERSATION_OUTCOMES.ok), { type: 'desk.resync' }],
];

let paths: MachinePath[] | undefined;

export function getServiceDeskPaths(): MachinePath[] {
  paths ??= [
    ...generateCoveringPaths(serviceDeskMachine, { events: serviceDeskEventTable, serializeState: serializeServiceDesk, input: DESK_INPUT }),
    ...RAISED_RELOADS.map((events) => pathFromEvents(serviceDeskMachine, events, DESK_INPUT)),
  ];
  return paths;
}
