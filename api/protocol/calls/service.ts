import * as v from 'valibot';
import { answer, defineCall, int } from '../call-spec.ts';
import { ServiceQueue } from '../service-chat.ts';

/**
 * Customer service with human agents (SPEC §7 getWoliveQueue,
 * getWoliveUnreadMessages, getUnreadMessageControl). The chat itself: calls/user.ts
 * (getChatLink, getChatLinkRecord, sendServiceMessage); the stream: api/protocol/service-chat.ts.
 */

const QUEUE_DOC = '{ state "none" | "queued" | "open" | "closed", conversation_id, position（排队第几位，排队中才有）, agent（客服XX）, last_message_id, status "online" | "offline", text（排队中 第N位 / 客服XX为您服务 / 已结束） }';

export const getWoliveQueue = defineCall({
  path: '/api/user/getWoliveQueue',
  auth: 'required',
  summary: '本人最近一次客服会话的排队状态：排队中第几位、哪位客服在接待、已结束；/service 推送断开时每 20 秒轮询它',
  fields: {},
  answer: answer(ServiceQueue, QUEUE_DOC),
});

export const getWoliveUnreadMessages = defineCall({
  path: '/api/user/getWoliveUnreadMessages',
  auth: 'required',
  summary: '客服发给本人、本人还没看到的消息条数（count 含欢迎语和自动回复；agent 只数人工客服的）',
  fields: {},
  answer: answer(v.object({
    count: int,
    agent: v.number(),
  }), '{ count, agent }'),
});

export const getUnreadMessageControl = defineCall({
  path: '/api/user/getUnreadMessageControl',
  auth: 'required',
  summary: '服务器希望客户端怎样取客服消息：是否轮询未读（poll）、间隔毫秒（interval_ms，SPEC §9 的 20 秒）、/service 是否可用推送（stream）',
  fields: {},
  answer: answer(v.object({
    poll: v.boolean(),
    interval_ms: int,
    stream: v.boolean(),
  }), '{ poll, interval_ms, stream }'),
});

export const getChatStreamTicket = defineCall({
  path: '/api/user/getChatStreamTicket',
  auth: 'required',
  summary: '/service 的推送（server-sent events）凭证：60 秒内打开一次 GET url；客服下线时不发凭证（url null），客户端改为每 20 秒轮询',
  fields: {},
  answer: answer(v.object({
    url: v.nullable(v.string()),
    expires_in: v.number(),
    status: v.picklist(['online', 'offline']),
  }), '{ url（/api/service/stream?ticket=…，下线时 null）, expires_in（秒）, status }'),
});
