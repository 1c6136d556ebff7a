import type { DeskConversation, DeskLastMessage } from '../../../../api/protocol/service-desk.ts';

/** 刚刚 / 45秒 / 3分钟 / 1小时5分 / 2天3小时: how long since `fromIso`, at `nowMs`. */
export function elapsed(fromIso: string, nowMs: number): string {
  const ms = Math.max(0, nowMs - Date.parse(fromIso));
  if (!Number.isFinite(ms)) return '';
  const s = Math.floor(ms / 1000);
  if (s < 10) return '刚刚';
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}分钟`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? `${h}小时` : `${h}小时${m % 60}分`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d}天` : `${d}天${h % 24}小时`;
}

/** HH:MM in China time (UTC+8) for today's messages, else MM-DD HH:MM. */
export function clockTime(iso: string, nowMs: number): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const china = new Date(ms + 8 * 3600_000).toISOString();
  const today = new Date(nowMs + 8 * 3600_000).toISOString().slice(0, 10);
  return china.slice(0, 10) === today ? china.slice(11, 16) : `${china.slice(5, 10)} ${china.slice(11, 16)}`;
}

/** The list's one-line preview of the last message. */
export function preview(last: DeskLastMessage | null): string {
  if (!last) return '';
  const who = last.direction === 'in' ? '' : last.kind === 'agent' ? '客服：' : last.kind === 'system' ? '' : '自动回复：';
  const text = last.content !== '' ? last.content : last.has_image ? '[图片]' : '';
  return `${who}${text}`;
}

/** The time line of a list item: how long it waits, since it was taken, or when it ended. */
export function timeLine(conversation: DeskConversation, nowMs: number): string {
  if (conversation.status === 'queued') return `等待 ${elapsed(conversation.created_at, nowMs)}`;
  if (conversation.status === 'open') return `接入 ${elapsed(conversation.taken_at ?? conversation.created_at, nowMs)}`;
  return `结束于 ${clockTime(conversation.closed_at ?? conversation.last_message_at, nowMs)}`;
}

/** 排队中 第N位 / 客服012 接待中 / 已结束. */
export function statusText(conversation: Pick<DeskConversation, 'status' | 'position' | 'agent' | 'mine'>): string {
  if (conversation.status === 'queued') return `排队中 第${conversation.position ?? 1}位`;
  if (conversation.status === 'open') return conversation.mine ? '我接待中' : `${conversation.agent ?? '客服'} 接待中`;
  return '已结束';
}
