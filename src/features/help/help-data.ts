import type { RouteData } from '../../../machines/navigation.types.ts';
import type { ActivityArticle, ArticleLink, ArticleView, FaqCategory } from '../../../api/protocol/calls/help.ts';
import type { FeedbackReplyView, FeedbackView } from '../../../api/protocol/calls/feedback.ts';
import {
  ARTICLE_KINDS,
  ARTICLE_SLUG_PATTERN,
  cleanLine,
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_TEXT,
  FEEDBACK_STATUS_TEXT,
  FEEDBACK_STATUSES,
  GAME_NAME_MAX,
  type ArticleKind,
} from '../../../api/protocol/help-rules.ts';
import { safeUrl } from '../../components/game/game-item.ts';

/**
 * The help and feedback pages' decoders: server answers and route data arrive as
 * `unknown` and leave as the shapes the pages render. A malformed item is dropped, a malformed
 * whole is null (the page shows its error state); nothing here throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 500): string => (typeof value === 'string' ? value.slice(0, max) : '');
const positiveId = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};
/** An instant the server sent (ISO text that parses), or ''. */
const instant = (value: unknown): string => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : '');
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (options.includes(value as T) ? (value as T) : null);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** HTML bodies are sanitised where they render; this only bounds their size. */
const HTML_MAX = 200_000;

function decodeLink(value: unknown): ArticleLink | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const title = str(raw?.title, 100);
  return raw && id && title ? { id, title, summary: str(raw.summary, 300) } : null;
}

const links = (value: unknown): ArticleLink[] => listOf(value).flatMap((item) => decodeLink(item) ?? []);

/** getQuestion: categories with at least one question. */
export function decodeFaq(value: unknown): FaqCategory[] | null {
  const list = obj(value)?.categories;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item) => {
    const raw = obj(item);
    const id = positiveId(raw?.id);
    const name = str(raw?.name, 40);
    const questions = links(raw?.questions);
    return raw && id && name && questions.length > 0 ? [{ id, name, questions }] : [];
  });
}

/** getArticleInfo's article, or null. */
export function decodeArticle(value: unknown): ArticleView | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const kind = oneOf<ArticleKind>(raw?.kind, ARTICLE_KINDS);
  const title = str(raw?.title, 100);
  if (!raw || !id || !kind || !title || typeof raw.content !== 'string') return null;
  const category = obj(raw.category);
  const categoryId = positiveId(category?.id);
  return {
    id,
    kind,
    slug: str(raw.slug, 40),
    title,
    summary: str(raw.summary, 300),
    content: raw.content.slice(0, HTML_MAX),
    cover: safeUrl(raw.cover),
    category: category && categoryId ? { id: categoryId, name: str(category.name, 40) } : null,
    published_at: instant(raw.published_at),
    updated_at: instant(raw.updated_at),
    related: links(raw.related),
  };
}

/** getArticleActivity's items. */
export function decodeActivities(list: unknown): ActivityArticle[] {
  return listOf(list).flatMap((item) => {
    const raw = obj(item);
    const link = decodeLink(item);
    return raw && link ? [{ ...link, cover: safeUrl(raw.cover), published_at: instant(raw.published_at) }] : [];
  });
}

/** getAboutUs's 关于我们 items. */
export function decodeAboutItems(value: unknown): Array<ArticleLink & { slug: string }> {
  return listOf(obj(value)?.items).flatMap((item) => {
    const link = decodeLink(item);
    return link ? [{ ...link, slug: str(obj(item)?.slug, 40) }] : [];
  });
}

function decodeReply(value: unknown): FeedbackReplyView | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  return raw && id && typeof raw.content === 'string' ? { id, content: str(raw.content, 2000), created_at: instant(raw.created_at) } : null;
}

/** myOpinionReply's items. */
export function decodeFeedbackList(list: unknown): FeedbackView[] {
  return listOf(list).flatMap((item) => {
    const raw = obj(item);
    const id = positiveId(raw?.id);
    const category = oneOf(raw?.category, FEEDBACK_CATEGORIES);
    const status = oneOf(raw?.status, FEEDBACK_STATUSES);
    if (!raw || !id || !category || !status) return [];
    return [
      {
        id,
        category,
        category_text: str(raw.category_text, 20) || FEEDBACK_CATEGORY_TEXT[category],
        content: str(raw.content, 2000),
        game_name: str(raw.game_name, 60),
        contact: str(raw.contact, 100),
        images: listOf(raw.images)
          .map((url) => safeUrl(url))
          .filter((url) => url !== '')
          .slice(0, 4),
        status,
        status_text: str(raw.status_text, 20) || FEEDBACK_STATUS_TEXT[status],
        created_at: instant(raw.created_at),
        replies: listOf(raw.replies).flatMap((reply) => decodeReply(reply) ?? []),
      },
    ];
  });
}

// ---- Route data ----

/** Which article a page shows: `{ id }` or `{ slug }` (/aboutdetail, /commonproblemdetail), else null. */
export function articleRefOf(data: RouteData | null): { id: number } | { slug: string } | null {
  const id = positiveId(data?.id);
  if (id) return { id };
  const slug = typeof data?.slug === 'string' ? data.slug.trim() : '';
  return ARTICLE_SLUG_PATTERN.test(slug) ? { slug } : null;
}

/** /suggestbcak's prefilled game: the search word (`keyword`), cleaned and cut to the name's limit. */
export function searchWordOf(data: RouteData | null): string {
  return [...cleanLine(typeof data?.keyword === 'string' ? data.keyword : '')].slice(0, GAME_NAME_MAX).join('');
}

/** /backrecord's one feedback (`{ id }`, from the reply's message), else 0: the whole record. */
export function feedbackIdOf(data: RouteData | null): number {
  return positiveId(data?.id);
}
