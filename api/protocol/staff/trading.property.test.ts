import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { feeOf, LISTING_STATUS_TEXT, LISTING_STATUSES, netOf, TRADE_STATUS_TEXT, TRADE_STATUSES } from '../trade-rules.ts';
import { listings, StaffListing, StaffTrade, trades } from './trading.ts';

/** The 账号交易 answer schemas under arbitrary input: they never throw, never let a malformed item through, and keep every well-formed one as it came. */

const decodeStaffListing = (value: unknown) => {
  const result = v.safeParse(StaffListing, value);
  return result.success ? result.output : null;
};
const decodeStaffTrade = (value: unknown) => {
  const result = v.safeParse(StaffTrade, value);
  return result.success ? result.output : null;
};
const decodeListingPage = (value: unknown) => {
  const result = v.safeParse(listings.answer.schema, value);
  return result.success ? result.output : null;
};
const decodeTradePage = (value: unknown) => {
  const result = v.safeParse(trades.answer.schema, value);
  return result.success ? result.output : null;
};
const LISTING_COUNTS = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as Record<(typeof LISTING_STATUSES)[number], number>;

const iso = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const person = fc.record({ id, nickname: fc.string({ maxLength: 20 }), phone: fc.stringMatching(/^1\d{2}\*{4}\d{4}$/) });
const priced = fc.integer({ min: 600, max: 5_000_000 }).map((price) => ({ price_cents: price, fee_cents: feeOf(price), net_cents: netOf(price) }));
const mediaUrl = fc.stringMatching(/^[0-9a-f]{32}$/).map((hex) => `/media/trade/${hex}.webp`);

const listing: fc.Arbitrary<StaffListing> = fc
  .record({
    id,
    status: fc.constantFrom(...LISTING_STATUSES),
    seller: person,
    game_name: fc.string({ maxLength: 30 }),
    platform_game_id: id,
    sub_account: fc.record({ id, name: fc.string({ maxLength: 20 }), age_days: fc.nat({ max: 3_000 }), topup_cents: fc.nat({ max: 100_000_000 }), created_at: iso }),
    title: fc.string({ minLength: 5, maxLength: 30 }),
    server_name: fc.string({ maxLength: 20 }),
    role_name: fc.string({ maxLength: 20 }),
    description: fc.string({ maxLength: 500 }),
    images: fc.array(mediaUrl, { minLength: 1, maxLength: 9 }),
    has_second_password: fc.boolean(),
    money: priced,
    reject_reason: fc.option(fc.string({ maxLength: 200 }), { nil: null }),
    submitted_at: fc.option(iso, { nil: null }),
    reviewed_at: fc.option(iso, { nil: null }),
    on_sale_at: fc.option(iso, { nil: null }),
  })
  .map(({ money, ...rest }) => ({ ...rest, ...money, status_text: LISTING_STATUS_TEXT[rest.status] }));

const trade: fc.Arbitrary<StaffTrade> = fc
  .record({
    id,
    listing_id: id,
    status: fc.constantFrom(...TRADE_STATUSES),
    order_number: fc.stringMatching(/^T\d{10,20}$/),
    title: fc.string({ minLength: 5, maxLength: 30 }),
    game_name: fc.string({ maxLength: 30 }),
    buyer: person,
    seller: person,
    money: priced,
    paid_at: iso,
    release_at: iso,
    dispute: fc.option(fc.record({ reason: fc.string({ minLength: 1, maxLength: 200 }), opened_at: iso, resolution: fc.option(fc.string({ maxLength: 200 }), { nil: null }), resolved_at: fc.option(iso, { nil: null }) }), { nil: null }),
  })
  .map(({ money, ...rest }) => ({ ...rest, ...money, status_text: TRADE_STATUS_TEXT[rest.status] }));

const junk = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.jsonValue(), fc.constant(-1), fc.constant(1.5), fc.constant('2026-13-45'));

/** Every key of an object, nested ones as paths ('seller.id'). */
function paths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, entry]) => {
    const path = prefix + key;
    return entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? [path, ...paths(entry as object, `${path}.`)] : [path];
  });
}
function withAt(value: unknown, path: string, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  if (next === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = next;
  return copy;
}

/** A short string is a fine value for a free-text field (a title, a name, a reason): not a malformation. */
const textAccepts = (path: string, bad: unknown) => typeof bad === 'string' && bad.length <= 20 && !path.endsWith('_at') && path !== 'status';

describe('账号交易 answer schemas (property)', () => {
  it('never throw on anything; what they keep is well-formed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), junk, fc.record({ list: fc.array(fc.oneof(listing, trade, fc.jsonValue())), counts: fc.dictionary(fc.string(), junk), total: junk })), (value) => {
        const listing = decodeStaffListing(value);
        if (listing) expect(listing.fee_cents + listing.net_cents).toBe(listing.price_cents);
        const trade = decodeStaffTrade(value);
        if (trade) expect(trade.fee_cents + trade.net_cents).toBe(trade.price_cents);
        const listings = decodeListingPage(value);
        if (listings) {
          for (const item of listings.list) {
            expect(LISTING_STATUSES).toContain(item.status);
            expect(item.id).toBeGreaterThan(0);
            for (const src of item.images) expect(typeof src).toBe('string');
          }
          for (const status of LISTING_STATUSES) expect(Number.isSafeInteger(listings.counts[status]) && listings.counts[status] >= 0).toBe(true);
          expect(listings.page).toBeGreaterThan(0);
        }
        const trades = decodeTradePage(value);
        if (trades) {
          for (const item of trades.list) expect(TRADE_STATUSES).toContain(item.status);
          for (const status of TRADE_STATUSES) expect(Number.isSafeInteger(trades.counts[status])).toBe(true);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('a well-formed listing or trade comes through unchanged', () => {
    fc.assert(
      fc.property(listing, (value) => {
        expect(decodeStaffListing(value)).toEqual(value);
      }),
    );
    fc.assert(
      fc.property(trade, (value) => {
        expect(decodeStaffTrade(value)).toEqual(value);
      }),
    );
  });

  it('any one required field missing or of the wrong kind drops the item', () => {
    fc.assert(
      fc.property(
        listing.chain((value) => fc.tuple(fc.constant(value), fc.constantFrom(...paths(value).filter((p) => p !== 'images')))),
        fc.oneof(fc.constant(undefined), fc.constant({}), fc.constant([]), fc.constant(-1), fc.constant(1.5), fc.constant(true), fc.constant('2026-13-45x'), fc.constant('x'.repeat(2_001))),
        ([value, path], bad) => {
          fc.pre(!textAccepts(path, bad) && !(bad === true && path === 'has_second_password'));
          expect(decodeStaffListing(withAt(value, path, bad))).toBeNull();
        },
      ),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(
        trade.chain((value) => fc.tuple(fc.constant(value), fc.constantFrom(...paths(value)))),
        fc.oneof(fc.constant(undefined), fc.constant([]), fc.constant(-1), fc.constant(1.5), fc.constant(true), fc.constant('2026-13-45x'), fc.constant('x'.repeat(2_001))),
        ([value, path], bad) => {
          fc.pre(!textAccepts(path, bad));
          expect(decodeStaffTrade(withAt(value, path, bad))).toBeNull();
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('figures that do not add up (fee + net ≠ price) drop the item', () => {
    fc.assert(
      fc.property(listing, trade, fc.integer({ min: 1, max: 1_000 }), (l, t, delta) => {
        expect(decodeStaffListing({ ...l, net_cents: l.net_cents + delta })).toBeNull();
        expect(decodeStaffTrade({ ...t, fee_cents: t.fee_cents + delta })).toBeNull();
      }),
    );
  });

  it('a screenshot is any address text (the page shows only those it may load, and counts the rest); anything but text is a malformed listing', () => {
    fc.assert(
      fc.property(listing, fc.array(fc.oneof(fc.constant('javascript:alert(1)'), fc.constant('//evil.example/x.png'), fc.constant('/media/a b.png')), { minLength: 1, maxLength: 5 }), (value, bad) => {
        expect(decodeStaffListing({ ...value, images: [...value.images, ...bad] })?.images).toEqual([...value.images, ...bad]);
      }),
    );
    fc.assert(
      fc.property(listing, fc.oneof(fc.integer(), fc.constant(null), fc.constant({})), (value, bad) => {
        expect(decodeStaffListing({ ...value, images: [...value.images, bad] })).toBeNull();
      }),
    );
  });

  it('a page keeps exactly its well-formed items, in order, and reads a count for every status (a missing or malformed one fails the page)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(listing.map((value) => ({ ok: true, value })), fc.jsonValue().map((value) => ({ ok: false, value })))), fc.nat(), (entries, total) => {
        const page = decodeListingPage({ list: entries.map((e) => e.value), total, page: 2, limit: 20, counts: { ...LISTING_COUNTS, reviewing: 3 } });
        expect(page?.list.map((item) => item.id)).toEqual(entries.filter((e) => e.ok).map((e) => (e.value as StaffListing).id));
        expect(page?.counts.reviewing).toBe(3);
        expect(page?.counts.on_sale).toBe(0);
        expect(page?.total).toBe(total);
        expect(page?.page).toBe(2);
        expect(decodeListingPage({ list: [], total, page: 2, limit: 20, counts: { ...LISTING_COUNTS, on_sale: 'x' } })).toBeNull();
        expect(decodeListingPage({ list: [], total, page: 2, limit: 20, counts: { reviewing: 3 } })).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 5 }), (list) => {
        const page = decodeTradePage({ list, total: list.length, page: 1, limit: 20, counts: { cooling: 0, disputed: list.length, released: 0, refunded: 0 } });
        expect(page?.list).toEqual(list);
        expect(page?.counts).toEqual({ cooling: 0, disputed: list.length, released: 0, refunded: 0 });
      }),
    );
    const one = fc.sample(listing, 1)[0]!;
    for (const images of [undefined, null, '/media/a.webp', { 0: '/media/a.webp' }, Array.from({ length: 21 }, () => '/media/a.webp')]) expect(decodeStaffListing({ ...one, images })).toBeNull();
    for (const bad of [null, [], {}, { list: [] }, { counts: {} }, { list: {}, counts: {} }, 'x']) {
      expect(decodeListingPage(bad)).toBeNull();
      expect(decodeTradePage(bad)).toBeNull();
    }
  });
});
