import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { LISTING_STATUSES } from '../trade-rules.ts';
import { sampleListing } from '../../../model-tests/listing-lifecycle.paths.ts';
import { getMyListing, getMyListings, getSellGames, makeTestSubAccount, saveListingDraft, submitListing, withdrawListing, type MyListing, type SellPlatform } from './trade.ts';

/** The seller's answers as the client decodes them (request() given the declaration): malformed ones never throw and are the error state (or the record dropped); well-formed ones come back equal. */

const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const dataOf = <T>(outcome: ApiOutcome<T>): T | null => (outcome.kind === 'ok' ? outcome.data : null);
const sellGamesOf = (value: unknown) => dataOf(decode<{ platforms: SellPlatform[]; rules: typeof rules }>(getSellGames, value));
const listingOf = (value: unknown) => dataOf(decode<MyListing>(getMyListing, value));
const listingsOf = (list: unknown) => dataOf(decode<{ list: MyListing[] }>(getMyListings, { list, total: 0, page: 1, limit: 20 }))?.list ?? [];

const rules = { min_age_days: 7, min_topup_cents: 3000, fee_rate_bp: 500, fee_min_cents: 500, min_price_cents: 600, max_price_cents: 5_000_000 };
const subAccount = { id: 5, name: '小号1', age_days: 10, topup_cents: 5000, eligible: true, reason: '', listing_id: null, roles: [{ server_name: '一区', role_name: '剑客' }] };
const sellGames = { platforms: [{ id: 2, name: '乐玩', games: [{ game_id: 3, platform_game_id: 30, game_name: '示例游戏', game_icon: '/media/i.png', sub_accounts: [subAccount] }] }], rules };

const text = fc.string({ maxLength: 12 });
const nat = fc.nat({ max: 10_000_000 });
const id = fc.integer({ min: 1, max: 1_000_000 });
const instant = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

const arbSubAccount = fc.record({
  id,
  name: text,
  age_days: nat,
  topup_cents: nat,
  eligible: fc.boolean(),
  reason: text,
  listing_id: fc.option(id, { nil: null }),
  roles: fc.array(fc.record({ server_name: text, role_name: text }), { maxLength: 3 }),
});
const arbSellGames = fc.record({
  platforms: fc.array(fc.record({ id, name: text, games: fc.array(fc.record({ game_id: id, platform_game_id: id, game_name: text, game_icon: text, sub_accounts: fc.array(arbSubAccount, { maxLength: 3 }) }), { maxLength: 3 }) }), { maxLength: 3 }),
  rules: fc.record({ min_age_days: nat, min_topup_cents: nat, fee_rate_bp: fc.nat({ max: 10_000 }), fee_min_cents: nat, min_price_cents: fc.nat({ max: 1000 }), max_price_cents: fc.integer({ min: 1000, max: 10_000_000 }) }),
});
const arbListing = fc.record({
  id,
  status: fc.constantFrom(...LISTING_STATUSES),
  status_text: text,
  sub_account: fc.record({ id, name: text, age_days: nat, topup_cents: nat }),
  game_id: id,
  platform_game_id: id,
  game_name: text,
  game_icon: text,
  title: text,
  server_name: text,
  role_name: text,
  description: text,
  images: fc.array(fc.record({ key: text, url: text }), { maxLength: 9 }),
  has_second_password: fc.boolean(),
  price_cents: nat,
  fee_cents: nat,
  net_cents: nat,
  reject_reason: fc.option(text, { nil: null }),
  created_at: instant,
  submitted_at: fc.option(instant, { nil: null }),
  on_sale_at: fc.option(instant, { nil: null }),
  expires_at: fc.option(instant, { nil: null }),
  sold_at: fc.option(instant, { nil: null }),
  trade_id: fc.option(id, { nil: null }),
  can_edit: fc.boolean(),
  can_withdraw: fc.boolean(),
});

describe('the seller\'s answers as the client decodes them (property)', () => {
  it('well-formed answers round-trip', () => {
    fc.assert(fc.property(arbSellGames, (games) => {
      expect(sellGamesOf(JSON.parse(JSON.stringify(games)))).toEqual(games);
    }));
    fc.assert(fc.property(arbListing, (listing) => {
      expect(listingOf(JSON.parse(JSON.stringify(listing)))).toEqual(listing);
    }));
    fc.assert(fc.property(arbListing, (listing) => {
      for (const spec of [submitListing, saveListingDraft, withdrawListing]) expect(dataOf(decode<{ listing: MyListing }>(spec, { listing, created: true }))?.listing).toEqual(listing);
    }));
    fc.assert(fc.property(fc.array(arbListing, { maxLength: 5 }), (listings) => {
      expect(listingsOf(listings)).toEqual(listings);
    }));
  });

  it('anything at all: never throws; a non-object is the error state, a list keeps only good records', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const spec of [getSellGames, getMyListing, submitListing, makeTestSubAccount]) {
          const outcome = decode(spec, value);
          if (outcome.kind !== 'ok') expect(outcome).toMatchObject({ kind: 'error', reason: 'badResponse' });
        }
        expect(Array.isArray(listingsOf(value))).toBe(true);
        if (typeof value !== 'object' || value === null) {
          expect(sellGamesOf(value)).toBeNull();
          expect(listingOf(value)).toBeNull();
        }
      }),
    );
  });

  it('a listing with one field broken (wrong type, missing, negative, unknown status) is refused whole, and dropped from a list', () => {
    const good = sampleListing('on_sale');
    const keys = Object.keys(good) as (keyof typeof good)[];
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom<unknown>(undefined, -1, 1.5, 'x', {}, [], true, null), (key, bad) => {
        const broken = { ...good, [key]: bad };
        const result = listingOf(broken);
        // Some breaks are still a valid value of that field (null for the nullable ones, a string for a text).
        const nullableTexts = ['reject_reason', 'submitted_at', 'on_sale_at', 'expires_at', 'sold_at'];
        const stillValid = (bad === null && [...nullableTexts, 'trade_id'].includes(key)) || (typeof bad === 'string' && (typeof good[key] === 'string' || nullableTexts.includes(key)) && key !== 'status') || (typeof bad === 'boolean' && typeof good[key] === 'boolean');
        if (stillValid) expect(result).not.toBeNull();
        else if (key === 'images' && Array.isArray(bad)) expect(result?.images).toEqual([]);
        else expect(result).toBeNull();
        expect(listingsOf([good, broken, good])).toHaveLength(result ? 3 : 2);
      }),
    );
  });

  it('rules a page cannot show make the whole answer the error state; a malformed platform, game or sub-account is dropped', () => {
    expect(sellGamesOf({ ...sellGames, rules: { ...rules, fee_rate_bp: 10_001 } })).toBeNull();
    expect(sellGamesOf({ ...sellGames, rules: { ...rules, min_price_cents: 9_000_000 } })).toBeNull();
    expect(sellGamesOf({ ...sellGames, rules: undefined })).toBeNull();
    expect(sellGamesOf({ ...sellGames, platforms: [...sellGames.platforms, { id: 0, name: 'x', games: [] }] })?.platforms).toHaveLength(1);
    const game = sellGames.platforms[0]!.games[0]!;
    const withBadSub = { ...sellGames, platforms: [{ ...sellGames.platforms[0]!, games: [{ ...game, sub_accounts: [subAccount, { ...subAccount, id: 0 }] }, { ...game, game_id: 'x' }] }] };
    expect(sellGamesOf(withBadSub)?.platforms[0]?.games.map((g) => g.sub_accounts.length)).toEqual([1]);
  });
});
