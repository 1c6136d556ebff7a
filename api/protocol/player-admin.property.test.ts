import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFields } from './call-spec.ts';
import { parsePlayerQuery, PLAYER_ADMIN_MSG, PLAYER_QUERY_MAX } from './player-admin.ts';
import { search } from './staff/players.ts';

/** The 玩家管理 search box's decoder under arbitrary input: it never throws, and what it decodes is what the text says. */

const phone = fc.stringMatching(/^1\d{10}$/);

describe('parsePlayerQuery', () => {
  it('never throws and answers a query or the too-long message, for any value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 80 }), fc.anything()), (raw) => {
        const result = parsePlayerQuery(raw);
        if (!result.ok) expect(result.message).toBe(PLAYER_ADMIN_MSG.queryLong);
        else if (result.value.kind === 'nickname') {
          expect(result.value.prefix).toBe(result.value.prefix.trim());
          expect(result.value.prefix).not.toBe('');
          expect([...result.value.prefix].length).toBeLessThanOrEqual(PLAYER_QUERY_MAX);
        }
      }),
    );
  });

  it('reads a mobile number exactly, also with spaces or dashes and around blanks', () => {
    fc.assert(
      fc.property(phone, fc.constantFrom(' ', '-', ''), fc.string({ unit: fc.constantFrom(' ', '\t') }), (number, sep, pad) => {
        const typed = `${pad}${number.slice(0, 3)}${sep}${number.slice(3, 7)}${sep}${number.slice(7)}${pad}`;
        expect(parsePlayerQuery(typed)).toEqual({ ok: true, value: { kind: 'phone', phone: number } });
      }),
    );
  });

  it('reads four digits as a phone’s last four or an ID, other short digits as an ID', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4}$/), (digits) => {
        expect(parsePlayerQuery(digits)).toEqual({ ok: true, value: { kind: 'lastFour', digits, id: Number(digits) } });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }).filter((n) => String(n).length !== 4), (n) => {
        const result = parsePlayerQuery(String(n));
        expect(result).toEqual({ ok: true, value: String(n).length === 11 ? expect.anything() : { kind: 'id', id: n } });
      }),
    );
  });

  it('reads a UUID case-blind, blank as every player, other text as a nickname start', () => {
    fc.assert(fc.property(fc.uuid(), (uuid) => {
        expect(parsePlayerQuery(uuid.toUpperCase())).toEqual({ ok: true, value: { kind: 'uuid', uuid: uuid.toLowerCase() } });
      }));
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(' ', '\n', '\u200B') }), (blank) => {
        expect(parsePlayerQuery(blank)).toEqual({ ok: true, value: { kind: 'all' } });
      }));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('玩', '家', 'a', 'Z', '_', '%', '1'), minLength: 1, maxLength: PLAYER_QUERY_MAX }).filter((t) => !/^\d+$/.test(t)), (text) => {
        expect(parsePlayerQuery(text)).toEqual({ ok: true, value: { kind: 'nickname', prefix: text } });
      }),
    );
    expect(parsePlayerQuery('字'.repeat(PLAYER_QUERY_MAX + 1))).toEqual({ ok: false, message: PLAYER_ADMIN_MSG.queryLong });
  });

  it('is the search call’s query field', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const parsed = parseFields(search, { query: raw });
        const direct = parsePlayerQuery(raw);
        if (direct.ok) expect(parsed).toMatchObject({ ok: true, value: { query: direct.value } });
        else expect(parsed).toMatchObject({ ok: false, message: direct.message });
      }),
    );
  });
});
