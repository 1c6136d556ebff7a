import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTradeImageKeys, TRADE_IMAGE_KEY_PATTERN } from '../../api/protocol/calls/trade.ts';
import {
  checkDescription,
  checkPriceCents,
  checkReason,
  checkRoleName,
  checkSecondPassword,
  checkServerName,
  checkTitle,
  feeOf,
  netOf,
  parsePriceYuan,
  TRADE_DESCRIPTION_MAX,
  TRADE_IMAGES_MAX,
  TRADE_MAX_PRICE_CENTS,
  TRADE_MIN_PRICE_CENTS,
  TRADE_MSG,
  TRADE_REASON_MAX,
  TRADE_ROLE_MAX,
  TRADE_SECOND_PASSWORD_MAX,
  TRADE_SECOND_PASSWORD_MIN,
  TRADE_SERVER_MAX,
  TRADE_TITLE_MAX,
  TRADE_TITLE_MIN,
  type Check,
  type FeeRule,
} from '../../api/protocol/trade-rules.ts';

/** Property tests of the trading rules' checkers (api/protocol/trade-rules.ts) and the image keys' decoder. */

const chars = (s: string) => [...s].length;
const BAD = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const anyText = fc.string({ unit: 'binary', maxLength: 80 });
const cleanText = (min: number, max: number) =>
  fc
    .string({ unit: fc.constantFrom(...'账号出售满级战神区服abcXYZ0123456789 ·-_!'.split('')), minLength: min, maxLength: max })
    .filter((s) => s.trim() === s && chars(s) >= min);

function expectSingleLine(check: (s: string) => Check<string>, max: number, min = 1) {
  fc.assert(
    fc.property(anyText, (value) => {
      const result = check(value);
      if (result.ok) {
        expect(result.value).toBe(value.trim());
        expect(BAD.test(result.value)).toBe(false);
        expect(chars(result.value)).toBeGreaterThanOrEqual(min);
        expect(chars(result.value)).toBeLessThanOrEqual(max);
        // Idempotent: a checked value checks again to itself.
        expect(check(result.value)).toEqual(result);
      } else {
        expect(typeof result.message).toBe('string');
        expect(result.message.length).toBeGreaterThan(0);
      }
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(cleanText(min, max), (value) => {
      expect(check(value)).toEqual({ ok: true, value });
    }),
  );
}

describe('trade-rules checkers', () => {
  it('checkTitle / checkServerName / checkRoleName: trimmed, no control or format characters, within the lengths', () => {
    expectSingleLine(checkTitle, TRADE_TITLE_MAX, TRADE_TITLE_MIN);
    expectSingleLine(checkServerName, TRADE_SERVER_MAX);
    expectSingleLine(checkRoleName, TRADE_ROLE_MAX);
    expect(checkTitle('  ')).toEqual({ ok: false, message: TRADE_MSG.titleMissing });
    expect(checkTitle('a\u200bbcdef')).toEqual({ ok: false, message: TRADE_MSG.textChars });
    expect(checkTitle('x'.repeat(TRADE_TITLE_MAX + 1))).toEqual({ ok: false, message: TRADE_MSG.titleLength });
  });

  it('checkDescription / checkReason: multi-line kept, \\r\\n folded, within the lengths', () => {
    for (const [check, max] of [
      [checkDescription, TRADE_DESCRIPTION_MAX],
      [checkReason, TRADE_REASON_MAX],
    ] as const) {
      fc.assert(
        fc.property(anyText, (value) => {
          const result = check(value);
          if (result.ok) {
            expect(result.value).not.toContain('\r');
            expect(chars(result.value)).toBeLessThanOrEqual(max);
            expect(check(result.value)).toEqual(result);
          }
        }),
        { numRuns: 500 },
      );
    }
    expect(checkDescription('一\r\n二')).toEqual({ ok: true, value: '一\n二' });
    expect(checkReason('')).toEqual({ ok: false, message: TRADE_MSG.reasonMissing });
  });

  it('checkSecondPassword: empty is none; else 4–20 printable ASCII without spaces', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const result = checkSecondPassword(value);
        const good = value === '' || (/^[\x21-\x7e]+$/.test(value) && value.length >= TRADE_SECOND_PASSWORD_MIN && value.length <= TRADE_SECOND_PASSWORD_MAX);
        expect(result).toEqual(good ? { ok: true, value } : { ok: false, message: TRADE_MSG.passwordLength });
      }),
      { numRuns: 1000 },
    );
  });

  it('checkPriceCents and parsePriceYuan agree; fen within the range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: TRADE_MAX_PRICE_CENTS + 10 }), (cents) => {
        const result = checkPriceCents(cents);
        expect(result.ok).toBe(cents >= TRADE_MIN_PRICE_CENTS && cents <= TRADE_MAX_PRICE_CENTS);
        if (cents >= 0) {
          const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          expect(parsePriceYuan(text)).toEqual(result);
          expect(parsePriceYuan(` ${text} `)).toEqual(result);
        }
      }),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const result = parsePriceYuan(text);
        if (result.ok) {
          expect(Number.isSafeInteger(result.value)).toBe(true);
          expect(result.value).toBeGreaterThanOrEqual(TRADE_MIN_PRICE_CENTS);
          expect(result.value).toBeLessThanOrEqual(TRADE_MAX_PRICE_CENTS);
          expect(Math.round(Number(text.trim()) * 100)).toBe(result.value);
        }
      }),
      { numRuns: 1000 },
    );
    expect(parsePriceYuan('')).toEqual({ ok: false, message: TRADE_MSG.priceMissing });
    expect(parsePriceYuan('6.001')).toEqual({ ok: false, message: TRADE_MSG.priceFormat });
    expect(parsePriceYuan('5.99')).toEqual({ ok: false, message: TRADE_MSG.priceMin });
    expect(parsePriceYuan('6')).toEqual({ ok: true, value: 600 });
    expect(checkPriceCents(1.5)).toEqual({ ok: false, message: TRADE_MSG.priceFormat });
  });

  it('feeOf / netOf: fee + net = price, fee ≥ min(price, minimum), net ≥ 0, both monotone in the price', () => {
    const rule = fc.record({ rate_bp: fc.integer({ min: 0, max: 10_000 }), min_cents: fc.integer({ min: 0, max: 100_000 }) }) as fc.Arbitrary<FeeRule>;
    const price = fc.integer({ min: 1, max: TRADE_MAX_PRICE_CENTS });
    fc.assert(
      fc.property(price, price, rule, (a, b, r) => {
        const fee = feeOf(a, r);
        const net = netOf(a, r);
        expect(Number.isInteger(fee) && Number.isInteger(net)).toBe(true);
        expect(fee + net).toBe(a);
        expect(fee).toBeGreaterThanOrEqual(Math.min(a, r.min_cents));
        expect(fee).toBeLessThanOrEqual(a);
        expect(net).toBeGreaterThanOrEqual(0);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(feeOf(lo, r)).toBeLessThanOrEqual(feeOf(hi, r));
        expect(netOf(lo, r)).toBeLessThanOrEqual(netOf(hi, r));
      }),
      { numRuns: 2000 },
    );
    // The defaults: 5 %, at least ¥5.
    expect(feeOf(600)).toBe(500);
    expect(feeOf(10_000)).toBe(500);
    expect(feeOf(100_000)).toBe(5_000);
    expect(netOf(12_345)).toBe(12_345 - 617);
  });

  it('checkTradeImageKeys: 1–9 distinct keys of the trade pattern, in order; anything else refused, never thrown', () => {
    const key = fc.stringMatching(/^[0-9a-f]{32}$/).map((hex) => `trade/${hex}.webp`);
    fc.assert(
      fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: TRADE_IMAGES_MAX }), (keys) => {
        expect(checkTradeImageKeys(keys)).toEqual({ ok: true, value: keys });
        expect(checkTradeImageKeys([...keys, keys[0]])).toMatchObject({ ok: false });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = checkTradeImageKeys(value);
        if (result.ok) {
          expect(result.value.length).toBeGreaterThanOrEqual(1);
          expect(result.value.length).toBeLessThanOrEqual(TRADE_IMAGES_MAX);
          expect(result.value.every((k) => TRADE_IMAGE_KEY_PATTERN.test(k))).toBe(true);
          expect(new Set(result.value).size).toBe(result.value.length);
        } else {
          expect([TRADE_MSG.imagesMissing, TRADE_MSG.imagesTooMany, TRADE_MSG.imageBad]).toContain(result.message);
        }
      }),
      { numRuns: 1000 },
    );
    expect(checkTradeImageKeys([])).toEqual({ ok: false, message: TRADE_MSG.imagesMissing });
    expect(checkTradeImageKeys('trade/0.webp')).toEqual({ ok: false, message: TRADE_MSG.imagesMissing });
    expect(checkTradeImageKeys(Array.from({ length: TRADE_IMAGES_MAX + 1 }, (_, i) => `trade/${String(i).padStart(32, '0')}.webp`))).toEqual({ ok: false, message: TRADE_MSG.imagesTooMany });
    expect(checkTradeImageKeys(['feedback/00000000000000000000000000000000.webp'])).toEqual({ ok: false, message: TRADE_MSG.imageBad });
  });
});
