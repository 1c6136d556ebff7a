import * as v from 'valibot';
import { count, field, id, instant, NULL_ANSWER, optionalId, positive, positiveInt, textOf, type Field } from '../call-spec.ts';
import { ChatMessage, ChatMessageKind } from '../service-chat.ts';
import { MESSAGE_MAX_LENGTH } from '../calls/user.ts';
import {
  DESK_LIST_LIMIT,
  DESK_LIST_MAX,
  DESK_MSG,
  DESK_PAGE_LIMIT,
  DESK_PAGE_MAX,
  DESK_VIEWS,
  QUICK_REPLY_SORT_MAX,
  type DeskConversation,
  type DeskMessages,
  type DeskQueue,
  type DeskUploadTicket,
  type DeskView,
  type QuickReplyView,
} from '../service-desk.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * The customer-service desk (客服工作台, the agents' side): the queue, a conversation's
 * history, take, reply, close, the agents' picture upload and the quick replies. Agents and
 * administrators; editing the quick replies is for administrators (they are the whole team's
 * wording). Shapes and messages: api/protocol/service-desk.ts. Every change is audited
 * (service.take / service.reply / service.close / service.quickReply.* / service.upload).
 */

// The answers' schemas; their types are declared in service-desk.ts (type-only, for the console's desk).
const nullableTime = v.nullable(instant);

export const DeskConversationSchema = v.object({
  id: positive,
  user_id: positive,
  user_uuid: v.string(),
  nickname: v.string(),
  status: v.picklist(['queued', 'open', 'closed']),
  agent_id: v.nullable(positive),
  agent: v.nullable(v.string()),
  agent_name: v.nullable(v.string()),
  mine: v.boolean(),
  readable: v.boolean(),
  position: v.nullable(positive),
  created_at: instant,
  taken_at: nullableTime,
  closed_at: nullableTime,
  last_message_at: instant,
  last_message: v.nullable(v.object({ direction: v.picklist(['in', 'out']), kind: ChatMessageKind, content: v.string(), has_image: v.boolean() })),
}) satisfies v.GenericSchema<unknown, DeskConversation>;

// A desk list is whole or not at all: an agent acting on a queue with a row missing could take the wrong next player.
const DeskQueueSchema = v.object({
  list: v.array(DeskConversationSchema),
  counts: v.object({ queued: count, mine: count, open: count }),
  server_time: instant,
}) satisfies v.GenericSchema<unknown, DeskQueue>;

const DeskMessagesSchema = v.object({
  conversation: DeskConversationSchema,
  list: v.array(ChatMessage),
  has_more: v.boolean(),
  server_time: instant,
}) satisfies v.GenericSchema<unknown, DeskMessages>;

const QuickReplySchema = v.object({ id: positive, content: v.string(), sort: count }) satisfies v.GenericSchema<unknown, QuickReplyView>;

const DeskUploadTicketSchema = v.object({
  url: v.pipe(v.string(), v.minLength(1)),
  method: v.literal('POST'),
  expires_in: count,
  max_bytes: count,
  accept: v.array(v.string()),
}) satisfies v.GenericSchema<unknown, DeskUploadTicket>;

const ConversationHolder = v.object({ conversation: DeskConversationSchema });

const CONVERSATION_DOC =
  '{ id, user_id, user_uuid, nickname, status "queued" | "open" | "closed", agent_id, agent（客服007）, agent_name（员工账号名）, mine, readable, position, created_at, taken_at, closed_at, last_message_at, last_message: { direction, kind, content, has_image } | null }';
const MESSAGE_DOC = '{ id, direction, kind, content, image, agent, created_at }';

const view = field<DeskView | undefined, DeskView>({ type: DESK_VIEWS.map((name) => `"${name}"`).join(' | '), required: true, rule: '待接入 / 我的会话 / 全部进行中 / 最近结束', message: DESK_MSG.badView }, (value) => {
  const t = textOf(value);
  return (DESK_VIEWS as readonly string[]).includes(t) ? { ok: true, value: t as DeskView } : { ok: false, message: DESK_MSG.badView };
});

/** An optional count from 1 (default `fallback`), served as at most `max`. */
function limitField(fallback: number, max: number): Field<number | string | undefined, number> {
  return field({ type: 'int', required: false, rule: `默认 ${fallback}，最多 ${max}`, message: DESK_MSG.badPage }, (value) => {
    const n = positiveInt(value);
    return n === null ? { ok: false, message: DESK_MSG.badPage } : { ok: true, value: Math.min(n ?? fallback, max) };
  });
}

const replyText = field<string | undefined, string | undefined>({ type: 'string', required: false, rule: `去掉首尾空白后最多 ${MESSAGE_MAX_LENGTH} 个字；没有图片时必填`, message: DESK_MSG.replyTooLong }, (value) => {
  const t = textOf(value);
  if (t === '') return { ok: true, value: undefined };
  return Array.from(t).length > MESSAGE_MAX_LENGTH ? { ok: false, message: DESK_MSG.replyTooLong } : { ok: true, value: t };
});

const imageKey = field<string | undefined, string | undefined>({ type: 'string', required: false, rule: '本人上传的图片（uploadTicket 上传答复的 key）' }, (value) => {
  const t = textOf(value);
  return { ok: true, value: t === '' ? undefined : t.slice(0, 200) };
});

function quickReplyContent(required: boolean): Field<string | undefined, string | undefined> {
  return field({ type: 'string', required, rule: `去掉首尾空白后 1–${MESSAGE_MAX_LENGTH} 个字`, message: [DESK_MSG.quickReplyEmpty, DESK_MSG.quickReplyTooLong] }, (value) => {
    const t = textOf(value);
    if (t === '') return required ? { ok: false, message: DESK_MSG.quickReplyEmpty } : { ok: true, value: undefined };
    return Array.from(t).length > MESSAGE_MAX_LENGTH ? { ok: false, message: DESK_MSG.quickReplyTooLong } : { ok: true, value: t };
  });
}

const sortField = field<number | string | undefined, number | undefined>({ type: 'int', required: false, rule: `0–${QUICK_REPLY_SORT_MAX}，小的在前`, message: DESK_MSG.badSort }, (value) => {
  if (value === undefined || value === null || value === '') return { ok: true, value: undefined };
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 && n <= QUICK_REPLY_SORT_MAX ? { ok: true, value: n } : { ok: false, message: DESK_MSG.badSort };
});

export const queue = defineStaffCall({
  path: '/staff/api/service/queue',
  roles: ['agent'],
  summary:
    '客服工作台的会话列表：queued 待接入（排队顺序）/ mine 我接待中的 / open 全部进行中 / closed 最近结束（新的在前；客服只看自己接待过的，管理员看全部），附各列表数量和服务器时间（计算等待时长）。别人接待中的会话不给出最后一条消息',
  fields: { view, limit: limitField(DESK_LIST_LIMIT, DESK_LIST_MAX) },
  answer: staffAnswer(DeskQueueSchema, `{ list: [${CONVERSATION_DOC}], counts: { queued, mine, open }, server_time }`),
});

export const messages = defineStaffCall({
  path: '/staff/api/service/messages',
  roles: ['agent'],
  summary: '一个会话的玩家聊天记录（含此前各次会话），旧的在前；before_id 向前翻页。客服只能看排队中的和自己接待的会话',
  fields: { id: id(DESK_MSG.notFound), before_id: optionalId(DESK_MSG.badPage), limit: limitField(DESK_PAGE_LIMIT, DESK_PAGE_MAX) },
  answer: staffAnswer(DeskMessagesSchema, `{ conversation: ${CONVERSATION_DOC}, list: [${MESSAGE_DOC}], has_more, server_time }；拒绝：会话不存在 / 该会话已被其他客服接待`),
});

export const take = defineStaffCall({
  path: '/staff/api/service/take',
  roles: ['agent'],
  summary: '接入排队中的会话。多名客服同时接入同一会话时只有一人成功，其余的得到“该会话已被其他客服接待”（data 带会话的现状）',
  fields: { id: id(DESK_MSG.notFound) },
  answer: staffAnswer(ConversationHolder, 
    '{ conversation }；拒绝：会话不存在 / 该会话已被其他客服接待 / 该会话已由您接待 / 会话已结束（除“会话不存在”外 data 为 { conversation }）',
  ),
});

export const reply = defineStaffCall({
  path: '/staff/api/service/reply',
  roles: ['agent'],
  summary: '接待该会话的客服回复玩家：文字、本人上传的图片，或两者都有。玩家在 /service 立即看到；不在该页时触发“客服消息”提醒',
  fields: { id: id(DESK_MSG.notFound), text: replyText, image: imageKey },
  answer: staffAnswer(v.object({ message: ChatMessage }), `{ message: ${MESSAGE_DOC} }；拒绝：请输入回复内容 / 回复内容不能超过500字 / 图片无效，请重新上传 / 请先接待该会话 / 只有接待该会话的客服才能操作 / 会话已结束`),
});

export const close = defineStaffCall({
  path: '/staff/api/service/close',
  roles: ['agent'],
  summary: '结束自己接待的会话：玩家看到“已结束”，再发消息将重新排队',
  fields: { id: id(DESK_MSG.notFound) },
  answer: staffAnswer(ConversationHolder, '{ conversation }；拒绝：请先接待该会话 / 只有接待该会话的客服才能操作 / 会话已结束'),
});

export const uploadTicket = defineStaffCall({
  path: '/staff/api/service/uploadTicket',
  roles: ['agent'],
  summary:
    '申请一次性图片上传凭证（客服聊天图片）：POST 图片原始字节到答复的 url（/staff/upload/<凭证>，带会话 Cookie 和 X-CSRF-Token），服务器检查、重新编码为 WebP（最长边 1280 px）并存储，答复 { key, url }；key 只能由本人用于回复',
  fields: {},
  answer: staffAnswer(DeskUploadTicketSchema, '{ url, method, expires_in, max_bytes, accept }'),
});

export const quickReplies = defineStaffCall({
  path: '/staff/api/service/quickReplies',
  roles: ['agent'],
  summary: '快捷回复（全体客服共用），按排序',
  fields: {},
  answer: staffAnswer(v.object({ list: v.array(QuickReplySchema) }), '{ list: [{ id, content, sort }] }'),
});

export const quickReplyCreate = defineStaffCall({
  path: '/staff/api/service/quickReplyCreate',
  roles: [],
  summary: '新增快捷回复（管理员）',
  fields: { content: quickReplyContent(true), sort: sortField },
  answer: staffAnswer(QuickReplySchema, '{ id, content, sort }'),
});

export const quickReplyUpdate = defineStaffCall({
  path: '/staff/api/service/quickReplyUpdate',
  roles: [],
  summary: '修改快捷回复的内容或排序（管理员）',
  fields: { id: id(DESK_MSG.quickReplyNotFound), content: quickReplyContent(false), sort: sortField },
  answer: staffAnswer(QuickReplySchema, '{ id, content, sort }；拒绝：快捷回复不存在'),
});

export const quickReplyDelete = defineStaffCall({
  path: '/staff/api/service/quickReplyDelete',
  roles: [],
  summary: '删除快捷回复（管理员）',
  fields: { id: id(DESK_MSG.quickReplyNotFound) },
  answer: staffAnswer(NULL_ANSWER, 'null；拒绝：快捷回复不存在'),
});
