import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, FEEDBACK_STATUS_TEXT, FEEDBACK_STATUSES, ARTICLE_KINDS, type ArticleKind, type FeedbackCategory, type FeedbackStatus } from '../../../api/protocol/help-rules.ts';
import { isRoutePath, MESSAGE_KIND_NAMES, MESSAGE_KINDS, MESSAGE_LINK_DATA_MAX, MESSAGE_MSG, type MessageKind, type MessageLink } from '../../../api/protocol/messages.ts';
import type { StaffArticle, StaffArticleSummary, StaffHelpCategory } from '../../../api/protocol/staff/articles.ts';
import type { StaffBroadcast } from '../../../api/protocol/staff/broadcasts.ts';
import type { FeedbackCounts, StaffFeedbackItem, StaffFeedbackReply } from '../../../api/protocol/staff/feedback.ts';
import { NOTICE_STATES, type HtmlPreview, type StaffNotice } from '../../../api/protocol/staff/notices.ts';

/**
 * The content modules' decoders (意见反馈, 公告, 站内广播, 帮助文章): answers arrive as `unknown`
 * and leave as the shapes the pages render (a malformed item is dropped, a malformed whole is
 * null: the page shows an error); the URL's query becomes each list's filters and back; the
 * broadcast form's link fields become a link or a message. Nothing here throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 500): string => (typeof value === 'string' ? value.slice(0, max) : '');
const bool = (value: unknown): boolean => value === true;
const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const positiveId = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : 0);
const instant = (value: unknown): string => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : '');
const instantOrNull = (value: unknown): string | null => instant(value) || null;
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : null);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** HTML is sanitised again where it renders; this only bounds it. */
const HTML_MAX = 200_000;

/** A picture address the console may put in <img src>: a path of this site or an http(s) URL. */
export function safeImageUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '';
  if (/^\/(?!\/)[A-Za-z0-9/_.~%-]*$/.test(value)) return value;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/[\s"'<>]/.test(value) ? value : '';
  } catch {
    return '';
  }
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

function paged<T>(value: unknown, item: (raw: unknown) => T | null): Paged<T> | null {
  const raw = obj(value);
  if (!raw || !Array.isArray(raw.list)) return null;
  return { list: raw.list.flatMap((entry) => item(entry) ?? []), total: count(raw.total), page: positiveId(raw.page) || 1, limit: positiveId(raw.limit) || 20 };
}

// ---- 意见反馈 ----

function decodeFeedbackReply(value: unknown): StaffFeedbackReply | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  if (!raw || !id || typeof raw.content !== 'string') return null;
  return { id, content: str(raw.content, 2000), created_at: instant(raw.created_at), staff_id: count(raw.staff_id), staff_name: str(raw.staff_name, 64) };
}

export function decodeFeedbackItem(value: unknown): StaffFeedbackItem | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const category = oneOf<FeedbackCategory>(raw?.category, FEEDBACK_CATEGORIES);
  const status = oneOf<FeedbackStatus>(raw?.status, FEEDBACK_STATUSES);
  const user = obj(raw?.user);
  if (!raw || !id || !category || !status || !user || !positiveId(user.id)) return null;
  return {
    id,
    category,
    category_text: str(raw.category_text, 20) || FEEDBACK_CATEGORY_TEXT[category],
    content: str(raw.content, 2000),
    game_name: str(raw.game_name, 60),
    contact: str(raw.contact, 100),
    images: listOf(raw.images)
      .map(safeImageUrl)
      .filter((url) => url !== '')
      .slice(0, 4),
    status,
    status_text: str(raw.status_text, 20) || FEEDBACK_STATUS_TEXT[status],
    created_at: instant(raw.created_at),
    updated_at: instant(raw.updated_at),
    user: { id: positiveId(user.id), nickname: str(user.nickname, 64), phone: str(user.phone, 20) },
    replies: listOf(raw.replies).flatMap((reply) => decodeFeedbackReply(reply) ?? []),
    event_log: positiveId(obj(raw.event_log)?.size) ? { size: positiveId(obj(raw.event_log)?.size) } : null,
  };
}

export function decodeFeedbackPage(value: unknown): (Paged<StaffFeedbackItem> & { counts: FeedbackCounts }) | null {
  const page = paged(value, decodeFeedbackItem);
  if (!page) return null;
  const counts = obj(obj(value)?.counts);
  return { ...page, counts: { pending: count(counts?.pending), replied: count(counts?.replied), closed: count(counts?.closed) } };
}

// ---- 公告 ----

export function decodeNotice(value: unknown): StaffNotice | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const title = str(raw?.title, 100);
  if (!raw || !id || !title || typeof raw.content !== 'string') return null;
  return {
    id,
    title,
    content: raw.content.slice(0, HTML_MAX),
    popup: bool(raw.popup),
    published_at: instant(raw.published_at),
    withdrawn_at: instantOrNull(raw.withdrawn_at),
    author_name: str(raw.author_name, 64),
    withdrawn_by_name: str(raw.withdrawn_by_name, 64),
    seen_count: count(raw.seen_count),
  };
}

export const decodeNoticePage = (value: unknown) => paged(value, decodeNotice);

export function decodePreview(value: unknown): HtmlPreview | null {
  const raw = obj(value);
  if (!raw || typeof raw.html !== 'string') return null;
  return { html: raw.html.slice(0, HTML_MAX), text: str(raw.text, HTML_MAX), length: count(raw.length), max: count(raw.max) };
}

// ---- 站内广播 ----

/** A message link as stored: an app route path and an optional data object. */
export function decodeMessageLink(value: unknown): MessageLink | null {
  const raw = obj(value);
  if (!raw || !isRoutePath(raw.path)) return null;
  const data = obj(raw.data);
  return data ? { path: raw.path, data } : { path: raw.path };
}

export function decodeBroadcast(value: unknown): StaffBroadcast | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const kind = oneOf<MessageKind>(raw?.kind, MESSAGE_KINDS);
  const title = str(raw?.title, 100);
  if (!raw || !id || !kind || !title) return null;
  return {
    id,
    kind,
    kind_name: str(raw.kind_name, 20) || MESSAGE_KIND_NAMES[kind],
    title,
    content: str(raw.content, 4000),
    link: decodeMessageLink(raw.link),
    author_name: str(raw.author_name, 64),
    created_at: instant(raw.created_at),
    read_count: count(raw.read_count),
  };
}

export const decodeBroadcastPage = (value: unknown) => paged(value, decodeBroadcast);

/**
 * The broadcast form's link: a path (empty: no link) and the data as JSON text (empty: none).
 * The same rules as the server's (an app route; data an object of at most 1000 characters).
 */
export function parseLinkInput(path: string, dataText: string): { ok: true; link: MessageLink | null } | { ok: false; message: string } {
  const p = path.trim();
  const d = dataText.trim();
  if (p === '') return d === '' ? { ok: true, link: null } : { ok: false, message: '填写了参数就须填写链接页面' };
  if (!isRoutePath(p)) return { ok: false, message: '链接页面须是应用内路径，如 /dailymission' };
  if (d === '') return { ok: true, link: { path: p } };
  let data: unknown;
  try {
    data = JSON.parse(d);
  } catch {
    return { ok: false, message: '参数须是 JSON 对象，如 {"id": 12}' };
  }
  if (!obj(data)) return { ok: false, message: '参数须是 JSON 对象，如 {"id": 12}' };
  if (JSON.stringify(data).length > MESSAGE_LINK_DATA_MAX) return { ok: false, message: MESSAGE_MSG.messageLinkInvalid };
  return { ok: true, link: { path: p, data: data as Record<string, unknown> } };
}

// ---- 帮助文章 ----

export function decodeArticleSummary(value: unknown): StaffArticleSummary | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const kind = oneOf<ArticleKind>(raw?.kind, ARTICLE_KINDS);
  if (!raw || !id || !kind || typeof raw.title !== 'string') return null;
  return {
    id,
    kind,
    category_id: positiveId(raw.category_id) || null,
    slug: typeof raw.slug === 'string' && raw.slug !== '' ? raw.slug.slice(0, 40) : null,
    title: str(raw.title, 100),
    summary: str(raw.summary, 300),
    cover: safeImageUrl(raw.cover),
    sort_order: count(raw.sort_order),
    published: bool(raw.published),
    published_at: instantOrNull(raw.published_at),
    updated_at: instant(raw.updated_at),
  };
}

export function decodeArticle(value: unknown): StaffArticle | null {
  const summary = decodeArticleSummary(value);
  const content = obj(value)?.content;
  return summary && typeof content === 'string' ? { ...summary, content: content.slice(0, HTML_MAX) } : null;
}

export const decodeArticlePage = (value: unknown) => paged(value, decodeArticleSummary);

export function decodeCategories(value: unknown): StaffHelpCategory[] | null {
  const list = obj(value)?.list;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item) => {
    const raw = obj(item);
    const id = positiveId(raw?.id);
    return raw && id && typeof raw.name === 'string' ? [{ id, name: str(raw.name, 40), sort_order: count(raw.sort_order), article_count: count(raw.article_count) }] : [];
  });
}

// ---- The lists' filters in the URL (?status=pending&page=2&id=12) ----

export interface FeedbackQuery {
  status: FeedbackStatus | null;
  category: FeedbackCategory | null;
  userId: number | null;
  page: number;
  /** The feedback open in the detail pane. */
  id: number | null;
}

export interface NoticesQuery {
  state: (typeof NOTICE_STATES)[number] | null;
  page: number;
}

export interface BroadcastsQuery {
  kind: MessageKind | null;
  page: number;
}

export interface ArticlesQuery {
  kind: ArticleKind | null;
  page: number;
  /** The article open in the editor ('new' for a new one). */
  edit: number | 'new' | null;
}

const PAGE_MAX = 100_000;

function paramsOf(search: string): URLSearchParams {
  try {
    return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  } catch {
    return new URLSearchParams();
  }
}

function idParam(text: string | null): number | null {
  return text !== null && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

function pageParam(text: string | null): number {
  return text !== null && /^[1-9]\d{0,5}$/.test(text) && Number(text) <= PAGE_MAX ? Number(text) : 1;
}

function searchOf(entries: Array<[string, string | number | null]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== null && !(key === 'page' && value === 1)) params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The default when the URL says nothing: the queue of pending feedback. */
export function parseFeedbackQuery(search: string): FeedbackQuery {
  const params = paramsOf(search);
  const status = params.get('status');
  return {
    status: status === 'all' ? null : (oneOf<FeedbackStatus>(status, FEEDBACK_STATUSES) ?? 'pending'),
    category: oneOf<FeedbackCategory>(params.get('category'), FEEDBACK_CATEGORIES),
    userId: idParam(params.get('user')),
    page: pageParam(params.get('page')),
    id: idParam(params.get('id')),
  };
}

export function feedbackSearch(query: FeedbackQuery): string {
  return searchOf([
    ['status', query.status === 'pending' ? null : (query.status ?? 'all')],
    ['category', query.category],
    ['user', query.userId],
    ['page', query.page],
    ['id', query.id],
  ]);
}

export function parseNoticesQuery(search: string): NoticesQuery {
  const params = paramsOf(search);
  return { state: oneOf(params.get('state'), NOTICE_STATES), page: pageParam(params.get('page')) };
}

export const noticesSearch = (query: NoticesQuery) => searchOf([['state', query.state], ['page', query.page]]);

export function parseBroadcastsQuery(search: string): BroadcastsQuery {
  const params = paramsOf(search);
  return { kind: oneOf<MessageKind>(params.get('kind'), MESSAGE_KINDS), page: pageParam(params.get('page')) };
}

export const broadcastsSearch = (query: BroadcastsQuery) => searchOf([['kind', query.kind], ['page', query.page]]);

export function parseArticlesQuery(search: string): ArticlesQuery {
  const params = paramsOf(search);
  const edit = params.get('edit');
  return { kind: oneOf<ArticleKind>(params.get('kind'), ARTICLE_KINDS), page: pageParam(params.get('page')), edit: edit === 'new' ? 'new' : idParam(edit) };
}

export const articlesSearch = (query: ArticlesQuery) => searchOf([['kind', query.kind], ['page', query.page], ['edit', query.edit]]);
