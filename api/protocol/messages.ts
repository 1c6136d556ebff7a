import * as v from 'valibot';
import { int } from './call-spec.ts';
/**
 * The message centre and notices: the rules both sides read. Message kinds, their
 * Chinese names, the limits of what a writer may post and the refusal messages, one source for the
 * server (server/messages/), the calls' declarations and the pages.
 */

export const MESSAGE_KINDS = ['activity', 'trading', 'account_sale', 'order', 'system'] as const;
export const MessageKind = v.picklist(MESSAGE_KINDS);
export type MessageKind = v.InferOutput<typeof MessageKind>;

/** The kind's name on the tabs, entries and page titles. */
export const MESSAGE_KIND_NAMES: Record<MessageKind, string> = {
  activity: '活动消息',
  trading: '交易消息',
  account_sale: '账号出售',
  order: '订单消息',
  system: '系统通知',
};

export function isMessageKind(value: unknown): value is MessageKind {
  return typeof value === 'string' && (MESSAGE_KINDS as readonly string[]).includes(value);
}

/** A message's title and content, in characters (code points). */
export const MESSAGE_TITLE_MAX = 50;
export const MESSAGE_CONTENT_MAX = 2000;
/** A link's path and its JSON data, in characters (the data travels in a URL: src/app/route-data.ts). */
export const MESSAGE_LINK_PATH_MAX = 100;
export const MESSAGE_LINK_DATA_MAX = 1000;
export const MESSAGE_SOURCE_REF_MAX = 200;

/** A notice's title in characters and its HTML in characters (after sanitising). */
export const NOTICE_TITLE_MAX = 60;
export const NOTICE_HTML_MAX = 20_000;
/** The list's plain-text summary of a notice, in characters. */
export const NOTICE_SUMMARY_MAX = 60;

export const MESSAGE_MSG = {
  messageMissing: '消息不存在',
  noticeMissing: '公告不存在',
  deleted: '删除成功',
  readAll: '已全部标为已读',
  noticeTitleRequired: '请输入公告标题',
  noticeTitleTooLong: `公告标题不能超过${NOTICE_TITLE_MAX}个字`,
  noticeContentRequired: '请输入公告内容',
  noticeContentTooLong: '公告内容过长',
  messageTitleRequired: '请输入消息标题',
  messageTitleTooLong: `消息标题不能超过${MESSAGE_TITLE_MAX}个字`,
  messageContentRequired: '请输入消息内容',
  messageContentTooLong: `消息内容不能超过${MESSAGE_CONTENT_MAX}个字`,
  messageKindInvalid: '消息类型不正确',
  messageLinkInvalid: '消息链接不正确',
} as const;

/** A link of a message: an app route (SPEC §2: no parameters, an optional data object). */
export const MessageLink = v.object({
  path: v.string(),
  data: v.optional(v.record(v.string(), v.unknown())),
});
export type MessageLink = v.InferOutput<typeof MessageLink>;

/** A message as the player's calls answer it. */
export const MessageView = v.object({
  id: int,
  kind: MessageKind,
  title: v.string(),
  content: v.string(),
  link: v.nullable(MessageLink),
  read: v.boolean(),
  /** True for a message sent to every player. */
  broadcast: v.boolean(),
  created_at: v.string(),
});
export type MessageView = v.InferOutput<typeof MessageView>;

/** Unread messages per kind and in total (getUnreadNotice). */
export const UnreadCounts = v.object({
  activity: int,
  trading: int,
  account_sale: int,
  order: int,
  system: int,
  total: int,
});
export type UnreadCounts = v.InferOutput<typeof UnreadCounts>;

export const NoticeSummary = v.object({
  id: int,
  title: v.string(),
  summary: v.string(),
  popup: v.boolean(),
  published_at: v.string(),
});
export type NoticeSummary = v.InferOutput<typeof NoticeSummary>;

export const NoticeView = v.object({
  id: int,
  title: v.string(),
  /** Sanitised HTML (sanitised again when rendered). */
  content: v.string(),
  popup: v.boolean(),
  published_at: v.string(),
});
export type NoticeView = v.InferOutput<typeof NoticeView>;

/** Characters as a player counts them (an emoji is one). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** Whether a link path is an app route path: '/' and letters, digits, '-' or '_'; no scheme, no query. */
export function isRoutePath(path: unknown): path is string {
  return typeof path === 'string' && path.length <= MESSAGE_LINK_PATH_MAX && /^\/[A-Za-z0-9_-]*$/.test(path);
}
