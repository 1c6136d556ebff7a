import * as v from 'valibot';
import { count, instant, positive } from './call-spec.ts';
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
  // Only an app route: a link to another site or a script is no link the app may follow.
  path: v.pipe(v.string(), v.check((path: string) => isRoutePath(path), 'Not an app route')),
  data: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.check((data) => JSON.stringify(data).length <= MESSAGE_LINK_DATA_MAX, 'Link data too long'))),
});
export type MessageLink = v.InferOutput<typeof MessageLink>;

/** A message as the player's calls answer it. */
export const MessageView = v.object({
  id: positive,
  kind: MessageKind,
  title: v.pipe(v.string(), v.minLength(1)),
  content: v.string(),
  link: v.nullable(MessageLink),
  read: v.boolean(),
  /** True for a message sent to every player. */
  broadcast: v.boolean(),
  created_at: instant,
});
export type MessageView = v.InferOutput<typeof MessageView>;

/** Unread messages per kind and in total (getUnreadNotice). */
export const UnreadCounts = v.pipe(
  v.object({
    activity: count,
    trading: count,
    account_sale: count,
    order: count,
    system: count,
    total: count,
  }),
  // The badge of 我的 shows the total, those of the message centre the kinds: they must agree.
  v.check((counts) => counts.total === MESSAGE_KINDS.reduce((sum, kind) => sum + counts[kind], 0), 'The total is not the sum of the kinds'),
);
export type UnreadCounts = v.InferOutput<typeof UnreadCounts>;

export const NoticeSummary = v.object({
  id: positive,
  title: v.pipe(v.string(), v.minLength(1)),
  summary: v.string(),
  popup: v.boolean(),
  published_at: instant,
});
export type NoticeSummary = v.InferOutput<typeof NoticeSummary>;

export const NoticeView = v.object({
  id: positive,
  title: v.pipe(v.string(), v.minLength(1)),
  /** Sanitised HTML (sanitised again when rendered). */
  content: v.string(),
  popup: v.boolean(),
  published_at: instant,
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
