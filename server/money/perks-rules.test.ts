import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaDate, chinaDayStart, DAY_MS } from '../china-time.ts';
import { chinaMonth } from '../wallet/perks.ts';
import { termOf } from './cards.ts';
import { CARD_PERKS, LEVELS, levelFor, nextLevelCents } from './perks-catalog.ts';

const moment = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });

describe('perks rules', () => {
  it('a term of N days covers exactly N China-time days, the day of purchase first, and ends at a China midnight', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: 1, max: 400 }), (t, days) => {
        const { starts_at, ends_at } = termOf(new Date(t), days);
        expect(starts_at.getTime()).toBe(t);
        expect(chinaDayStart(ends_at).getTime()).toBe(ends_at.getTime());
        const covered = new Set<string>();
        for (let d = chinaDayStart(starts_at).getTime(); d < ends_at.getTime(); d += DAY_MS) covered.add(chinaDate(d));
        expect(covered.size).toBe(days);
        expect(covered.has(chinaDate(t))).toBe(true);
        // A renewal from the end adds N more days exactly.
        const renewal = termOf(ends_at, days);
        expect(renewal.ends_at.getTime() - ends_at.getTime()).toBe(days * DAY_MS);
      }),
    );
  });

  it('levels rise with the money paid, and the next level is the first threshold above', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(levelFor(low)).toBeLessThanOrEqual(levelFor(high));
        const level = levelFor(low);
        expect(level === 0 || low >= LEVELS[level - 1]!.min_paid_cents).toBe(true);
        const next = nextLevelCents(low);
        if (next === null) expect(level).toBe(LEVELS.length);
        else {
          expect(next).toBeGreaterThan(low);
          expect(levelFor(next)).toBe(level + 1);
          expect(levelFor(next - 1)).toBe(level);
        }
      }),
    );
    expect([levelFor(599), levelFor(600), levelFor(10_000), levelFor(500_000)]).toEqual([0, 1, 2, 5]);
  });

  it('names the China-time month', () => {
    fc.assert(
      fc.property(moment, (t) => {
        expect(chinaMonth(new Date(t))).toBe(chinaDate(t).slice(0, 7));
      }),
    );
    expect(chinaMonth(new Date('2026-02-28T16:00:00Z'))).toBe('2026-03');
  });

  it('keeps every perk coupon name unique per source and every coupon within its threshold', () => {
    const cardCoupons = new Map<string, string>();
    for (const spec of Object.values(CARD_PERKS)) {
      const coupons = [...(spec.instant ?? []).map((i) => i.coupon), ...(spec.daily?.kind === 'coupon' ? [spec.daily.coupon] : [])];
      for (const c of coupons) {
        const key = JSON.stringify(c);
        if (cardCoupons.has(c.name)) expect(cardCoupons.get(c.name)).toBe(key);
        cardCoupons.set(c.name, key);
        expect(c.threshold_cents === 0 || c.threshold_cents > c.amount_cents).toBe(true);
      }
    }
    expect(new Set(LEVELS.map((l) => l.coupon.name)).size).toBe(LEVELS.length);
  });
});
