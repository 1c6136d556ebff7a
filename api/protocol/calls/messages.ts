import * as v from 'valibot';
import { answer, defineCall, id, optionalChoice, PAGE_FIELDS, int, NULL_ANSWER, page } from '../call-spec.ts';
import { MESSAGE_KINDS, MESSAGE_MSG, MessageView, NoticeSummary, NoticeView, UnreadCounts } from '../messages.ts';

/** The message centre and notices: /api/user/… for the player's own, /api/notice/… for everyone's. */

const kindField = () => optionalChoice(MESSAGE_KINDS, MESSAGE_MSG.messageKindInvalid);

export const getMessageList = defineCall({
  path: '/api/user/getMessageList',
  auth: 'required',
  summary: '消息中心：玩家自己的消息和全员消息，最新的在前；kind 缺省为全部类型',
  fields: { kind: kindField(), ...PAGE_FIELDS },
  answer: answer(page(MessageView, { unread: v.number(), }),
    '分页：list: [{ id, kind, title, content（纯文本）, link: { path, data } | null, read, broadcast, created_at }], unread（该类型未读数）',
  ),
});

export const getMessageDetail = defineCall({
  path: '/api/user/getMessageDetail',
  auth: 'required',
  summary: '一条消息的全文，并标为已读；不是自己的或已删除的消息答 消息不存在',
  fields: { id: id(MESSAGE_MSG.messageMissing) },
  answer: answer(MessageView, '{ id, kind, title, content, link, read: true, broadcast, created_at }'),
});

export const readAllMessages = defineCall({
  path: '/api/user/readAllMessages',
  auth: 'required',
  summary: '全部标为已读：一种类型（kind）或全部类型',
  fields: { kind: kindField() },
  answer: answer(v.object({
    read: v.number(),
  }), '{ read（这次标为已读的条数） }；msg 已全部标为已读'),
});

export const deleteMessage = defineCall({
  path: '/api/user/deleteMessage',
  auth: 'required',
  summary: '删除一条消息（只对自己删除；全员消息也只从自己的列表消失）',
  fields: { id: id(MESSAGE_MSG.messageMissing) },
  answer: answer(NULL_ANSWER, 'null；msg 删除成功；不是自己的或已删除的消息答 消息不存在'),
});

export const getUnreadNotice = defineCall({
  path: '/api/user/getUnreadNotice',
  auth: 'required',
  summary: '未读消息数：每种类型和合计（消息中心的角标、我的页入口的角标）',
  fields: {},
  answer: answer(UnreadCounts, '{ activity, trading, account_sale, order, system, total }'),
});

export const getIsPop = defineCall({
  path: '/api/user/getIsPop',
  auth: 'required',
  summary: '弹窗公告：最新一条弹窗公告，这个玩家还没看过时答它，否则 null',
  fields: {},
  answer: answer(v.nullable(NoticeView), '{ id, title, content（HTML，已净化）, popup: true, published_at } 或 null'),
});

export const markNoticeSeen = defineCall({
  path: '/api/user/markNoticeSeen',
  auth: 'required',
  summary: '记下弹窗公告已给这个玩家看过；每个玩家每条公告只有一次答 first: true（并发也只有一次）',
  fields: { id: id(MESSAGE_MSG.noticeMissing) },
  answer: answer(v.object({
    id: int,
    first: v.boolean(),
  }), '{ id, first }；公告不存在或已撤回时 code -1 公告不存在'),
});

export const getNoticeList = defineCall({
  path: '/api/notice/getNoticeList',
  auth: 'none',
  summary: '公告列表，最新的在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(NoticeSummary), '分页：list: [{ id, title, summary（纯文本摘要）, popup, published_at }]'),
});

export const getNoticeDetail = defineCall({
  path: '/api/notice/getNoticeDetail',
  auth: 'none',
  summary: '一条公告的全文（HTML，服务端存入时已净化，客户端显示前再净化）',
  fields: { id: id(MESSAGE_MSG.noticeMissing) },
  answer: answer(NoticeView, '{ id, title, content, popup, published_at }；不存在或已撤回时 code -1 公告不存在'),
});
