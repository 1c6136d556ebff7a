import type { ChatMessage } from '../../../machines/service-chat.types.ts';

/** A time line above a message when this long passed since the one before (as chat apps do). */
export const TIME_MARK_GAP_MS = 5 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** '14:05' today, '昨天 14:05', '3月2日 14:05' this year, '2025年3月2日 14:05' before. */
export function formatChatTime(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(at)) / 86_400_000);
  if (days === 0) return time;
  if (days === 1) return `昨天 ${time}`;
  const date = `${at.getMonth() + 1}月${at.getDate()}日 ${time}`;
  return at.getFullYear() === now.getFullYear() ? date : `${at.getFullYear()}年${date}`;
}

export type ChatItem = { kind: 'time'; key: string; label: string } | { kind: 'message'; key: string; message: ChatMessage };

/** Messages with a time line before the first one and after every gap of TIME_MARK_GAP_MS. */
export function withTimeMarks(messages: readonly ChatMessage[], now: Date): ChatItem[] {
  const items: ChatItem[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const message of messages) {
    const at = Date.parse(message.created_at);
    if (!(at - previous < TIME_MARK_GAP_MS)) items.push({ kind: 'time', key: `t${message.id}`, label: formatChatTime(message.created_at, now) });
    previous = at;
    items.push({ kind: 'message', key: `m${message.id}`, message });
  }
  return items;
}
