import { myOpinionReply, userOpinion } from '../../api/protocol/calls/feedback.ts';
import { getArticleActivity, getArticleInfo, getQuestion } from '../../api/protocol/calls/help.ts';
import { ARTICLE_MSG, FEEDBACK_MSG } from '../../api/protocol/help-rules.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { activityPage, faqCategories, publishedArticle } from '../help/articles.ts';
import { myFeedback, submitFeedback } from '../help/feedback.ts';

/** Help articles and feedback. Fields: api/protocol/calls/help.ts, feedback.ts. */
export const helpCalls = defineCalls(
  handle(getQuestion, async ({ db }) => ok({ categories: await faqCategories(db) })),

  handle(getArticleInfo, async ({ db, input }) => {
    if (input.id === null) return refuse(ARTICLE_MSG.missing);
    if (input.id === undefined && input.slug === undefined) return refuse(ARTICLE_MSG.needIdOrSlug);
    const article = await publishedArticle(db, input.id !== undefined ? { id: input.id } : { slug: input.slug! });
    return article ? ok(article) : refuse(ARTICLE_MSG.missing);
  }),

  handle(getArticleActivity, async ({ db, input }) => {
    const { list, total } = await activityPage(db, input.page, input.limit);
    return ok({ list, total, page: input.page, limit: input.limit });
  }),

  handle(userOpinion, async ({ db, user, input, now }) => {
    const result = await submitFeedback(db, user.id, input, now);
    if (!result.ok) return refuse(result.message);
    return ok({ id: result.id, status: result.status }, FEEDBACK_MSG.submitted);
  }),

  handle(myOpinionReply, async ({ db, user, input, config }) => {
    const found = await myFeedback(db, user.id, { page: input.page, limit: input.limit, id: input.id }, config);
    if (!found) return refuse(FEEDBACK_MSG.missing);
    return ok({ list: found.list, total: found.total, page: input.id !== undefined ? 1 : input.page, limit: input.limit });
  }),
);
