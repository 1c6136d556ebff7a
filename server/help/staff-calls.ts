import { sql, type Kysely } from 'kysely';
import { ARTICLE_BODY_MAX, ARTICLE_MSG, FEEDBACK_MSG, FEEDBACK_STATUSES } from '../../api/protocol/help-rules.ts';
import * as articles from '../../api/protocol/staff/articles.ts';
import type { StaffArticle, StaffHelpCategory } from '../../api/protocol/staff/articles.ts';
import { CONTENT_MSG } from '../../api/protocol/staff/content-fields.ts';
import * as feedback from '../../api/protocol/staff/feedback.ts';
import type { FeedbackCounts, StaffFeedbackItem } from '../../api/protocol/staff/feedback.ts';
import { iso } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { htmlToText, sanitizeServerHtml } from '../html-sanitize.ts';
import { postMessage } from '../messages/index.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { createArticle, createCategory, listArticles, publishArticle, updateArticle, updateCategory, type ArticleInput } from './articles.ts';
import { readFeedbackLog } from './feedback-logs.ts';
import { closeFeedback, feedbackForStaff, listFeedback, replyToFeedback, type StaffFeedbackView } from './feedback.ts';

/**
 * 帮助文章 (api/protocol/staff/articles.ts) over server/help/articles.ts, which checks and
 * sanitises every body. Each change is audited with the article before and after.
 */

type Db = Kysely<Database>;

async function articleById(db: Db, id: number): Promise<StaffArticle | null> {
  const row = await db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    category_id: row.category_id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    sort_order: row.sort_order,
    published: row.published,
    published_at: row.published_at ? iso(row.published_at) : null,
    updated_at: iso(row.updated_at),
    content: row.content,
  };
}

async function categoryById(db: Db, id: number): Promise<StaffHelpCategory | null> {
  const row = await db
    .selectFrom('help_categories')
    .select((eb) => [
      'help_categories.id',
      'help_categories.name',
      'help_categories.sort_order',
      eb.selectFrom('help_articles').select((a) => a.fn.countAll<string>().as('n')).whereRef('help_articles.category_id', '=', 'help_categories.id').as('article_count'),
    ])
    .where('help_categories.id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, sort_order: row.sort_order, article_count: Number(row.article_count ?? 0) } : null;
}

/**
 * Runs a save that may trip over the slug's unique index under a savepoint: the helper answers
 * 文章标识已被使用 for it, and on PostgreSQL the call's transaction must be brought back from
 * the failed statement before it can write the audit row.
 */
async function underSavepoint<T extends { ok: boolean }>(db: Db, work: () => Promise<T>): Promise<T> {
  await sql`savepoint article_save`.execute(db);
  const result = await work();
  await sql.raw(result.ok ? 'release savepoint article_save' : 'rollback to savepoint article_save').execute(db);
  return result;
}

function inputOf(fields: { kind: ArticleInput['kind']; category_id: number | undefined; slug: string; title: string; summary: string; content: string; cover: string; sort_order: number }): ArticleInput {
  return { kind: fields.kind, category_id: fields.category_id ?? null, slug: fields.slug === '' ? null : fields.slug, title: fields.title, summary: fields.summary, content: fields.content, cover: fields.cover, sort_order: fields.sort_order };
}

export const staffArticleCalls: StaffCallDefinition[] = [
  handleStaff(articles.list, async (ctx) => {
    const { page, limit, kind } = ctx.input;
    return staffOk(await listArticles(ctx.db, { ...(kind ? { kind } : {}), page, limit }));
  }),

  handleStaff(articles.detail, async (ctx) => {
    const article = await articleById(ctx.db, ctx.input.id);
    return article ? staffOk(article) : staffRefuse(ARTICLE_MSG.missing);
  }),

  handleStaff(articles.categories, async (ctx) => {
    const ids = await ctx.db.selectFrom('help_categories').select('id').orderBy('sort_order').orderBy('id').execute();
    const list: StaffHelpCategory[] = [];
    for (const { id } of ids) list.push((await categoryById(ctx.db, id))!);
    return staffOk({ list });
  }),

  handleStaff(articles.preview, async (ctx) => {
    const html = sanitizeServerHtml(ctx.input.html);
    return staffOk({ html, text: htmlToText(html), length: html.length, max: ARTICLE_BODY_MAX });
  }),

  handleStaff(articles.create, async (ctx) => {
    const created = await underSavepoint(ctx.db, () => createArticle(ctx.db, inputOf(ctx.input), ctx.now));
    if (!created.ok) return staffRefuse(created.message);
    const article = (await articleById(ctx.db, created.id))!;
    await ctx.audit('articles.create', `article:${article.id}`, null, article);
    return staffOk({ article }, CONTENT_MSG.articleCreated);
  }),

  handleStaff(articles.update, async (ctx) => {
    const { id } = ctx.input;
    const locked = await ctx.db.selectFrom('help_articles').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) return staffRefuse(ARTICLE_MSG.missing);
    const before = (await articleById(ctx.db, id))!;
    const updated = await underSavepoint(ctx.db, () => updateArticle(ctx.db, id, inputOf(ctx.input), ctx.now));
    if (!updated.ok) return staffRefuse(updated.message);
    const after = (await articleById(ctx.db, id))!;
    await ctx.audit('articles.update', `article:${id}`, before, after);
    return staffOk({ article: after }, CONTENT_MSG.articleSaved);
  }),

  handleStaff(articles.publish, async (ctx) => {
    const { id, published } = ctx.input;
    const locked = await ctx.db.selectFrom('help_articles').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) return staffRefuse(ARTICLE_MSG.missing);
    const before = (await articleById(ctx.db, id))!;
    const result = await publishArticle(ctx.db, id, published, ctx.now);
    if (!result.ok) return staffRefuse(result.message);
    const after = (await articleById(ctx.db, id))!;
    if (before.published !== after.published) {
      await ctx.audit(published ? 'articles.publish' : 'articles.unpublish', `article:${id}`, { published: before.published, published_at: before.published_at }, { published: after.published, published_at: after.published_at });
    }
    return staffOk({ article: after }, published ? CONTENT_MSG.articleOnline : CONTENT_MSG.articleOffline);
  }),

  handleStaff(articles.saveCategory, async (ctx) => {
    const { id, name, sort_order: sortOrder } = ctx.input;
    if (id === undefined) {
      const created = await createCategory(ctx.db, { name, sort_order: sortOrder }, ctx.now);
      if (!created.ok) return staffRefuse(created.message);
      const category = (await categoryById(ctx.db, created.id))!;
      await ctx.audit('articles.createCategory', `help-category:${category.id}`, null, { name: category.name, sort_order: category.sort_order });
      return staffOk({ category }, CONTENT_MSG.categorySaved);
    }
    const before = await categoryById(ctx.db, id);
    if (!before) return staffRefuse(ARTICLE_MSG.categoryMissing);
    const updated = await updateCategory(ctx.db, id, { name, sort_order: sortOrder }, ctx.now);
    if (!updated.ok) return staffRefuse(updated.message);
    const category = (await categoryById(ctx.db, id))!;
    await ctx.audit('articles.updateCategory', `help-category:${id}`, { name: before.name, sort_order: before.sort_order }, { name: category.name, sort_order: category.sort_order });
    return staffOk({ category }, CONTENT_MSG.categorySaved);
  }),
];

/**
 * 意见反馈 (api/protocol/staff/feedback.ts): the queue and its actions over server/help/feedback.ts.
 * Every query runs in the call's transaction (ctx.db); a reply posts the player's message through
 * postMessage inside it, so the reply, the message and the audit row commit together.
 */

/** The views with each reply's staff name. */
async function withStaffNames(db: Kysely<Database>, views: StaffFeedbackView[]): Promise<StaffFeedbackItem[]> {
  const replyIds = views.flatMap((view) => view.replies.map((reply) => reply.id));
  const authors =
    replyIds.length === 0
      ? []
      : await db
          .selectFrom('feedback_replies')
          .leftJoin('staff_accounts', 'staff_accounts.id', 'feedback_replies.staff_id')
          .select(['feedback_replies.id', 'feedback_replies.staff_id', 'staff_accounts.name'])
          .where('feedback_replies.id', 'in', replyIds)
          .execute();
  const byId = new Map(authors.map((row) => [row.id, row]));
  return views.map((view) => ({
    ...view,
    replies: view.replies.map((reply) => ({ ...reply, staff_id: byId.get(reply.id)?.staff_id ?? 0, staff_name: byId.get(reply.id)?.name ?? '' })),
  }));
}

/** Locks the feedback's row for the rest of the call (a reply and a close take turns), then reads it. */
async function lockedItem(db: Kysely<Database>, id: number, mediaBaseUrl: string): Promise<StaffFeedbackItem | null> {
  const row = await db.selectFrom('feedback').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? itemOf(db, id, mediaBaseUrl) : null;
}

async function itemOf(db: Kysely<Database>, id: number, mediaBaseUrl: string): Promise<StaffFeedbackItem | null> {
  const view = await feedbackForStaff(db, id, mediaBaseUrl);
  return view ? (await withStaffNames(db, [view]))[0]! : null;
}

/** What the audit keeps of a feedback: its state, not the player's text again. */
const auditState = (item: StaffFeedbackItem) => ({ status: item.status, replies: item.replies.length });

/** `storage` holds the attached event logs (absent only when the calls are merely listed). */
export const staffFeedbackCalls = (storage: ObjectStorage | undefined): StaffCallDefinition[] => [
  handleStaff(feedback.list, async (ctx) => {
    const { page, limit, status, category, user_id: userId } = ctx.input;
    const result = await listFeedback(ctx.db, { status, category, userId, page, limit, mediaBaseUrl: ctx.config.mediaBaseUrl });
    const grouped = await ctx.db.selectFrom('feedback').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, Number(grouped.find((row) => row.status === s)?.n ?? 0)])) as FeedbackCounts;
    return staffOk({ list: await withStaffNames(ctx.db, result.list), total: result.total, page, limit, counts });
  }),

  handleStaff(feedback.detail, async (ctx) => {
    const item = await itemOf(ctx.db, ctx.input.id, ctx.config.mediaBaseUrl);
    return item ? staffOk(item) : staffRefuse(FEEDBACK_MSG.missing);
  }),

  handleStaff(feedback.reply, async (ctx) => {
    const { id, text, request_id: requestId } = ctx.input;
    const before = await lockedItem(ctx.db, id, ctx.config.mediaBaseUrl);
    if (!before) return staffRefuse(FEEDBACK_MSG.missing);
    let message: { id: number; created: boolean } | null = null;
    const replied = await replyToFeedback(ctx.db, ctx.staff.id, id, text, ctx.now, async (trx, reply, now) => {
      message = await postMessage(trx, reply, now);
    }, requestId);
    if (!replied.ok) return staffRefuse(replied.message);
    const after = (await itemOf(ctx.db, id, ctx.config.mediaBaseUrl))!;
    if (replied.created) {
      await ctx.audit('feedback.reply', `feedback:${id}`, auditState(before), { ...auditState(after), reply: { id: replied.reply.id, content: replied.reply.content }, message_id: (message as { id: number } | null)?.id ?? null });
    }
    return staffOk({ feedback: after, reply_id: replied.reply.id, created: replied.created }, FEEDBACK_MSG.replied);
  }),

  handleStaff(feedback.close, async (ctx) => {
    const { id } = ctx.input;
    const before = await lockedItem(ctx.db, id, ctx.config.mediaBaseUrl);
    if (!before) return staffRefuse(FEEDBACK_MSG.missing);
    const closed = await closeFeedback(ctx.db, ctx.staff.id, id, ctx.now);
    if (!closed.ok) return staffRefuse(closed.message);
    const after = (await itemOf(ctx.db, id, ctx.config.mediaBaseUrl))!;
    if (closed.changed) await ctx.audit('feedback.close', `feedback:${id}`, auditState(before), auditState(after));
    return staffOk({ feedback: after }, FEEDBACK_MSG.closedOk);
  }),

  // A player's session, redacted on the phone but still theirs: every reading is audited.
  handleStaff(feedback.eventLog, async (ctx) => {
    const { id } = ctx.input;
    if (!storage) throw new Error('feedback/eventLog needs the object storage');
    const read = await readFeedbackLog(ctx.db, storage, id);
    if (read.kind === 'missing') return staffRefuse(FEEDBACK_MSG.missing);
    if (read.kind === 'none') return staffRefuse(FEEDBACK_MSG.noLog);
    if (!read.log) return staffRefuse(FEEDBACK_MSG.badLog);
    await ctx.audit('feedback.eventLog', `feedback:${id}`, null, { size: read.size, entries: read.log.entries.length });
    return staffOk({ log: read.log });
  }),
];
