import * as v from 'valibot';
/**
 * Help and feedback rules as pure functions with no dependency: the
 * call declarations (api/protocol/calls/help.ts, feedback.ts) check with them, the pages check the
 * same before sending (and count characters the same way), and the property tests run on them.
 */

// ---- Articles ----

/**
 * What an article is: an FAQ answer (in a category, /commonproblemdetail), an activity
 * announcement (getArticleActivity), the product introduction, the 乐玩 guide, or one of the
 * 关于我们 items (/aboutdetail).
 */
export const ARTICLE_KINDS = ['faq', 'activity', 'product', 'guide', 'about'] as const;
export const ArticleKind = v.picklist(ARTICLE_KINDS);
export type ArticleKind = v.InferOutput<typeof ArticleKind>;

/** Slugs name the fixed pages' articles ('product', 'guide', 'about-company' …). */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The slugs the product and guide routes show. */
export const PRODUCT_SLUG = 'product';
export const GUIDE_SLUG = 'guide';

export const ARTICLE_TITLE_MAX = 60;
export const ARTICLE_SUMMARY_MAX = 200;
/** Stored HTML after sanitising (a long guide is ~10 KB). */
export const ARTICLE_BODY_MAX = 100_000;
export const CATEGORY_NAME_MAX = 12;

export const ARTICLE_MSG = {
  missing: '文章不存在或已下线',
  needIdOrSlug: '请指定要查看的文章',
  badSlug: '文章标识格式不正确',
  titleEmpty: '请输入标题',
  titleLong: `标题不能超过${ARTICLE_TITLE_MAX}个字符`,
  summaryLong: `摘要不能超过${ARTICLE_SUMMARY_MAX}个字符`,
  bodyEmpty: '请输入正文',
  bodyLong: '正文过长',
  badKind: '文章类型不正确',
  categoryNeeded: '常见问题须选择分类',
  categoryMissing: '分类不存在',
  slugTaken: '文章标识已被使用',
  badCover: '封面图片地址不正确',
  categoryNameEmpty: '请输入分类名称',
  categoryNameLong: `分类名称不能超过${CATEGORY_NAME_MAX}个字符`,
} as const;

// ---- Feedback ----

/**
 * The categories a player picks from. 'game_request' is the search page's 没有找到想玩的游戏
 * (/suggestbcak): a game name instead of a description; the others are /commonback's chips.
 */
export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'recharge', 'account', 'game', 'complaint', 'other', 'game_request'] as const;
export const FeedbackCategory = v.picklist(FEEDBACK_CATEGORIES);
export type FeedbackCategory = v.InferOutput<typeof FeedbackCategory>;

export const FEEDBACK_CATEGORY_TEXT: Record<FeedbackCategory, string> = {
  bug: '功能异常',
  suggestion: '产品建议',
  recharge: '充值问题',
  account: '账号问题',
  game: '游戏问题',
  complaint: '投诉',
  other: '其他',
  game_request: '求游戏',
};

/** /commonback's chips, in order. */
export const COMMON_BACK_CATEGORIES: readonly FeedbackCategory[] = ['bug', 'suggestion', 'recharge', 'account', 'game', 'complaint', 'other'];

export const FEEDBACK_STATUSES = ['pending', 'replied', 'closed'] as const;
export const FeedbackStatus = v.picklist(FEEDBACK_STATUSES);
export type FeedbackStatus = v.InferOutput<typeof FeedbackStatus>;
export const FEEDBACK_STATUS_TEXT: Record<FeedbackStatus, string> = { pending: '待处理', replied: '已回复', closed: '已关闭' };

/** A description: 10–500 characters (code points) after trimming; a game request's note: 0–500. */
export const FEEDBACK_TEXT_MIN = 10;
export const FEEDBACK_TEXT_MAX = 500;
export const GAME_NAME_MAX = 30;
export const CONTACT_MAX = 50;
export const FEEDBACK_IMAGES_MAX = 4;
/** Submissions per player per China-time day. */
export const FEEDBACK_DAILY_LIMIT = 5;
export const REPLY_TEXT_MAX = 1000;

export const FEEDBACK_MSG = {
  badCategory: '请选择反馈类型',
  textShort: `请至少输入${FEEDBACK_TEXT_MIN}个字的问题描述`,
  textLong: `问题描述不能超过${FEEDBACK_TEXT_MAX}个字`,
  noteLong: `补充说明不能超过${FEEDBACK_TEXT_MAX}个字`,
  gameNameEmpty: '请输入想玩的游戏名称',
  gameNameLong: `游戏名称不能超过${GAME_NAME_MAX}个字`,
  contactLong: `联系方式不能超过${CONTACT_MAX}个字符`,
  badImages: '图片无效，请重新上传',
  tooManyImages: `最多上传${FEEDBACK_IMAGES_MAX}张图片`,
  imageUsed: '图片已在其他反馈中使用，请重新上传',
  dailyLimit: `今日反馈次数已达上限（每天${FEEDBACK_DAILY_LIMIT}次），请明天再试`,
  badRequestId: '请求编号格式不正确',
  submitted: '提交成功，我们会尽快处理',
  missing: '反馈不存在',
  replyEmpty: '请输入回复内容',
  replyLong: `回复内容不能超过${REPLY_TEXT_MAX}个字`,
  closed: '该反馈已关闭，不能再回复',
  replied: '回复成功',
  closedOk: '已关闭',
  badLog: '使用记录无效，请取消勾选后再提交',
  logTooLarge: '使用记录太大，请取消勾选后再提交',
  noLog: '该反馈没有附带使用记录，或已超过保存期限',
} as const;

/** Feedback idempotency keys: 16–64 of A–Z a–z 0–9 _ - (a UUID fits), as the money calls'. */
export const FEEDBACK_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Length in code points (what a player counts: a surrogate pair is one character). */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * Characters dropped from typed text: controls but the line feed, and the invisible format
 * characters that spoof or hide text (bidi overrides and isolates, zero-width spaces, BOM).
 */
const DROPPED = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\u200C\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/**
 * Typed text as stored: CR LF and CR become LF, dropped characters go, spaces at the ends go,
 * and more than two line breaks in a row become two. Numbers are read as their digits; anything
 * else is ''.
 */
export function cleanText(value: unknown): string {
  const raw = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(DROPPED, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line of text (a game name, a contact): line breaks become spaces, runs of spaces one. */
export function cleanLine(value: unknown): string {
  return cleanText(value).replace(/\s+/g, ' ');
}

export function checkCategory(value: unknown): Checked<FeedbackCategory> {
  const text = typeof value === 'string' ? value.trim() : '';
  return (FEEDBACK_CATEGORIES as readonly string[]).includes(text) ? { ok: true, value: text as FeedbackCategory } : { ok: false, message: FEEDBACK_MSG.badCategory };
}

/** A description (10–500 characters), or a game request's note (0–500). */
export function checkFeedbackText(value: unknown, category: FeedbackCategory): Checked<string> {
  const text = cleanText(value);
  const length = charCount(text);
  if (category === 'game_request') return length > FEEDBACK_TEXT_MAX ? { ok: false, message: FEEDBACK_MSG.noteLong } : { ok: true, value: text };
  if (length < FEEDBACK_TEXT_MIN) return { ok: false, message: FEEDBACK_MSG.textShort };
  if (length > FEEDBACK_TEXT_MAX) return { ok: false, message: FEEDBACK_MSG.textLong };
  return { ok: true, value: text };
}

/** The game a request names: required for 'game_request' (1–30 characters), '' for the rest. */
export function checkGameName(value: unknown, category: FeedbackCategory): Checked<string> {
  if (category !== 'game_request') return { ok: true, value: '' };
  const name = cleanLine(value);
  if (name === '') return { ok: false, message: FEEDBACK_MSG.gameNameEmpty };
  if (charCount(name) > GAME_NAME_MAX) return { ok: false, message: FEEDBACK_MSG.gameNameLong };
  return { ok: true, value: name };
}

/** Optional: a phone, QQ, WeChat or e-mail as the player writes it, at most 50 characters. */
export function checkContact(value: unknown): Checked<string> {
  const contact = cleanLine(value);
  return charCount(contact) > CONTACT_MAX ? { ok: false, message: FEEDBACK_MSG.contactLong } : { ok: true, value: contact };
}

/** Upload keys as the upload route answers them for feedback pictures. */
export const FEEDBACK_IMAGE_KEY_PATTERN = /^feedback\/[0-9a-f]{32}\.webp$/;

/**
 * A bug report's event log (the player's consent: the form's checkbox, unticked by default): the
 * app's log as /testview exports it, already redacted on the phone, uploaded with purpose
 * 'event_log' and named by its key. Kept FEEDBACK_LOG_RETENTION_DAYS, then deleted; never served
 * as public media (only the staff's feedback module reads it).
 */
export const FEEDBACK_LOG_KEY_PATTERN = /^event-logs\/[0-9a-f]{32}\.json$/;
/** 5,000 entries export to about 2 MB; the upload route takes 5 MB at most. */
export const FEEDBACK_LOG_MAX_BYTES = 4 * 1024 * 1024;
export const FEEDBACK_LOG_RETENTION_DAYS = 30;

/** An event log's upload key, or null for none. */
export function checkLogKey(value: unknown): Checked<string | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null };
  return typeof value === 'string' && FEEDBACK_LOG_KEY_PATTERN.test(value) ? { ok: true, value } : { ok: false, message: FEEDBACK_MSG.badLog };
}

/** 0–4 distinct keys of feedback uploads; absent is none. Whose they are is the server's question. */
export function checkImageKeys(value: unknown): Checked<string[]> {
  if (value === undefined || value === null || value === '') return { ok: true, value: [] };
  if (!Array.isArray(value)) return { ok: false, message: FEEDBACK_MSG.badImages };
  if (value.length > FEEDBACK_IMAGES_MAX) return { ok: false, message: FEEDBACK_MSG.tooManyImages };
  const keys: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string' || !FEEDBACK_IMAGE_KEY_PATTERN.test(item) || keys.includes(item)) return { ok: false, message: FEEDBACK_MSG.badImages };
    keys.push(item);
  }
  return { ok: true, value: keys };
}

export function checkReplyText(value: unknown): Checked<string> {
  const text = cleanText(value);
  if (text === '') return { ok: false, message: FEEDBACK_MSG.replyEmpty };
  if (charCount(text) > REPLY_TEXT_MAX) return { ok: false, message: FEEDBACK_MSG.replyLong };
  return { ok: true, value: text };
}
