import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ChatMessage } from '../api/protocol/service-chat.ts';
import { serviceChatMachine } from '../machines/service-chat.machine.ts';
import type { ChatContext, ChatPageOutcome, SendOutcome } from '../machines/service-chat.types.ts';
import { PICTURE, TICKET_OUTCOMES, UPLOAD_RESULTS } from './upload.paths.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';

/**
 * The /service chat's model: two pages of history (the newest first, one older page), text and
 * picture sends with every answer they can get, a pushed message, and the automatic reply's reload.
 */

/** The promise actors by src; `sendImage` and `refreshChat` are invocations of two of them. */
export const SERVICE_CHAT_CALLS = ['getChatLink', 'getChatLinkRecord', 'sendServiceMessage', 'getUploadTicket', 'uploadImage'] as const;
export const SERVICE_CHAT_SOURCES = { sendImage: 'sendServiceMessage', refreshChat: 'getChatLink' } as const;

const message = (id: number, direction: 'in' | 'out', content: string): ChatMessage => ({
  id,
  direction,
  kind: direction === 'in' ? 'user' : 'auto',
  content,
  image: null,
  agent: null,
  created_at: `2026-11-20T10:00:0${id}.000Z`,
});

export const MESSAGES = { older: message(1, 'out', '您好'), newest: message(2, 'in', '在吗'), sent: message(3, 'in', '你好'), pushed: message(4, 'out', '客服消息') };

export const PAGE_OUTCOMES = {
  newest: { kind: 'ok', code: 1, msg: '', data: { list: [MESSAGES.newest], total: 2, page: 1, limit: 20 } },
  refused: { kind: 'toast', code: -1, msg: '客服暂不可用', data: null as never, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '' },
} satisfies Record<string, ChatPageOutcome>;

export const OLDER_PAGE: ChatPageOutcome = { kind: 'ok', code: 1, msg: '', data: { list: [MESSAGES.older], total: 2, page: 2, limit: 20 } };

export const SEND_OUTCOMES = {
  withReply: { kind: 'ok', code: 1, msg: '', data: { message: MESSAGES.sent, reply_in_ms: 3_000 } },
  noReply: { kind: 'ok', code: 1, msg: '', data: { message: MESSAGES.sent, reply_in_ms: null } },
  refused: { kind: 'toast', code: -1, msg: '消息过长', data: null as never, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '' },
  expired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
} satisfies Record<string, SendOutcome>;

const answers = (id: string, outputs: readonly unknown[]): AnyEventObject[] => [
  ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
  { type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) },
];

export const serviceChatEventTable: readonly AnyEventObject[] = [
  { type: 'ui.retry' },
  { type: 'ui.older' },
  { type: 'ui.draft.change', value: '' },
  { type: 'ui.draft.change', value: '你好' },
  { type: 'ui.send' },
  { type: 'ui.refresh' },
  { type: 'ui.image.pick', file: PICTURE },
  { type: 'ui.image.retry' },
  { type: 'ui.image.dismiss' },
  { type: 'upload.progress', percent: 40 },
  { type: 'live.message', message: MESSAGES.pushed },
  ...answers('getChatLink', Object.values(PAGE_OUTCOMES)),
  ...answers('getChatLinkRecord', [OLDER_PAGE]),
  ...answers('sendServiceMessage', [SEND_OUTCOMES.withReply, SEND_OUTCOMES.noReply, SEND_OUTCOMES.refused, SEND_OUTCOMES.serverError]),
  ...answers('getUploadTicket', [TICKET_OUTCOMES.issued, TICKET_OUTCOMES.expired, TICKET_OUTCOMES.refused]),
  ...answers('uploadImage', Object.values(UPLOAD_RESULTS)),
  ...answers('sendImage', [SEND_OUTCOMES.withReply, SEND_OUTCOMES.noReply, SEND_OUTCOMES.expired, SEND_OUTCOMES.refused]),
  ...answers('refreshChat', [PAGE_OUTCOMES.newest]),
  ...delayedEventsOf(serviceChatMachine),
];

export function serializeServiceChat(snapshot: AnyMachineSnapshot): string {
  const { messages, total, pagesLoaded, draft, error, replyInMs, image } = snapshot.context as ChatContext;
  return JSON.stringify([snapshot.value, messages.map((m) => m.id), total, pagesLoaded, draft, error, replyInMs, image && { ...image, file: null }]);
}

/**
 * A send whose answer announces an automatic reply raises `chat.reply.expected` inside the same
 * step; the paths hold only the events from outside.
 */
export const SERVICE_CHAT_NOT_ON_PATHS: NotOnPaths = { 'serviceChat.ready.latest chat.reply.expected #0': 'raised by the machine itself after a send that expects a reply' };

let paths: MachinePath[] | undefined;

export function getServiceChatPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(serviceChatMachine, { events: serviceChatEventTable, serializeState: serializeServiceChat });
  return paths;
}
