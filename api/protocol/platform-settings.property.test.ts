import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVITE_SETTING_RULES, settingRangeMessage, settingValue, settingValueText, TRADE_SETTING_RULES, tradeSettingsProblem, SETTINGS_MSG } from './platform-settings.ts';
import { TRADE_MAX_PRICE_CENTS, TRADE_MIN_PRICE_CENTS } from './trade-rules.ts';

const RULES = [...Object.values(TRADE_SETTING_RULES), ...Object.values(INVITE_SETTING_RULES)];

describe('规则设置 numbers', () => {
  it('property: a value is taken exactly when it is a whole number (or digit string) inside its range', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RULES), fc.oneof(fc.anything(), fc.integer({ min: -10, max: 200_000_000 }), fc.double(), fc.stringMatching(/^\d{1,12}$/)), (rule, value) => {
        const n = settingValue(rule, value);
        const asNumber = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
        const inRange = Number.isSafeInteger(asNumber) && asNumber >= rule.min && asNumber <= rule.max;
        expect(n).toBe(inRange ? asNumber : null);
      }),
      { numRuns: 3_000 },
    );
  });

  it('the bounds are in range, the ends inclusive, and the messages name them in the console units', () => {
    for (const rule of RULES) {
      expect(settingValue(rule, rule.min)).toBe(rule.min);
      expect(settingValue(rule, rule.max)).toBe(rule.max);
      expect(settingValue(rule, rule.max + 1)).toBeNull();
      expect(settingRangeMessage(rule)).toContain(rule.label);
    }
    expect(settingRangeMessage(TRADE_SETTING_RULES.fee_rate_bp)).toBe('手续费比例须在 0%–50% 之间');
    expect(settingRangeMessage(TRADE_SETTING_RULES.min_price_cents)).toBe('最低售价须在 ¥6.00–¥50000.00 之间');
    expect(settingValueText(TRADE_SETTING_RULES.cooling_off_hours, 72)).toBe('72 小时');
    // The console narrows the players' price range, never widens it.
    expect([TRADE_SETTING_RULES.min_price_cents.min, TRADE_SETTING_RULES.max_price_cents.max]).toEqual([TRADE_MIN_PRICE_CENTS, TRADE_MAX_PRICE_CENTS]);
  });

  it('property: the price range is refused exactly when it is empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: TRADE_MIN_PRICE_CENTS, max: TRADE_MAX_PRICE_CENTS }), fc.integer({ min: TRADE_MIN_PRICE_CENTS, max: TRADE_MAX_PRICE_CENTS }), (min, max) => {
        expect(tradeSettingsProblem({ min_price_cents: min, max_price_cents: max })).toBe(min > max ? SETTINGS_MSG.priceRange : null);
      }),
    );
  });
});
