import { isMessageKind, type MessageKind, type MessageView, type NoticeSummary, type NoticeView, type UnreadCounts } from '../../../api/protocol/messages.ts';
import type { RouteData } from '../../../machines/navigation.types.ts';

/**
 * The message centre's helpers. Its answers are decoded by their declarations
 * (api/protocol/calls/messages.ts, run by `request()`): a malformed message or notice is dropped
 * from its list, a malformed detail is the page's error state, and a message whose link is not an
 * app route is malformed.
 */

const positiveId = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};

export type MessageItem = MessageView;
export type NoticeItem = NoticeSummary;
export type NoticeFull = NoticeView;
export type { UnreadCounts };

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
