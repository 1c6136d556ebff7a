import { sql, type Kysely } from 'kysely';
import { ARTICLE_BODY_MAX, ARTICLE_MSG } from '../../api/protocol/help-rules.ts';
import * as articles from '../../api/protocol/staff/articles.ts';
import type { StaffArticle, StaffHelpCategory } from '../../api/protocol/staff/articles.ts';
import { CONTENT_MSG } from '../../api/protocol/staff/content-fields.ts';
import { iso } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { createArticle, createCategory, listArticles, publishArticle, updateArticle, updateCategory, type ArticleInput } from './articles.ts';
import { htmlToText, sanitizeServerHtml } from '../html-sanitize.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

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
