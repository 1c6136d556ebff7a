import * as v from 'valibot';
import { count, id, instant, optionalChoice, page, PAGE_FIELDS, positive } from '../call-spec.ts';
import { MESSAGE_MSG, NOTICE_HTML_MAX, NOTICE_TITLE_MAX } from '../messages.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { CONTENT_MSG, flag, noticeTitle, rawText, staffRequestId } from './content-fields.ts';

/**
 * 公告 in the staff console: every notice (live and withdrawn), publish
 * (HTML sanitised on the server before it is stored; optionally a pop-up, shown once per player),
 * withdraw, and the sanitised preview. Administrators only (docs/decisions.md: a notice reaches
 * every player, a pop-up interrupts them).
 */

export const NOTICE_STATES = ['live', 'withdrawn'] as const;

export const StaffNotice = v.object({
  id: positive,
  title: v.pipe(v.string(), v.minLength(1)),
  /** Sanitised HTML as stored. */
  content: v.string(),
  popup: v.boolean(),
  published_at: instant,
  withdrawn_at: v.nullable(instant),
  /** Who published / withdrew it ('' for seeded or unknown). */
  author_name: v.string(),
  withdrawn_by_name: v.string(),
  /** Players the pop-up was shown to (0 for a notice without pop-up). */
  seen_count: count,
});
export type StaffNotice = v.InferOutput<typeof StaffNotice>;

export const HtmlPreview = v.object({
  /** The HTML as it would be stored (sanitised by the server). */
  html: v.string(),
  /** Its text, whitespace collapsed. */
  text: v.string(),
  /** Characters of the sanitised HTML, and the limit. */
  length: count,
  max: count,
});
export type HtmlPreview = v.InferOutput<typeof HtmlPreview>;

const NOTICE_DOC = '{ id, title, content, popup, published_at, withdrawn_at, author_name, withdrawn_by_name, seen_count }';

export const list = defineStaffCall({
  path: '/staff/api/notices/list',
  roles: [],
  summary: '全部公告（含已撤回），最新发布在前，分页；state live 只看在线的，withdrawn 只看已撤回的',
  fields: { ...PAGE_FIELDS, state: optionalChoice(NOTICE_STATES, CONTENT_MSG.filter) },
  answer: staffAnswer(page(StaffNotice), `{ list: [${NOTICE_DOC}], total, page, limit }`),
});

export const preview = defineStaffCall({
  path: '/staff/api/notices/preview',
  roles: [],
  summary: '公告正文的预览：服务器清洗后的 HTML（发布时存的就是它）、纯文本和长度；不保存任何东西',
  fields: { html: rawText('公告正文 HTML') },
  answer: staffAnswer(HtmlPreview, '{ html, text, length, max }'),
});

export const publish = defineStaffCall({
  path: '/staff/api/notices/publish',
  roles: [],
  summary: `发布公告：标题 1–${NOTICE_TITLE_MAX} 字；正文 HTML 在服务器清洗后保存（不超过 ${NOTICE_HTML_MAX} 个字符，须有文字或图片）；popup 1 时作为弹窗公告，每位玩家只弹一次。同一 request_id 重试只发布一次`,
  fields: {
    title: noticeTitle(),
    html: rawText('公告正文 HTML（清洗后保存）', [MESSAGE_MSG.noticeContentRequired, MESSAGE_MSG.noticeContentTooLong]),
    popup: flag(CONTENT_MSG.popupFlag, false),
    request_id: staffRequestId(),
  },
  answer: staffAnswer(v.object({ notice: StaffNotice, created: v.boolean() }), '{ notice, created }；msg 公告已发布；拒绝：请输入公告内容 / 公告内容过长'),
});

export const withdraw = defineStaffCall({
  path: '/staff/api/notices/withdraw',
  roles: [],
  summary: '撤回公告：从公告列表下架，不再作为弹窗出现。已撤回的再撤回仍答成功（不再记日志）',
  fields: { id: id(MESSAGE_MSG.noticeMissing) },
  answer: staffAnswer(v.object({ notice: StaffNotice }), '{ notice }；msg 公告已撤回；拒绝：公告不存在'),
});
