import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChinaDateTime, OPEN_SERVER_MSG, openAtAllowed, parseChinaDateTime, parseOpenServerRow, SERVER_NAME_MAX } from './open-servers.ts';

/** The 开服表 CSV row parser and its date-time reading, over generated rows. */

const NOW = new Date('2026-11-28T02:00:00Z'); // 10:00 China time
const MESSAGES = new Set<string>(Object.values(OPEN_SERVER_MSG));
const pad = (n: number) => String(n).padStart(2, '0');

/** An open time within the allowed window, as an instant on a whole minute. */
const allowedInstant = fc
  .integer({ min: -30 * 24 * 60 + 600, max: 170 * 24 * 60 })
  .map((minutes) => new Date(NOW.getTime() + minutes * 60_000));
const serverName = fc
  .string({ unit: fc.constantFrom('双', '线', '服', '区', '1', '2', 'A', ' ', '-', '（', '）'), minLength: 1, maxLength: SERVER_NAME_MAX })
  .filter((name) => name.trim() !== '');
const gameCell = fc.oneof(
  fc.integer({ min: 1, max: 999_999_999 }).map((id) => ({ cell: String(id), game: { id } })),
  fc.string({ unit: fc.constantFrom('龙', '城', '传', '奇', '三', '国', 'X', ' '), minLength: 1, maxLength: 12 }).filter((n) => n.trim() !== '').map((name) => ({ cell: name, game: { name: name.trim() } })),
);

describe('the open-server CSV row parser', () => {
  it('reads every well-formed row back: the game, the trimmed name and the instant', () => {
    fc.assert(
      fc.property(gameCell, serverName, allowedInstant, fc.boolean(), ({ cell, game }, name, at, slashes) => {
        let time = formatChinaDateTime(at);
        if (slashes) time = time.replaceAll('-', '/');
        const parsed = parseOpenServerRow([` ${cell} `, name, time, '', ''], NOW);
        expect(parsed).toEqual({ ok: true, game, server_name: name.trim(), open_at: at });
      }),
    );
  });

  it('never throws, and refuses with one of its own messages whatever the cells', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }), (cells) => {
        const parsed = parseOpenServerRow(cells, NOW);
        if (!parsed.ok) expect(MESSAGES.has(parsed.message)).toBe(true);
        else {
          expect(parsed.server_name.length).toBeGreaterThan(0);
          expect(openAtAllowed(parsed.open_at, NOW)).toBe(true);
        }
      }),
    );
  });

  it('refuses a row without exactly three cells, an empty game, or a name too long', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 5 }).filter((s) => s.trim() !== ''), { minLength: 4, maxLength: 6 }), (cells) => {
        expect(parseOpenServerRow(cells, NOW)).toEqual({ ok: false, message: OPEN_SERVER_MSG.columns });
      }),
    );
    expect(parseOpenServerRow(['1', '1服'], NOW)).toEqual({ ok: false, message: OPEN_SERVER_MSG.columns });
    expect(parseOpenServerRow([' ', '1服', '2026-11-29 10:00'], NOW)).toEqual({ ok: false, message: OPEN_SERVER_MSG.gameMissing });
    expect(parseOpenServerRow(['1', '服'.repeat(SERVER_NAME_MAX + 1), '2026-11-29 10:00'], NOW)).toEqual({ ok: false, message: OPEN_SERVER_MSG.nameTooLong });
    expect(parseOpenServerRow(['1', '1服', '2027-06-01 10:00'], NOW)).toEqual({ ok: false, message: OPEN_SERVER_MSG.timeOutOfRange });
  });

  it('reads a date-time only when the day exists, and gives back what it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (y, mo, d, h, mi) => {
        const text = `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}`;
        const at = parseChinaDateTime(text);
        const exists = new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d;
        expect(at !== null).toBe(exists);
        if (at) expect(formatChinaDateTime(at)).toBe(text);
      }),
    );
    expect(parseChinaDateTime('2026-11-29 10:00:30')).toBeNull();
    expect(parseChinaDateTime('2026-11-29T10:00:00')).toEqual(new Date('2026-11-29T02:00:00Z'));
    expect(parseChinaDateTime('2026/1/9 8:05')).toEqual(new Date('2026-01-09T00:05:00Z'));
  });
});
