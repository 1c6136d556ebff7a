import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFields } from './call-spec.ts';
import { centsOfYuan, COUPON_ADMIN_MSG, COUPON_ISSUE_MAX, playerRefOf, splitPlayerText } from './coupon-admin.ts';
import { boundedInt, decodePlayers, issue, list, save } from './staff/coupons.ts';

/** 代金券管理's decoders under arbitrary input: they never throw, and what they decode is what was typed. */

const phone = fc.stringMatching(/^1\d{10}$/);
const userId = fc.integer({ min: 1, max: 2_147_483_647 });

describe('playerRefOf and decodePlayers', () => {
  it('never throw; an entry decodes to an ID or a phone that reads back as typed, or to nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything(), userId, phone), (raw) => {
        const ref = playerRefOf(raw);
        if (ref === null) return;
        expect(ref.text).toBe(String(raw).trim());
        if (ref.kind === 'id') expect(String(ref.id)).toBe(ref.text);
        else expect(ref.phone).toMatch(/^1\d{10}$/);
      }),
    );
  });

  it('reads an 11-digit mobile number as a phone and any other ID as an ID, around blanks', () => {
    fc.assert(
      fc.property(phone, fc.string({ unit: fc.constantFrom(' ', '\t') }), (number, pad) => {
        expect(playerRefOf(`${pad}${number}${pad}`)).toEqual({ kind: 'phone', phone: number, text: number });
      }),
    );
    fc.assert(
      fc.property(userId, fc.boolean(), (n, asText) => {
        expect(playerRefOf(asText ? String(n) : n)).toEqual({ kind: 'id', id: n, text: String(n) });
      }),
    );
    for (const bad of ['0', '012', '2147483648', '21474836470', '1234567890a', '-5', '1.5', '', null, {}]) expect(playerRefOf(bad)).toBeNull();
  });

  it('takes 1–1000 entries, every one an ID or a phone, in order; refuses otherwise with its message', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(userId.map(String), phone, fc.string()), { maxLength: 30 }), (items) => {
        const result = decodePlayers(items);
        if (items.length === 0) expect(result).toEqual({ ok: false, message: COUPON_ADMIN_MSG.playersRequired });
        else if (items.every((item) => playerRefOf(item) !== null)) expect(result.ok && result.value.map((r) => r.text)).toEqual(items.map((item) => item.trim()));
        else expect(result).toEqual({ ok: false, message: COUPON_ADMIN_MSG.badPlayer });
      }),
    );
    expect(decodePlayers(Array.from({ length: COUPON_ISSUE_MAX }, () => '1')).ok).toBe(true);
    expect(decodePlayers(Array.from({ length: COUPON_ISSUE_MAX + 1 }, () => '1'))).toEqual({ ok: false, message: COUPON_ADMIN_MSG.playersTooMany });
    fc.assert(fc.property(fc.anything().filter((x) => !Array.isArray(x)), (raw) => {
      expect(decodePlayers(raw)).toEqual({ ok: false, message: COUPON_ADMIN_MSG.playersRequired });
    }));
  });

  it('splits a pasted list on blanks, commas, semicolons and 、, keeping every entry', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(userId.map(String), phone), { minLength: 1, maxLength: 20 }), fc.constantFrom('\n', ',', '，', ';', ' ', '\r\n', '、'), (items, sep) => {
        expect(splitPlayerText(`\n${items.join(sep)}${sep}`)).toEqual(items);
      }),
    );
  });
});

describe('boundedInt and centsOfYuan', () => {
  it('boundedInt answers the number when whole and in range, else null', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), fc.string(), fc.double()), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 100, max: 1_000_000 }), (raw, min, max) => {
        const n = boundedInt(raw, min, max);
        const whole = (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) || (typeof raw === 'string' && /^\s*\d{1,10}\s*$/.test(raw));
        if (n !== null) expect(n >= min && n <= max && Number.isInteger(n)).toBe(true);
        if (!whole) expect(n).toBeNull();
        else if (Number(raw) >= min && Number(raw) <= max) expect(n).toBe(Number(raw));
      }),
    );
  });

  it('centsOfYuan reads 元 with up to two decimals exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, fen) => {
        expect(centsOfYuan(`${whole}.${String(fen).padStart(2, '0')}`)).toBe(whole * 100 + fen);
        if (fen % 10 === 0) expect(centsOfYuan(`${whole}.${fen / 10}`)).toBe(whole * 100 + fen);
        expect(centsOfYuan(String(whole))).toBe(whole * 100);
      }),
    );
    fc.assert(fc.property(fc.string().filter((t) => !/^\s*\d{1,9}(\.\d{1,2})?\s*$/.test(t)), (text) => {
      expect(centsOfYuan(text)).toBeNull();
    }));
  });
});

describe('the coupon calls’ fields', () => {
  it('save: an accepted form keeps its numbers in range and a trimmed name', () => {
    fc.assert(
      fc.property(
        fc.record({ name: fc.string({ maxLength: 25 }), type: fc.constantFrom('normal', 'bt', 'x'), amount_cents: fc.integer({ min: -1, max: 2_000_000 }), threshold_cents: fc.integer({ min: -1, max: 20_000_000 }), valid_days: fc.integer({ min: -1, max: 400 }), total: fc.integer({ min: -1, max: 2_000_000 }), game_id: fc.oneof(fc.constant(0), fc.constant(undefined), userId) }),
        (body) => {
          const result = parseFields(save, body);
          if (!result.ok) return;
          const value = result.value;
          expect(value.name).toBe(value.name.trim());
          expect(value.amount_cents).toBeGreaterThanOrEqual(1);
          expect(value.valid_days).toBeGreaterThanOrEqual(1);
          expect(value.game_id === null || value.game_id >= 1).toBe(true);
          expect(value.game_id === null).toBe(body.game_id === 0 || body.game_id === undefined);
        },
      ),
    );
  });

  it('list: game_id absent is every coupon, 0 the 全平台通用 ones; issue takes the players it decodes', () => {
    expect(parseFields(list, {})).toMatchObject({ ok: true, value: { game_id: undefined } });
    expect(parseFields(list, { game_id: 0 })).toMatchObject({ ok: true, value: { game_id: null } });
    expect(parseFields(list, { game_id: '7' })).toMatchObject({ ok: true, value: { game_id: 7 } });
    fc.assert(
      fc.property(fc.array(fc.oneof(userId, phone), { minLength: 1, maxLength: 10 }), (players) => {
        const result = parseFields(issue, { coupon_id: 1, players, request_id: 'abcdefghijklmnop' });
        expect(result.ok && result.value.players.map((p) => p.text)).toEqual(players.map(String));
      }),
    );
  });
});
