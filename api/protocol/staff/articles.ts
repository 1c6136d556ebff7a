import * as v from 'valibot';
import { choice, count, field, id, instant, lenientList, optionalChoice, optionalId, page, PAGE_FIELDS, positive, text, url } from '../call-spec.ts';
import { ARTICLE_BODY_MAX, ARTICLE_KINDS, ARTICLE_MSG, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, CATEGORY_NAME_MAX } from '../help-rules.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { CONTENT_MSG, flag, rawText, sortOrder } from './content-fields.ts';
import { HtmlPreview } from './notices.ts';

/**
 * 帮助文章 in the staff console: FAQ answers (in categories), activity
 * articles, the product introduction, the guide and the 关于我们 items; create and edit (the body
 * sanitised on the server before it is stored), publish or take down, and the FAQ categories.
 * Administrators only. A new article is not published until 上线.
 */

export const StaffArticleSummary = v.object({
  id: positive,
  kind: v.picklist(ARTICLE_KINDS),
  category_id: v.nullable(positive),
  slug: v.nullable(v.pipe(v.string(), v.minLength(1))),
  title: v.string(),
  summary: v.string(),
  /** '' for none; otherwise a URL the console may load (isSafeUrl). */
  cover: url,
  sort_order: count,
  published: v.boolean(),
  published_at: v.nullable(instant),
  updated_at: instant,
});
export type StaffArticleSummary = v.InferOutput<typeof StaffArticleSummary>;

export const StaffArticle = v.object({
  ...StaffArticleSummary.entries,
  /** Sanitised HTML as stored. */
  content: v.string(),
});
export type StaffArticle = v.InferOutput<typeof StaffArticle>;

export const StaffHelpCategory = v.object({
  id: positive,
  name: v.string(),
  sort_order: count,
  /** FAQ answers in it (published or not). */
  article_count: count,
});
export type StaffHelpCategory = v.InferOutput<typeof StaffHelpCategory>;

const SUMMARY_DOC = '{ id, kind, category_id, slug, title, summary, cover, sort_order, published, published_at, updated_at }';

export const list = defineStaffCall({
  path: '/staff/api/articles/list',
  roles: [],
  summary: '帮助文章（含未上线的），按类型、分类、排序值排列，分页；可按类型筛选',
  fields: { ...PAGE_FIELDS, kind: optionalChoice(ARTICLE_KINDS, CONTENT_MSG.filter) },
  answer: staffAnswer(page(StaffArticleSummary), `{ list: [${SUMMARY_DOC}], total, page, limit }`),
});

export const detail = defineStaffCall({
  path: '/staff/api/articles/detail',
  roles: [],
  summary: '一篇文章的全部内容（含未上线的）',
  fields: { id: id(ARTICLE_MSG.missing) },
  answer: staffAnswer(StaffArticle, '{ …列表字段, content }；拒绝：文章不存在或已下线'),
});

export const categories = defineStaffCall({
  path: '/staff/api/articles/categories',
  roles: [],
  summary: '常见问题的分类，按排序值；article_count 为其中的文章数（含未上线的）',
  fields: {},
  answer: staffAnswer(v.object({ list: lenientList(StaffHelpCategory) }), '{ list: [{ id, name, sort_order, article_count }] }'),
});

export const preview = defineStaffCall({
  path: '/staff/api/articles/preview',
  roles: [],
  summary: '文章正文的预览：服务器清洗后的 HTML（保存时存的就是它）、纯文本和长度；不保存任何东西',
  fields: { html: rawText('文章正文 HTML') },
  answer: staffAnswer(HtmlPreview, '{ html, text, length, max }'),
});

const ARTICLE_FIELDS = {
  kind: choice(ARTICLE_KINDS, ARTICLE_MSG.badKind),
  category_id: optionalId(ARTICLE_MSG.categoryMissing),
  slug: text('小写字母、数字和 -，至多 40 个字符；固定页面的文章用（product、guide、about-*）；空为无'),
  title: text(`1–${ARTICLE_TITLE_MAX} 个字`),
  summary: text(`至多 ${ARTICLE_SUMMARY_MAX} 个字`),
  content: rawText(`正文 HTML，清洗后至多 ${ARTICLE_BODY_MAX} 个字符`),
  cover: text('封面：本站路径（/media/…、/art/…）或 https 地址；空为无'),
  sort_order: sortOrder(),
};

const SAVE_REFUSALS = '请输入标题 / 标题不能超过60个字符 / 请输入正文 / 常见问题须选择分类 / 分类不存在 / 文章标识格式不正确 / 文章标识已被使用 / 封面图片地址不正确';

export const create = defineStaffCall({
  path: '/staff/api/articles/create',
  roles: [],
  summary: '新建文章（未上线）：正文在服务器清洗后保存；常见问题须选分类',
  fields: ARTICLE_FIELDS,
  answer: staffAnswer(v.object({ article: StaffArticle }), `{ article }；msg 文章已创建；拒绝：${SAVE_REFUSALS}`),
});

export const update = defineStaffCall({
  path: '/staff/api/articles/update',
  roles: [],
  summary: '修改文章（全部字段一起提交，整体检查并清洗）；已上线的修改后立即生效',
  fields: { id: id(ARTICLE_MSG.missing), ...ARTICLE_FIELDS },
  answer: staffAnswer(v.object({ article: StaffArticle }), `{ article }；msg 文章已保存；拒绝：文章不存在或已下线 / ${SAVE_REFUSALS}`),
});

export const publish = defineStaffCall({
  path: '/staff/api/articles/publish',
  roles: [],
  summary: '文章上线（published 1）或下线（0）；第一次上线的时间是活动列表的排序依据',
  fields: { id: id(ARTICLE_MSG.missing), published: flag(CONTENT_MSG.publishedFlag, null) },
  answer: staffAnswer(v.object({ article: StaffArticle }), '{ article }；msg 文章已上线 / 文章已下线；拒绝：文章不存在或已下线'),
});

export const saveCategory = defineStaffCall({
  path: '/staff/api/articles/saveCategory',
  roles: [],
  summary: `新建（不带 id）或修改常见问题分类：名称 1–${CATEGORY_NAME_MAX} 个字、排序值`,
  fields: {
    id: optionalId(ARTICLE_MSG.categoryMissing),
    name: field<string, string>({ type: 'string', required: true, rule: `1–${CATEGORY_NAME_MAX} 个字`, message: [ARTICLE_MSG.categoryNameEmpty] }, (value) =>
      typeof value === 'string' && value.trim() !== '' ? { ok: true, value } : { ok: false, message: ARTICLE_MSG.categoryNameEmpty },
    ),
    sort_order: sortOrder(),
  },
  answer: staffAnswer(v.object({ category: StaffHelpCategory }), `{ category }；msg 分类已保存；拒绝：分类名称不能超过${CATEGORY_NAME_MAX}个字符 / 分类不存在`),
});
