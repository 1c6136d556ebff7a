import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, TOPUP_PRESETS_YUAN } from '../../../api/protocol/money.ts';
import { amountOf, customAmountInput, parseYuanText } from './amount.ts';

describe('top-up amounts', () => {
  it('whole yuan 1–5000 are accepted as fen; everything else is refused with the exact message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (yuan) => {
        expect(parseYuanText(` ${yuan} `)).toEqual({ ok: true, cents: yuan * 100 });
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 5001, max: 10_000_000 }).map(String), fc.constant('0'), fc.string().filter((s) => !/^\s*\d+\s*$/.test(s)), fc.float().map(String)), (text) => {
        const result = parseYuanText(text);
        if (result.ok) expect(Number(text.trim())).toBeGreaterThanOrEqual(1);
        else expect(result.message).toBe(MONEY_MSG.amountInvalid);
      }),
    );
    expect(parseYuanText('12.5')).toEqual({ ok: false, message: MONEY_MSG.amountInvalid });
    expect(parseYuanText('5001')).toEqual({ ok: false, message: MONEY_MSG.amountInvalid });
  });

  it('presets are the protocol list; the custom field keeps at most 4 digits', () => {
    for (const yuan of TOPUP_PRESETS_YUAN) expect(amountOf({ kind: 'preset', yuan })).toEqual({ ok: true, cents: yuan * 100 });
    expect(amountOf({ kind: 'preset', yuan: 7 }).ok).toBe(false);
    fc.assert(fc.property(fc.string(), (text) => {
        expect(customAmountInput(text)).toMatch(/^\d{0,4}$/);
      }));
  });
});
