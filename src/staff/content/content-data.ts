import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, ARTICLE_KINDS, type ArticleKind, type FeedbackCategory, type FeedbackStatus } from '../../../api/protocol/help-rules.ts';
import { isRoutePath, MESSAGE_KINDS, MESSAGE_LINK_DATA_MAX, MESSAGE_MSG, type MessageKind, type MessageLink } from '../../../api/protocol/messages.ts';
import { NOTICE_STATES } from '../../../api/protocol/staff/notices.ts';

/**
 * The content modules' (意见反馈, 公告, 站内广播, 帮助文章) view rules: the URL's query becomes each
 * list's filters and back; the broadcast form's link fields become a link or a message; which
 * picture address the console may load. Their answers are read by the calls' declared schemas (the
 * staff client). Nothing here throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null => (typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : null);

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

/**
 * parseLinkInput's verdict put on the field it is about, for the form to show under it: a problem
 * with the page (a path that is no route, data without a path) on the page, the data's on the data.
 */
export function linkProblems(path: string, dataText: string): { path: string | null; data: string | null } {
  const parsed = parseLinkInput(path, dataText);
  if (parsed.ok) return { path: null, data: null };
  const pathAlone = parseLinkInput(path, '');
  const aboutPath = !pathAlone.ok || path.trim() === '';
  return aboutPath ? { path: parsed.message, data: null } : { path: null, data: parsed.message };
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
