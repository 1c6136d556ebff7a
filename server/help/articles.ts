import type { Kysely, Selectable } from 'kysely';
import type { ActivityArticle, ArticleLink, ArticleView, FaqCategory } from '../../api/protocol/calls/help.ts';
import {
  ARTICLE_BODY_MAX,
  ARTICLE_KINDS,
  ARTICLE_MSG,
  ARTICLE_SLUG_PATTERN,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  CATEGORY_NAME_MAX,
  charCount,
  cleanLine,
  cleanText,
  type ArticleKind,
} from '../../api/protocol/help-rules.ts';
import { iso } from '../catalog/index.ts';
import type { Database, HelpArticlesTable } from '../db/schema.ts';
import { sanitizeServerHtml } from '../html-sanitize.ts';

/**
 * Help articles: what the player calls read (published articles only), and the
 * staff side's plain functions (create, update, publish; categories), which sanitise every body
 * before it is stored. The staff console's calls (phase 2) call these.
 */

type ArticleRow = Selectable<HelpArticlesTable>;
export type Result<T> = ({ ok: true } & T) | { ok: false; message: string };

const RELATED_MAX = 6;

// ---- What players read ----

/** Every category with at least one published question, in order, each with its questions in order. */
export async function faqCategories(db: Kysely<Database>): Promise<FaqCategory[]> {
  const categories = await db.selectFrom('help_categories').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute();
  const questions = await db
    .selectFrom('help_articles')
    .select(['id', 'category_id', 'title', 'summary'])
    .where('kind', '=', 'faq')
    .where('published', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      questions: questions.filter((q) => q.category_id === category.id).map(({ id, title, summary }) => ({ id, title, summary })),
    }))
    .filter((category) => category.questions.length > 0);
}

async function relatedOf(db: Kysely<Database>, row: ArticleRow): Promise<ArticleLink[]> {
  if (row.kind !== 'faq' && row.kind !== 'about') return [];
  let query = db
    .selectFrom('help_articles')
    .select(['id', 'title', 'summary'])
    .where('published', '=', true)
    .where('kind', '=', row.kind)
    .where('id', '<>', row.id);
  if (row.kind === 'faq') query = query.where('category_id', '=', row.category_id);
  return query.orderBy('sort_order').orderBy('id').limit(RELATED_MAX).execute();
}

/** A published article by id or by slug, as getArticleInfo answers it; null when there is none. */
export async function publishedArticle(db: Kysely<Database>, by: { id: number } | { slug: string }): Promise<ArticleView | null> {
  let query = db.selectFrom('help_articles').selectAll().where('published', '=', true);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const category = row.category_id === null ? undefined : await db.selectFrom('help_categories').select(['id', 'name']).where('id', '=', row.category_id).executeTakeFirst();
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug ?? '',
    title: row.title,
    summary: row.summary,
    content: row.content,
    cover: row.cover,
    category: category ?? null,
    published_at: iso(row.published_at ?? row.created_at),
    updated_at: iso(row.updated_at),
    related: await relatedOf(db, row),
  };
}

/** Published activity articles, newest first (published_at, then id). */
export async function activityPage(db: Kysely<Database>, page: number, limit: number): Promise<{ list: ActivityArticle[]; total: number }> {
  const base = db.selectFrom('help_articles').where('kind', '=', 'activity').where('published', '=', true);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'title', 'summary', 'cover', 'published_at', 'created_at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({ id: row.id, title: row.title, summary: row.summary, cover: row.cover, published_at: iso(row.published_at ?? row.created_at) })),
    total: Number(count.n),
  };
}

/** The 关于我们 items (getAboutUs lists them for /aboutus). */
export async function aboutItems(db: Kysely<Database>): Promise<Array<ArticleLink & { slug: string }>> {
  const rows = await db
    .selectFrom('help_articles')
    .select(['id', 'slug', 'title', 'summary'])
    .where('kind', '=', 'about')
    .where('published', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug ?? '', title: row.title, summary: row.summary }));
}

// ---- The staff side ----

export interface ArticleInput {
  kind: ArticleKind;
  /** Required for 'faq'; ignored (stored null) for the other kinds. */
  category_id?: number | null;
  slug?: string | null;
  title: string;
  summary?: string;
  /** HTML as written; sanitised here. */
  content: string;
  /** '' none; a path of this site (/media/…, /art/…) or an https URL. */
  cover?: string;
  sort_order?: number;
}

const COVER_PATTERN = /^(?:\/(?:media|art)\/[A-Za-z0-9/_.-]{1,200}|https:\/\/[^\s"'<>]{1,300})$/;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

type CheckedArticle = Omit<Required<ArticleInput>, 'category_id' | 'slug'> & { category_id: number | null; slug: string | null };

async function checkArticle(db: Kysely<Database>, input: ArticleInput): Promise<Result<{ value: CheckedArticle }>> {
  if (!(ARTICLE_KINDS as readonly string[]).includes(input.kind)) return { ok: false, message: ARTICLE_MSG.badKind };
  const title = cleanLine(input.title);
  if (title === '') return { ok: false, message: ARTICLE_MSG.titleEmpty };
  if (charCount(title) > ARTICLE_TITLE_MAX) return { ok: false, message: ARTICLE_MSG.titleLong };
  const summary = cleanText(input.summary ?? '');
  if (charCount(summary) > ARTICLE_SUMMARY_MAX) return { ok: false, message: ARTICLE_MSG.summaryLong };
  const content = sanitizeServerHtml(String(input.content ?? ''));
  if (content.replace(/<(?!img\b)[^>]*>/gi, '').trim() === '') return { ok: false, message: ARTICLE_MSG.bodyEmpty };
  if (content.length > ARTICLE_BODY_MAX) return { ok: false, message: ARTICLE_MSG.bodyLong };
  const slug = input.slug === undefined || input.slug === null || input.slug === '' ? null : input.slug;
  if (slug !== null && !ARTICLE_SLUG_PATTERN.test(slug)) return { ok: false, message: ARTICLE_MSG.badSlug };
  const cover = (input.cover ?? '').trim();
  if (cover !== '' && !COVER_PATTERN.test(cover)) return { ok: false, message: ARTICLE_MSG.badCover };
  let categoryId: number | null = null;
  if (input.kind === 'faq') {
    if (!input.category_id) return { ok: false, message: ARTICLE_MSG.categoryNeeded };
    const category = await db.selectFrom('help_categories').select('id').where('id', '=', input.category_id).executeTakeFirst();
    if (!category) return { ok: false, message: ARTICLE_MSG.categoryMissing };
    categoryId = category.id;
  }
  const sortOrder = Number.isSafeInteger(input.sort_order) ? input.sort_order! : 0;
  return { ok: true, value: { kind: input.kind, category_id: categoryId, slug, title, summary, content, cover, sort_order: sortOrder } };
}

/** A new article, unpublished. */
export async function createArticle(db: Kysely<Database>, input: ArticleInput, now: Date): Promise<Result<{ id: number }>> {
  const checked = await checkArticle(db, input);
  if (!checked.ok) return checked;
  try {
    const row = await db
      .insertInto('help_articles')
      .values({ ...checked.value, published: false, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: ARTICLE_MSG.slugTaken };
    throw error;
  }
}

/** Changes an article: the given fields over the stored ones, checked and sanitised as a whole. */
export async function updateArticle(db: Kysely<Database>, id: number, patch: Partial<ArticleInput>, now: Date): Promise<Result<{ id: number }>> {
  const row = await db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { ok: false, message: ARTICLE_MSG.missing };
  const merged: ArticleInput = {
    kind: patch.kind ?? row.kind,
    category_id: patch.category_id !== undefined ? patch.category_id : row.category_id,
    slug: patch.slug !== undefined ? patch.slug : row.slug,
    title: patch.title ?? row.title,
    summary: patch.summary ?? row.summary,
    content: patch.content ?? row.content,
    cover: patch.cover ?? row.cover,
    sort_order: patch.sort_order ?? row.sort_order,
  };
  const checked = await checkArticle(db, merged);
  if (!checked.ok) return checked;
  try {
    await db
      .updateTable('help_articles')
      .set({ ...checked.value, updated_at: now })
      .where('id', '=', id)
      .execute();
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: ARTICLE_MSG.slugTaken };
    throw error;
  }
}

/**
 * Publishes (or takes down) an article. The first publication sets published_at (the activity
 * list's order); taking down and publishing again keeps it. Idempotent.
 */
export async function publishArticle(db: Kysely<Database>, id: number, published: boolean, now: Date): Promise<Result<{ id: number; published: boolean; published_at: string | null }>> {
  const row = await db
    .updateTable('help_articles')
    .set((eb) => ({
      published,
      published_at: published ? eb.fn.coalesce('published_at', eb.val(now)) : eb.ref('published_at'),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returning(['id', 'published', 'published_at'])
    .executeTakeFirst();
  if (!row) return { ok: false, message: ARTICLE_MSG.missing };
  return { ok: true, id: row.id, published: row.published, published_at: row.published_at ? iso(row.published_at) : null };
}

/** Every article of a kind (published or not), for the staff's list. */
export async function listArticles(db: Kysely<Database>, options: { kind?: ArticleKind; page: number; limit?: number }) {
  const limit = options.limit ?? 20;
  let base = db.selectFrom('help_articles');
  if (options.kind) base = base.where('kind', '=', options.kind);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'kind', 'category_id', 'slug', 'title', 'summary', 'cover', 'sort_order', 'published', 'published_at', 'updated_at'])
      .orderBy('kind')
      .orderBy('category_id')
      .orderBy('sort_order')
      .orderBy('id')
      .limit(limit)
      .offset((options.page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((row) => ({ ...row, published_at: row.published_at ? iso(row.published_at) : null, updated_at: iso(row.updated_at) })), total: Number(count.n), page: options.page, limit };
}

function checkCategoryName(raw: string): Result<{ name: string }> {
  const name = cleanLine(raw);
  if (name === '') return { ok: false, message: ARTICLE_MSG.categoryNameEmpty };
  if (charCount(name) > CATEGORY_NAME_MAX) return { ok: false, message: ARTICLE_MSG.categoryNameLong };
  return { ok: true, name };
}

export async function createCategory(db: Kysely<Database>, input: { name: string; sort_order?: number }, now: Date): Promise<Result<{ id: number }>> {
  const checked = checkCategoryName(input.name);
  if (!checked.ok) return checked;
  const row = await db
    .insertInto('help_categories')
    .values({ name: checked.name, sort_order: Number.isSafeInteger(input.sort_order) ? input.sort_order! : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

export async function updateCategory(db: Kysely<Database>, id: number, patch: { name?: string; sort_order?: number }, now: Date): Promise<Result<{ id: number }>> {
  let name: string | undefined;
  if (patch.name !== undefined) {
    const checked = checkCategoryName(patch.name);
    if (!checked.ok) return checked;
    name = checked.name;
  }
  const row = await db
    .updateTable('help_categories')
    .set({ ...(name !== undefined ? { name } : {}), ...(Number.isSafeInteger(patch.sort_order) ? { sort_order: patch.sort_order! } : {}), updated_at: now })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row ? { ok: true, id: row.id } : { ok: false, message: ARTICLE_MSG.categoryMissing };
}
