import { describe, expect, it } from 'vitest';
import type { DeskConversation } from '../../../../api/protocol/service-desk.ts';
import { clockTime, elapsed, preview, statusText, timeLine } from './desk-format.ts';
import { holderName, mergeMessages, noticeFor } from './use-desk.ts';

const T0 = Date.UTC(2026, 2, 2, 2, 0, 0); // 10:00 in China
const iso = (ms: number) => new Date(ms).toISOString();

const conversation = (overrides: Partial<DeskConversation> = {}): DeskConversation => ({
  id: 1,
  user_id: 2,
  user_uuid: 'u',
  nickname: '玩家',
  status: 'queued',
  agent_id: null,
  agent: null,
  agent_name: null,
  mine: false,
  readable: true,
  position: 3,
  created_at: iso(T0),
  taken_at: null,
  closed_at: null,
  last_message_at: iso(T0),
  last_message: null,
  ...overrides,
});

describe('the desk’s words for times and states', () => {
  it('says how long, in the largest units that matter', () => {
    expect([0, 9_999, 10_000, 59_000, 60_000, 3_599_000, 3_600_000, 3_660_000, 86_400_000, 90_000_000].map((ms) => elapsed(iso(T0), T0 + ms))).toEqual([
      '刚刚',
      '刚刚',
      '10秒',
      '59秒',
      '1分钟',
      '59分钟',
      '1小时',
      '1小时1分',
      '1天',
      '1天1小时',
    ]);
    // A clock a little behind the server's never shows a negative wait.
    expect(elapsed(iso(T0 + 5_000), T0)).toBe('刚刚');
  });

  it('shows clock times in China time, with the date when not today', () => {
    expect(clockTime(iso(T0), T0)).toBe('10:00');
    expect(clockTime(iso(T0 - 86_400_000), T0)).toBe('03-01 10:00');
    expect(clockTime('nonsense', T0)).toBe('');
  });

  it('previews the last message by who wrote it', () => {
    expect(preview(null)).toBe('');
    expect(preview({ direction: 'in', kind: 'user', content: '你好', has_image: false })).toBe('你好');
    expect(preview({ direction: 'in', kind: 'user', content: '', has_image: true })).toBe('[图片]');
    expect(preview({ direction: 'out', kind: 'agent', content: '请稍等', has_image: false })).toBe('客服：请稍等');
    expect(preview({ direction: 'out', kind: 'auto', content: '已收到', has_image: false })).toBe('自动回复：已收到');
    expect(preview({ direction: 'out', kind: 'system', content: '本次会话已结束', has_image: false })).toBe('本次会话已结束');
  });

  it('names states and holders', () => {
    expect(statusText(conversation())).toBe('排队中 第3位');
    expect(statusText(conversation({ status: 'open', agent: '客服012', mine: true }))).toBe('我接待中');
    expect(statusText(conversation({ status: 'open', agent: '客服012' }))).toBe('客服012 接待中');
    expect(statusText(conversation({ status: 'closed' }))).toBe('已结束');
    expect(timeLine(conversation(), T0 + 125_000)).toBe('等待 2分钟');
    expect(timeLine(conversation({ status: 'open', taken_at: iso(T0 + 60_000) }), T0 + 120_000)).toBe('接入 1分钟');
    expect(timeLine(conversation({ status: 'closed', closed_at: iso(T0) }), T0)).toBe('结束于 10:00');
    expect(holderName({ agent: '客服012', agent_name: 'wang' })).toBe('客服012（wang）');
    expect(holderName({ agent: null, agent_name: null })).toBe('其他客服');
  });

  it('tells an agent when another holds the conversation; an administrator may only look', () => {
    const theirs = conversation({ status: 'open', agent: '客服012', agent_name: 'wang', agent_id: 12 });
    expect(noticeFor(theirs, false)).toEqual({ kind: 'takenByOther', text: '该会话已被客服012（wang）接待' });
    expect(noticeFor(theirs, true)).toEqual({ kind: 'takenByOther', text: '该会话由客服012（wang）接待中，仅可查看' });
    expect(noticeFor({ ...theirs, mine: true }, false)).toBeNull();
    expect(noticeFor(conversation(), false)).toBeNull();
    expect(noticeFor(conversation({ status: 'closed' }), false)).toEqual({ kind: 'closed', text: '会话已结束' });
  });

  it('merges pages and pushed messages once each, in order', () => {
    const m = (id: number, content = `m${id}`) => ({ id, direction: 'in' as const, kind: 'user' as const, content, image: null, agent: null, created_at: iso(T0) });
    expect(mergeMessages([m(3), m(5)], [m(4), m(5, 'again'), m(1)]).map((x) => [x.id, x.content])).toEqual([
      [1, 'm1'],
      [3, 'm3'],
      [4, 'm4'],
      [5, 'again'],
    ]);
  });
});
