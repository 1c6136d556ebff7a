import * as v from 'valibot';
import { count, field, id, instant, lenientList, optionalChoice, optionalId, page, PAGE_FIELDS, positive } from '../call-spec.ts';
import { FeedbackView } from '../calls/feedback.ts';
import { decodeEventLog, type EventLogFile } from '../event-log.ts';
import { checkReplyText, FEEDBACK_CATEGORIES, FEEDBACK_LOG_RETENTION_DAYS, FEEDBACK_MSG, FEEDBACK_STATUSES, REPLY_TEXT_MAX } from '../help-rules.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { CONTENT_MSG, staffRequestId } from './content-fields.ts';

/**
 * 意见反馈 in the staff console: the players' feedback queue, one
 * feedback with its pictures and replies, a reply (the player gets a 系统通知 message linking
 * /backrecord, in the same transaction), closing. Customer-service agents and admins.
 */

export const StaffFeedbackReply = v.object({
  id: positive,
  content: v.string(),
  created_at: instant,
  staff_id: count,
  /** The staff account's name ('' when it is unknown). */
  staff_name: v.string(),
});
export type StaffFeedbackReply = v.InferOutput<typeof StaffFeedbackReply>;

export const StaffFeedbackItem = v.object({
  ...FeedbackView.entries,
  /** The player: id, nickname and the phone masked (138****0000). */
  user: v.object({ id: positive, nickname: v.string(), phone: v.string() }),
  updated_at: instant,
  replies: lenientList(StaffFeedbackReply),
  /** The event log the player attached (its size in bytes), null without one or once it expired. */
  event_log: v.nullable(v.object({ size: positive })),
});
export type StaffFeedbackItem = v.InferOutput<typeof StaffFeedbackItem>;

export const FeedbackCounts = v.object({ pending: count, replied: count, closed: count });
export type FeedbackCounts = v.InferOutput<typeof FeedbackCounts>;

/** An event log file as the player's phone wrote it (api/protocol/event-log.ts decodes it). */
const EventLog = v.custom<EventLogFile>((value) => decodeEventLog(value).ok, 'Invalid event log');

const ITEM_DOC = '{ id, category, category_text, content, game_name, contact, images: [URL], status, status_text, created_at, updated_at, user: { id, nickname, phone }, replies: [{ id, content, created_at, staff_id, staff_name }], event_log: { size } | null }';

export const list = defineStaffCall({
  path: '/staff/api/feedback/list',
  roles: ['agent'],
  summary: '玩家反馈列表，分页；可按状态、类型和玩家筛选。待处理的最早提交在前，其余最新在前；counts 为各状态总数',
  fields: {
    ...PAGE_FIELDS,
    status: optionalChoice(FEEDBACK_STATUSES, CONTENT_MSG.filter),
    category: optionalChoice(FEEDBACK_CATEGORIES, CONTENT_MSG.filter),
    user_id: optionalId(CONTENT_MSG.filter),
  },
  answer: staffAnswer(page(StaffFeedbackItem, { counts: FeedbackCounts }), `{ list: [${ITEM_DOC}], total, page, limit, counts: { pending, replied, closed } }`),
});

export const detail = defineStaffCall({
  path: '/staff/api/feedback/detail',
  roles: ['agent'],
  summary: '一条反馈：玩家、图片（/media 地址）与全部回复',
  fields: { id: id(FEEDBACK_MSG.missing) },
  answer: staffAnswer(StaffFeedbackItem, `${ITEM_DOC}；拒绝：反馈不存在`),
});

export const reply = defineStaffCall({
  path: '/staff/api/feedback/reply',
  roles: ['agent'],
  summary: `回复反馈（1–${REPLY_TEXT_MAX} 字）：反馈变为已回复，玩家在 /backrecord 看到回复，并在同一事务里收到一条系统通知（链接 /backrecord { id }）。同一 request_id 重试只回复一次、只发一条消息`,
  fields: {
    id: id(FEEDBACK_MSG.missing),
    text: field<string, string>({ type: 'string', required: true, rule: `1–${REPLY_TEXT_MAX} 个字`, message: [FEEDBACK_MSG.replyEmpty, FEEDBACK_MSG.replyLong] }, checkReplyText),
    request_id: staffRequestId(),
  },
  answer: staffAnswer(v.object({ feedback: StaffFeedbackItem, reply_id: positive, created: v.boolean() }), '{ feedback, reply_id, created }（重试为 created false）；msg 回复成功；拒绝：反馈不存在 / 该反馈已关闭，不能再回复'),
});

export const close = defineStaffCall({
  path: '/staff/api/feedback/close',
  roles: ['agent'],
  summary: '关闭反馈：之后不能再回复。已关闭的再关闭仍答成功（不再记日志）',
  fields: { id: id(FEEDBACK_MSG.missing) },
  answer: staffAnswer(v.object({ feedback: StaffFeedbackItem }), '{ feedback }；msg 已关闭；拒绝：反馈不存在'),
});

export const eventLog = defineStaffCall({
  path: '/staff/api/feedback/eventLog',
  roles: ['agent'],
  summary: `玩家随反馈附带的使用记录（事件日志，已在手机上脱敏），用于按步查看与 npm run replay；保存 ${FEEDBACK_LOG_RETENTION_DAYS} 天。每次读取记入操作日志`,
  fields: { id: id(FEEDBACK_MSG.missing) },
  answer: staffAnswer(v.object({ log: EventLog }), '{ log: 事件日志文件（格式 game-platform/event-log） }；拒绝：反馈不存在 / 该反馈没有附带使用记录，或已超过保存期限'),
});
