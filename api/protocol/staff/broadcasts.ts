import * as v from 'valibot';
import { choice, count, instant, optionalChoice, page, PAGE_FIELDS, positive, requiredText } from '../call-spec.ts';
import { MESSAGE_CONTENT_MAX, MESSAGE_KINDS, MESSAGE_MSG, MESSAGE_TITLE_MAX, MessageLink } from '../messages.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { CONTENT_MSG, messageLink, staffRequestId } from './content-fields.ts';

/**
 * 站内广播 in the staff console: a message to every player (one row in
 * the message centre, also seen by players who join later), and the list of broadcasts sent.
 * Administrators only.
 */

export const StaffBroadcast = v.object({
  id: positive,
  kind: v.picklist(MESSAGE_KINDS),
  kind_name: v.string(),
  title: v.pipe(v.string(), v.minLength(1)),
  content: v.string(),
  link: v.nullable(MessageLink),
  /** '' for seeded or unknown. */
  author_name: v.string(),
  created_at: instant,
  /** Players who have read it. */
  read_count: count,
});
export type StaffBroadcast = v.InferOutput<typeof StaffBroadcast>;

const BROADCAST_DOC = '{ id, kind, kind_name, title, content, link, author_name, created_at, read_count }';

export const list = defineStaffCall({
  path: '/staff/api/broadcasts/list',
  roles: [],
  summary: '已发送的站内广播（发给全部玩家的消息），最新在前，分页；可按消息类型筛选；read_count 为已读人数',
  fields: { ...PAGE_FIELDS, kind: optionalChoice(MESSAGE_KINDS, CONTENT_MSG.filter) },
  answer: staffAnswer(page(StaffBroadcast), `{ list: [${BROADCAST_DOC}], total, page, limit }`),
});

export const send = defineStaffCall({
  path: '/staff/api/broadcasts/send',
  roles: [],
  summary: `向全部玩家发送一条站内消息：类型、标题（1–${MESSAGE_TITLE_MAX} 字）、纯文本内容（1–${MESSAGE_CONTENT_MAX} 字）、可选的应用内链接。同一 request_id 重试只发送一次`,
  fields: {
    kind: choice(MESSAGE_KINDS, MESSAGE_MSG.messageKindInvalid),
    title: requiredText(MESSAGE_MSG.messageTitleRequired, `1–${MESSAGE_TITLE_MAX} 个字`),
    content: requiredText(MESSAGE_MSG.messageContentRequired, `1–${MESSAGE_CONTENT_MAX} 个字，纯文本`),
    link: messageLink(),
    request_id: staffRequestId(),
  },
  answer: staffAnswer(v.object({ broadcast: StaffBroadcast, created: v.boolean() }), '{ broadcast, created }；msg 消息已发送；拒绝：消息标题不能超过50个字 / 消息内容不能超过2000个字'),
});
