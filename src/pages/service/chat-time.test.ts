import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../machines/service-chat.types.ts';
import { formatChatTime, TIME_MARK_GAP_MS, withTimeMarks } from './chat-time.ts';

const NOW = new Date(2026, 2, 2, 15, 30);
const local = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('chat times', () => {
  it('formats today, yesterday, this year and older', () => {
    expect(formatChatTime(local(2026, 2, 2, 9, 5), NOW)).toBe('09:05');
    expect(formatChatTime(local(2026, 2, 1, 23, 59), NOW)).toBe('昨天 23:59');
    expect(formatChatTime(local(2026, 0, 15, 8, 0), NOW)).toBe('1月15日 08:00');
    expect(formatChatTime(local(2025, 11, 31, 20, 1), NOW)).toBe('2025年12月31日 20:01');
    expect(formatChatTime('nonsense', NOW)).toBe('');
  });

  it('puts a time line first and after every 5-minute gap', () => {
    const base = new Date(2026, 2, 2, 14, 0).getTime();
    const msg = (id: number, offset: number): ChatMessage => ({ id, direction: 'out', kind: 'auto', content: '', image: null, agent: null, created_at: new Date(base + offset).toISOString() });
    const items = withTimeMarks([msg(1, 0), msg(2, TIME_MARK_GAP_MS - 1), msg(3, 2 * TIME_MARK_GAP_MS), msg(4, 2 * TIME_MARK_GAP_MS + 1000)], NOW);
    expect(items.map((item) => item.key)).toEqual(['t1', 'm1', 'm2', 't3', 'm3', 'm4']);
    expect(items[0]).toEqual({ kind: 'time', key: 't1', label: '14:00' });
  });
});
