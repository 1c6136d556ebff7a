import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createOrder, getCheckoutCoupons } from './calls/order.ts';
import { getListings, saveListingDraft, submitListing } from './calls/trade.ts';
import { balanceTixian, profitTixian } from './calls/withdraw.ts';
import { exactCents, exactYuanCents, formatYuan, MONEY_MSG } from './money.ts';
import { TRADE_MSG } from './trade-rules.ts';
import { parseYuanAmount, WITHDRAW_MSG } from './withdraw-rules.ts';

/** Text that pads, signs or reshapes a number: each must make an amount malformed. */
const PADS = [' ', '\t', '\n', '\r', '\u00a0', '\u3000', '\u200b', '\ufeff'];
const reshaped = (digits: string): string[] => [
  ...PADS.flatMap((pad) => [`${pad}${digits}`, `${digits}${pad}`, `${pad}${digits}${pad}`]),
  `+${digits}`,
  `-${digits}`,
  `${digits}e0`,
  `${digits}E0`,
  `${digits}.`,
  `${digits}.0`,
  `0x${digits}`,
  `${digits[0]} ${digits.slice(1)}`,
  `${digits}_`,
  `１${digits}`, // a full-width digit
];

/** The independent oracle of exactCents for strings. */
function oracleCents(text: string): number | null | undefined {
  if (text === '') return undefined;
  if (text.length > 15 || [...text].some((c) => c < '0' || c > '9')) return null;
  const n = Number(text);
  return n >= 1 && n <= Number.MAX_SAFE_INTEGER ? n : null;
}

describe('exactCents: the one reader of fen', () => {
  it('takes every positive safe integer, as a number or as its digits (leading zeros too)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999_999 }), fc.nat(3), (n, zeros) => {
        const digits = String(n);
        return exactCents(n) === n && exactCents(digits) === n && (digits.length + zeros > 15 || exactCents('0'.repeat(zeros) + digits) === n);
      }),
    );
  });

  it('refuses padding, signs, exponents, decimal points and other shapes of a valid amount', () => {
    fc.assert(fc.property(fc.integer({ min: 10, max: 99_999_999 }), (n) => reshaped(String(n)).every((text) => exactCents(text) === null)));
  });

  it('agrees with the oracle on any string', () => {
    const digitish = fc.string({ unit: fc.constantFrom(...'0123456789 +-.eE\t\n'), maxLength: 18 });
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 18 }), digitish), (text) => exactCents(text) === oracleCents(text)), { numRuns: 20_000 });
  });

  it('absent is undefined; zero, negatives, fractions, non-finite and other types are malformed', () => {
    for (const absent of [undefined, null, '']) expect(exactCents(absent)).toBeUndefined();
    for (const bad of [0, '0', '000', -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '9007199254740993', true, [100], { n: 100 }]) expect(exactCents(bad), String(bad)).toBeNull();
  });
});

describe('exactYuanCents: the one reader of yuan text', () => {
  it('reads every amount formatYuan writes, and the shorter forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const whole = Math.floor(cents / 100);
        const frac = cents % 100;
        return (
          exactYuanCents(formatYuan(cents)) === cents &&
          (frac !== 0 || exactYuanCents(String(whole)) === cents) &&
          (frac % 10 !== 0 || exactYuanCents(`${whole}.${frac / 10}`) === cents)
        );
      }),
    );
  });

  it('refuses padding, signs, exponents and three decimals', () => {
    fc.assert(fc.property(fc.integer({ min: 100, max: 99_999_999 }), (cents) => [...reshaped(formatYuan(cents)), `${formatYuan(cents)}0`].every((text) => exactYuanCents(text) === null)));
  });
});

describe('every amount field of the calls reads amounts exactly', () => {
  const AMOUNT_FIELDS = [
    { spec: profitTixian, name: 'amount_cents', valid: 1000, malformed: WITHDRAW_MSG.amountFormat },
    { spec: balanceTixian, name: 'amount_cents', valid: 1000, malformed: WITHDRAW_MSG.amountFormat },
    { spec: createOrder, name: 'amount_cents', valid: 600, malformed: MONEY_MSG.amountInvalid },
    { spec: getCheckoutCoupons, name: 'amount_cents', valid: 600, malformed: MONEY_MSG.amountInvalid },
    { spec: submitListing, name: 'price_cents', valid: 1000, malformed: TRADE_MSG.priceFormat },
    { spec: saveListingDraft, name: 'price_cents', valid: 1000, malformed: TRADE_MSG.priceFormat },
    { spec: getListings, name: 'min_price_cents', valid: 1000, malformed: TRADE_MSG.priceRangeBad },
  ] as const;

  it.each(AMOUNT_FIELDS.map((f) => [`${f.spec.path} ${f.name}`, f] as const))('%s: the number and its digits pass; padded, signed or exponent forms are refused as malformed', (_name, f) => {
    const schema = (f.spec.fields.entries as Record<string, v.GenericSchema>)[f.name]!;
    expect(schema).toBeDefined();
    const check = (value: unknown) => v.safeParse(schema, value);
    expect(check(f.valid)).toMatchObject({ success: true, output: f.valid });
    expect(check(String(f.valid))).toMatchObject({ success: true, output: f.valid });
    for (const text of reshaped(String(f.valid))) {
      const r = check(text);
      expect(r.success, JSON.stringify(text)).toBe(false);
      expect(r.issues?.[0]?.message, JSON.stringify(text)).toBe(f.malformed);
    }
  });

  it('the withdrawal form forgives spaces typed at the ends only', () => {
    expect(parseYuanAmount(' 12.5 ')).toEqual({ ok: true, value: 1250 });
    expect(parseYuanAmount('+12.5')).toEqual({ ok: false, message: WITHDRAW_MSG.amountFormat });
    expect(parseYuanAmount('1e3')).toEqual({ ok: false, message: WITHDRAW_MSG.amountFormat });
    expect(parseYuanAmount('1 2')).toEqual({ ok: false, message: WITHDRAW_MSG.amountFormat });
  });
});
