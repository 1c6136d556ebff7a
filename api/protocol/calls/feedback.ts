import * as v from 'valibot';
import { answer, choice, defineCall, field, instant, int, isSafeUrl, lenientList, optionalId, PAGE_FIELDS, page, positive, textOf } from '../call-spec.ts';
import { checkContact, checkImageKeys, checkLogKey, FEEDBACK_LOG_RETENTION_DAYS, cleanLine, cleanText, CONTACT_MAX, FEEDBACK_CATEGORIES, FEEDBACK_DAILY_LIMIT, FEEDBACK_IMAGES_MAX, FEEDBACK_MSG, FEEDBACK_REQUEST_ID_PATTERN, FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_MIN, GAME_NAME_MAX, FeedbackCategory, FeedbackStatus } from '../help-rules.ts';

/**
 * Feedback and complaints: /commonback and /suggestbcak submit with
 * userOpinion, /backrecord lists the player's own with myOpinionReply. Pictures go up first
 * (getUploadTos purpose 'feedback' → POST /upload/<ticket>) and are named here by their keys; so
 * is the event log a player may attach (purpose 'event_log', help-rules.ts).
 * The rules: api/protocol/help-rules.ts.
 */

export const userOpinion = defineCall({
  path: '/api/user/userOpinion',
  auth: 'required',
  summary: `提交意见反馈/投诉：类型、描述、可选联系方式、至多 ${FEEDBACK_IMAGES_MAX} 张本人上传且未用过的图片；每人每天 ${FEEDBACK_DAILY_LIMIT} 次（北京时间）；同一 request_id 重试返回同一条反馈`,
  fields: {
    request_id: field<string, string>({ type: 'string', required: true, rule: '16–64 个字母、数字、_ 或 -；同一次提交的重试用同一个', message: FEEDBACK_MSG.badRequestId }, (value) => {
      const key = textOf(value);
      return FEEDBACK_REQUEST_ID_PATTERN.test(key) ? { ok: true, value: key } : { ok: false, message: FEEDBACK_MSG.badRequestId };
    }),
    category: choice(FEEDBACK_CATEGORIES, FEEDBACK_MSG.badCategory),
    // Whether these are needed depends on the category: the handler checks them (help-rules.ts).
    game_name: field<string | undefined, string>(
      { type: 'string', required: false, rule: `game_request 必填，1–${GAME_NAME_MAX} 个字`, message: [FEEDBACK_MSG.gameNameEmpty, FEEDBACK_MSG.gameNameLong] },
      (value) => ({ ok: true, value: cleanLine(value) }),
    ),
    content: field<string | undefined, string>(
      { type: 'string', required: false, rule: `${FEEDBACK_TEXT_MIN}–${FEEDBACK_TEXT_MAX} 个字（game_request 的补充说明 0–${FEEDBACK_TEXT_MAX}）`, message: [FEEDBACK_MSG.textShort, FEEDBACK_MSG.textLong, FEEDBACK_MSG.noteLong] },
      (value) => ({ ok: true, value: cleanText(value) }),
    ),
    contact: field<string | undefined, string>({ type: 'string', required: false, rule: `手机、QQ、微信或邮箱，至多 ${CONTACT_MAX} 个字符`, message: FEEDBACK_MSG.contactLong }, checkContact),
    images: field<string[] | undefined, string[]>(
      { type: 'string[]', required: false, rule: `至多 ${FEEDBACK_IMAGES_MAX} 个上传答复的 key（purpose feedback）`, message: [FEEDBACK_MSG.badImages, FEEDBACK_MSG.tooManyImages] },
      checkImageKeys,
    ),
    event_log: field<string | null | undefined, string | null>(
      { type: 'string', required: false, rule: `玩家同意后附带的使用记录：上传答复的 key（purpose event_log，本人上传且未用过）；保存 ${FEEDBACK_LOG_RETENTION_DAYS} 天`, message: FEEDBACK_MSG.badLog },
      checkLogKey,
    ),
  },
  answer: answer(v.object({
    id: int,
    status: FeedbackStatus,
  }), '{ id, status }; msg 提交成功，我们会尽快处理'),
});

export const FeedbackReplyView = v.object({
  id: positive,
  content: v.string(),
  created_at: instant,
});
export type FeedbackReplyView = v.InferOutput<typeof FeedbackReplyView>;

export const FeedbackView = v.object({
  id: positive,
  category: FeedbackCategory,
  category_text: v.string(),
  content: v.string(),
  /** A game request's game, '' otherwise. */
  game_name: v.string(),
  contact: v.string(),
  /** Picture URLs, in the order they were attached. */
  // A picture that is not a safe URL is left out and the feedback still shows.
  images: v.pipe(lenientList(v.pipe(v.string(), v.check(isSafeUrl, 'Unsafe URL'))), v.maxLength(FEEDBACK_IMAGES_MAX)),
  status: FeedbackStatus,
  status_text: v.string(),
  created_at: instant,
  /** Staff replies, oldest first. */
  replies: lenientList(FeedbackReplyView),
});
export type FeedbackView = v.InferOutput<typeof FeedbackView>;

export const myOpinionReply = defineCall({
  path: '/api/user/myOpinionReply',
  auth: 'required',
  summary: '我的反馈记录：本人的反馈及客服回复，最新在前（PROTOCOL §10 列表）；带 id 时只答这一条',
  fields: { ...PAGE_FIELDS, id: optionalId(FEEDBACK_MSG.missing) },
  answer: answer(page(FeedbackView),
    '{ list: [{ id, category, category_text, content, game_name, contact, images, status, status_text, created_at, replies: [{ id, content, created_at }] }], total, page, limit }',
  ),
});
