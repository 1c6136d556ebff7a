import { isMessageKind, isRoutePath, MESSAGE_KINDS, type MessageKind } from '../../../api/protocol/messages.ts';
import type { RouteData } from '../../../machines/navigation.types.ts';

/**
 * The message centre's decoders: server answers and route data arrive as `unknown` and
 * leave as the narrow shapes the pages render. A malformed item is dropped, a malformed whole is
 * null (the page shows its error state); a link that is not an app route is no link. Never throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const text = (value: unknown, max: number): string => (typeof value === 'string' ? Array.from(value).slice(0, max).join('') : '');
const positiveId = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};
const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const instant = (value: unknown): string => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : '');

export interface MessageLinkTarget {
  path: string;
  data: RouteData | null;
}

export interface MessageItem {
  id: number;
  kind: MessageKind;
  title: string;
  content: string;
  link: MessageLinkTarget | null;
  read: boolean;
  broadcast: boolean;
  created_at: string;
}

/** A message's link: an app route path and an optional data object (bounded), else null. */
export function decodeLink(value: unknown): MessageLinkTarget | null {
  const raw = obj(value);
  if (!raw || !isRoutePath(raw.path)) return null;
  const data = obj(raw.data);
  if (data && JSON.stringify(data).length > 1000) return { path: raw.path, data: null };
  return { path: raw.path, data: data as RouteData | null };
}

export function decodeMessage(value: unknown): MessageItem | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  if (!raw || !id || !isMessageKind(raw.kind)) return null;
  const title = text(raw.title, 50);
  if (!title) return null;
  return {
    id,
    kind: raw.kind,
    title,
    content: text(raw.content, 2000),
    link: decodeLink(raw.link),
    read: raw.read === true,
    broadcast: raw.broadcast === true,
    created_at: instant(raw.created_at),
  };
}

export function decodeMessages(list: unknown): MessageItem[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const message = decodeMessage(entry);
    return message ? [message] : [];
  });
}

export type UnreadCounts = Record<MessageKind, number> & { total: number };

/** getUnreadNotice: counts per kind (missing or malformed: 0) and the total of the kinds. */
export function decodeUnreadCounts(value: unknown): UnreadCounts | null {
  const raw = obj(value);
  if (!raw) return null;
  const counts = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, count(raw[kind])])) as Record<MessageKind, number>;
  return { ...counts, total: MESSAGE_KINDS.reduce((sum, kind) => sum + counts[kind], 0) };
}

export interface NoticeItem {
  id: number;
  title: string;
  summary: string;
  popup: boolean;
  published_at: string;
}

export interface NoticeFull {
  id: number;
  title: string;
  /** HTML: sanitised again before it is rendered (src/app/sanitize.ts). */
  content: string;
  popup: boolean;
  published_at: string;
}

export function decodeNotices(list: unknown): NoticeItem[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const title = text(raw?.title, 60);
    if (!raw || !id || !title) return [];
    return [{ id, title, summary: text(raw.summary, 80), popup: raw.popup === true, published_at: instant(raw.published_at) }];
  });
}

export function decodeNotice(value: unknown): NoticeFull | null {
  const raw = obj(value);
  const id = positiveId(raw?.id);
  const title = text(raw?.title, 60);
  if (!raw || !id || !title || typeof raw.content !== 'string') return null;
  return { id, title, content: raw.content.slice(0, 20_000), popup: raw.popup === true, published_at: instant(raw.published_at) };
}

// ---- Route data ----

/** /infotradingDetail and /noticedialog: `{ id }` (number or digits); 0 when the data names none. */
export function idOf(data: RouteData | null): number {
  return positiveId(data?.id);
}

/** /infocenter `{ kind: 'system' }` lists one kind there (系统通知 has no route of its own); else null. */
export function kindOf(data: RouteData | null): MessageKind | null {
  return isMessageKind(data?.kind) ? data.kind : null;
}

/** '11-26 08:05' today's year, '2025-11-26' otherwise (China time, as the server's dates). */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const china = (ms: number) => new Date(ms + 8 * 3600_000);
  const d = china(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d.getUTCFullYear() !== china(now.getTime()).getUTCFullYear()) return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A badge's text: up to 99, then 99+. */
export function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n);
}
