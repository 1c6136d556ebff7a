import * as v from 'valibot';
import { answer, defineCall, field, instant, isAbsent, lenientList, looseId, PAGE_FIELDS, page, positive, textOf, url } from '../call-spec.ts';
import { ARTICLE_MSG, ARTICLE_SLUG_PATTERN, ArticleKind } from '../help-rules.ts';

/**
 * Help articles: FAQ categories and their questions (/commonproblem), one
 * article (/commonproblemdetail, /aboutdetail, /productintroduce, /lewanguide) and the activity
 * announcements. The HTML was sanitised when it was saved (server/html-sanitize.ts) and is
 * sanitised again where it renders (src/app/sanitize.ts).
 */

/** An article as a list shows it. */
export const ArticleLink = v.object({
  id: positive,
  title: v.pipe(v.string(), v.minLength(1)),
  summary: v.string(),
});
export type ArticleLink = v.InferOutput<typeof ArticleLink>;

export const FaqCategory = v.pipe(
  v.object({
    id: positive,
    name: v.pipe(v.string(), v.minLength(1)),
    questions: lenientList(ArticleLink),
  }),
  // A category is a tab of /commonproblem: one without a question would be an empty tab.
  v.check((category) => category.questions.length > 0, 'A category without questions'),
);
export type FaqCategory = v.InferOutput<typeof FaqCategory>;

export const getQuestion = defineCall({
  path: '/api/article/getQuestion',
  auth: 'none',
  summary: '常见问题：各分类及其下已发布的问题（按排序）',
  fields: {},
  answer: answer(v.object({
    categories: lenientList(FaqCategory),
  }), '{ categories: [{ id, name, questions: [{ id, title, summary }] }] }（空分类不返回）'),
});

export const ArticleView = v.object({
  id: positive,
  kind: ArticleKind,
  /** '' when the article has none. */
  slug: v.string(),
  title: v.pipe(v.string(), v.minLength(1)),
  summary: v.string(),
  /** Sanitised HTML. */
  content: v.string(),
  /** A picture URL, '' without one. */
  cover: url,
  /** FAQ answers only. */
  category: v.nullable(v.object({
    id: positive,
    name: v.string(),
  })),
  published_at: instant,
  updated_at: instant,
  /** Other published questions of the same category (FAQ answers), or the other 关于我们 items. */
  related: lenientList(ArticleLink),
});
export type ArticleView = v.InferOutput<typeof ArticleView>;

export const getArticleInfo = defineCall({
  path: '/api/user/getArticleInfo',
  auth: 'optional',
  summary: '一篇已发布的文章：按 id，或按标识 slug（产品介绍 product、乐玩指南 guide、关于我们各项）',
  fields: {
    id: looseId('正整数；与 slug 二选一', ARTICLE_MSG.missing),
    slug: field<string | undefined, string | undefined>({ type: 'string', required: false, rule: '小写字母、数字和 -，至多 40 个字符', message: ARTICLE_MSG.badSlug }, (value) => {
      if (isAbsent(value)) return { ok: true, value: undefined };
      const slug = textOf(value);
      return ARTICLE_SLUG_PATTERN.test(slug) ? { ok: true, value: slug } : { ok: false, message: ARTICLE_MSG.badSlug };
    }),
  },
  answer: answer(ArticleView, '{ id, kind, slug, title, summary, content (HTML), cover, category, published_at, updated_at, related }；未发布或不存在答 文章不存在或已下线'),
});

export const ActivityArticle = v.object({
  id: positive,
  title: v.pipe(v.string(), v.minLength(1)),
  summary: v.string(),
  cover: url,
  published_at: instant,
});
export type ActivityArticle = v.InferOutput<typeof ActivityArticle>;

export const getArticleActivity = defineCall({
  path: '/api/article/getArticleActivity',
  auth: 'none',
  summary: '活动公告：已发布的活动文章，最新在前（PROTOCOL §10 列表）',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(ActivityArticle), '{ list: [{ id, title, summary, cover, published_at }], total, page, limit }'),
});
