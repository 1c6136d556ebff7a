import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../../../api/protocol/messages.ts';
import { badgeText, formatMessageTime, idOf, kindOf } from './message-data.ts';

const T = '2026-06-01T02:03:04.000Z';
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 0, 1e300, '', '1', [], {}, T, 'x'.repeat(3000), 'javascript:alert(1)', '//evil.example'));

describe('message centre helpers', () => {
  it('read route data and badges', () => {
    expect(idOf({ id: '12' })).toBe(12);
    expect(kindOf({ kind: 'system' })).toBe('system');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(99)).toBe('99');
  });

  it('route data: ids are positive 32-bit integers, kinds one of the kinds, else nothing', () => {
    fc.assert(
      fc.property(junk, junk, (id, kind) => {
        const n = idOf({ id });
        expect(n === 0 || (Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647)).toBe(true);
        const k = kindOf({ kind });
        expect(k === null || MESSAGE_KINDS.includes(k)).toBe(true);
      }),
    );
    expect(idOf(null)).toBe(0);
    expect(kindOf(null)).toBeNull();
  });

  it('formats times in China time: this year as MM-DD HH:mm, earlier years with the year', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(formatMessageTime('2026-06-01T02:03:04Z', now)).toBe('06-01 10:03');
    expect(formatMessageTime('2025-12-31T17:00:00Z', now)).toBe('01-01 01:00');
    expect(formatMessageTime('2024-03-01T00:00:00Z', now)).toBe('2024-03-01');
    expect(formatMessageTime('nope', now)).toBe('');
  });
});
