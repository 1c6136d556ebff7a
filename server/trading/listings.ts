import { sql, type Expression, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ListingCard, ListingDetail, MyListing, SellableSubAccount, SellPlatform } from '../../api/protocol/calls/trade.ts';
import type * as calls from '../../api/protocol/calls/trade.ts';
import type { CallInput } from '../../api/protocol/call-spec.ts';
import type { StaffListing } from '../../api/protocol/staff/trading.ts';
import { formatYuan } from '../../api/protocol/money.ts';
import {
  EDITABLE_LISTING_STATUSES,
  feeOf,
  LISTING_STATUS_TEXT,
  netOf,
  TRADE_MSG,
  tradePriceMaxMsg,
  tradePriceMinMsg,
  tradeTooLittleTopupMsg,
  tradeTooYoungMsg,
  type ListingSort,
  type ListingStatus,
} from '../../api/protocol/trade-rules.ts';
import { artUrl, iso } from '../catalog/index.ts';
import type { Database, TradeListingsTable } from '../db/schema.ts';
import { postMessage } from '../messages/index.ts';
import type { ServerConfig } from '../config.ts';
import { mediaUrl } from '../uploads/index.ts';
import { payeeSealer, realNameFacts } from '../withdrawals/index.ts';
import { endSubAccountSessions } from './sessions.ts';
import { tradeSettings, type TradeSettings } from './settings.ts';

/**
 * Listings of 小号交易: the seller's submissions and drafts, withdrawal, the
 * staff review, expiry, and the public feed. Every change is a conditional UPDATE in one
 * transaction with the sub-account's freeze (game_sub_accounts.frozen_listing_id; the partial
 * unique index trade_listings_one_live keeps one live listing per sub-account) and the seller's
 * message (kind 'account_sale', sourceRef per event). Numbers come from tradeSettings(db).
 */

export type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export type Result<T> = { ok: true; value: T } | { ok: false; message: string };
type Media = Pick<ServerConfig, 'mediaBaseUrl'>;

export const DAY_MS = 86_400_000;
/** Statuses anyone may see (the feed, /wantpay). */
export const PUBLIC_LISTING_STATUSES: readonly ListingStatus[] = ['on_sale', 'reserved'];
const WITHDRAWABLE: readonly ListingStatus[] = ['reviewing', 'on_sale'];
/** What saveListingDraft may overwrite (an on-sale listing is edited by a submission only). */
const DRAFTABLE: readonly ListingStatus[] = ['draft', 'rejected', 'withdrawn', 'expired'];

class Refusal extends Error {
  constructor(readonly refusal: string) {
    super(refusal);
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string; detail?: string } | null;
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint) || (e.detail ?? '').includes(constraint));
}

// ---- Rows and views ----

export type ListingRow = Selectable<TradeListingsTable> & {
  sub_name: string;
  sub_created_at: Date | string;
  sub_topup: string | number;
  game_name: string;
  game_icon_key: string;
};

export function joinedListings(db: Db | Trx) {
  return db
    .selectFrom('trade_listings as l')
    .innerJoin('game_sub_accounts as s', 's.id', 'l.sub_account_id')
    .innerJoin('games as g', 'g.id', 'l.game_id')
    .selectAll('l')
    .select(['s.name as sub_name', 's.created_at as sub_created_at', 's.total_topup_cents as sub_topup', 'g.name as game_name', 'g.icon_key as game_icon_key']);
}

export async function loadListing(db: Db | Trx, id: number): Promise<ListingRow | undefined> {
  return joinedListings(db).where('l.id', '=', id).executeTakeFirst();
}

export const ageDays = (createdAt: Date | string, now: Date): number => Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS));
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const imagesOf = (row: Pick<ListingRow, 'images'>): string[] => (Array.isArray(row.images) ? row.images : typeof row.images === 'string' ? (JSON.parse(row.images) as string[]) : []);

/** An image's URL: an upload key under /media/; the seeded listings name catalogue art paths (/art/…) directly. */
export function imageUrl(media: Media, key: string): string {
  return key.startsWith('/') ? key : mediaUrl(media, key);
}

/** A nickname as strangers see it: the first and last character. */
export function maskNickname(nickname: string): string {
  const chars = Array.from(nickname);
  if (chars.length === 0) return '玩家';
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}**${chars[chars.length - 1]}`;
}

export function listingCard(row: ListingRow, now: Date, media: Media): ListingCard {
  const images = imagesOf(row);
  return {
    id: row.id,
    title: row.title,
    game_id: row.game_id,
    game_name: row.game_name,
    game_icon: artUrl('icon', row.game_icon_key),
    server_name: row.server_name,
    price_cents: row.price_cents ?? 0,
    cover: images[0] ? imageUrl(media, images[0]) : '',
    image_count: images.length,
    topup_cents: Number(row.sub_topup),
    age_days: ageDays(row.sub_created_at, now),
    status: row.status,
    status_text: LISTING_STATUS_TEXT[row.status],
    on_sale_at: iso(row.on_sale_at ?? row.updated_at),
  };
}

export function listingDetail(row: ListingRow, now: Date, media: Media, viewerId: number | null, seller: { nickname: string; sold_count: number }): ListingDetail {
  return {
    ...listingCard(row, now, media),
    role_name: row.role_name,
    description: row.description,
    images: imagesOf(row).map((key) => imageUrl(media, key)),
    has_second_password: row.second_password_sealed !== null,
    seller: { nickname: maskNickname(seller.nickname), sold_count: seller.sold_count },
    is_own: viewerId === row.user_id,
    reserved_until: row.status === 'reserved' ? isoOrNull(row.reserved_until) : null,
  };
}

export function myListing(row: ListingRow, now: Date, media: Media, tradeId: number | null): MyListing {
  return {
    id: row.id,
    status: row.status,
    status_text: LISTING_STATUS_TEXT[row.status],
    sub_account: { id: row.sub_account_id, name: row.sub_name, age_days: ageDays(row.sub_created_at, now), topup_cents: Number(row.sub_topup) },
    game_id: row.game_id,
    platform_game_id: row.platform_game_id,
    game_name: row.game_name,
    game_icon: artUrl('icon', row.game_icon_key),
    title: row.title,
    server_name: row.server_name,
    role_name: row.role_name,
    description: row.description,
    images: imagesOf(row).map((key) => ({ key, url: imageUrl(media, key) })),
    has_second_password: row.second_password_sealed !== null,
    price_cents: row.price_cents ?? 0,
    fee_cents: row.fee_cents,
    net_cents: row.net_cents,
    reject_reason: row.reject_reason,
    created_at: iso(row.created_at),
    submitted_at: isoOrNull(row.submitted_at),
    on_sale_at: isoOrNull(row.on_sale_at),
    expires_at: row.status === 'on_sale' ? isoOrNull(row.expires_at) : null,
    sold_at: isoOrNull(row.sold_at),
    trade_id: tradeId,
    can_edit: EDITABLE_LISTING_STATUSES.includes(row.status),
    can_withdraw: WITHDRAWABLE.includes(row.status),
  };
}

async function tradeIdsOf(db: Db | Trx, listingIds: number[]): Promise<Map<number, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db.selectFrom('trades').select(['id', 'listing_id']).where('listing_id', 'in', listingIds).execute();
  return new Map(rows.map((r) => [r.listing_id, r.id]));
}

export async function myListingViews(db: Db | Trx, rows: ListingRow[], now: Date, media: Media): Promise<MyListing[]> {
  const trades = await tradeIdsOf(db, rows.map((r) => r.id));
  return rows.map((row) => myListing(row, now, media, trades.get(row.id) ?? null));
}

// ---- Messages ----

const yuan = (cents: number) => `¥${formatYuan(cents)}`;

/** The seller's listing events; 'sold' is posted by the purchase (slice S2) in the payment's transaction. */
export type ListingEvent = 'submitted' | 'approved' | 'rejected' | 'expired' | 'sold';

function eventText(row: Pick<ListingRow, 'title' | 'price_cents' | 'net_cents' | 'reject_reason'>, event: ListingEvent): { title: string; content: string } {
  const what = `您出售的「${row.title}」`;
  switch (event) {
    case 'submitted':
      return { title: '出售申请已提交', content: `${what}（售价${yuan(row.price_cents ?? 0)}，预计到手${yuan(row.net_cents)}）已提交审核，审核期间小号已冻结，不能充值或登录。` };
    case 'approved':
      return { title: '商品审核通过', content: `${what}已通过审核，现已上架出售。` };
    case 'rejected':
      return { title: '商品审核未通过', content: `${what}未通过审核：${row.reject_reason ?? ''}。小号已解冻，修改后可重新提交。` };
    case 'expired':
      return { title: '商品已过期下架', content: `${what}上架期满仍未售出，已自动下架，小号已解冻。可编辑后重新提交出售。` };
    case 'sold':
      return { title: '账号已售出', content: `${what}已售出，成交价${yuan(row.price_cents ?? 0)}。扣除手续费后的${yuan(row.net_cents)}将在冷静期结束后转入您的余额。` };
  }
}

export async function tellSeller(trx: Trx, row: Pick<ListingRow, 'id' | 'user_id' | 'title' | 'price_cents' | 'net_cents' | 'reject_reason'>, event: ListingEvent, now: Date, eventRef: string): Promise<void> {
  const { title, content } = eventText(row, event);
  await postMessage(trx, { kind: 'account_sale', userId: row.user_id, title, content, link: { path: '/sellaccount' }, sourceRef: `trade-listing:${row.id}:${event}:${eventRef}` }, now);
}

/** Clears the freeze the listing holds (only its own). */
export async function releaseSubAccount(trx: Trx, subAccountId: number, listingId: number): Promise<void> {
  await trx.updateTable('game_sub_accounts').set({ frozen_listing_id: null }).where('id', '=', subAccountId).where('frozen_listing_id', '=', listingId).execute();
}

// ---- Eligibility ----

/** How many trades of the sub-account are still cooling or disputed (0 or 1). */
function openTradeCount(subAccountId: Expression<number>) {
  return sql<string>`(select count(*) from trades t where t.sub_account_id = ${subAccountId} and t.status in ('cooling', 'disputed'))`;
}

/** Why a sub-account cannot be listed ('' when it can). */
export function ineligibility(
  sub: { created_at: Date | string; total_topup_cents: string | number; frozen_listing_id: number | null; in_trade: boolean | number | string },
  settings: TradeSettings,
  now: Date,
  listingId: number | null = null,
): string {
  if (sub.frozen_listing_id !== null && sub.frozen_listing_id !== listingId) return TRADE_MSG.alreadyListed;
  // Bought and still in its cooling-off (or disputed): a refund would take it back.
  if (sub.in_trade === true || Number(sub.in_trade) > 0) return TRADE_MSG.inTrade;
  if (now.getTime() - new Date(sub.created_at).getTime() < settings.min_age_days * DAY_MS) return tradeTooYoungMsg(settings.min_age_days);
  if (Number(sub.total_topup_cents) < settings.min_topup_cents) return tradeTooLittleTopupMsg(settings.min_topup_cents);
  return '';
}

export async function sellGames(db: Db, userId: number, now: Date): Promise<{ platforms: SellPlatform[]; settings: TradeSettings }> {
  const settings = await tradeSettings(db);
  const subs = await db
    .selectFrom('game_sub_accounts as s')
    .innerJoin('platform_games as p', 'p.id', 's.platform_game_id')
    .innerJoin('platforms as pf', 'pf.id', 'p.platform_id')
    .innerJoin('games as g', 'g.id', 's.game_id')
    .select(['s.id', 's.name', 's.created_at', 's.total_topup_cents', 's.frozen_listing_id', 's.game_id', 's.platform_game_id', 'g.name as game_name', 'g.icon_key', 'pf.id as platform_id', 'pf.name as platform_name', 'pf.sort as platform_sort'])
    .select((eb) => openTradeCount(eb.ref('s.id')).as('in_trade'))
    .where('s.user_id', '=', userId)
    .orderBy('pf.sort')
    .orderBy('pf.id')
    .orderBy('s.platform_game_id')
    .orderBy('s.id')
    .execute();
  const roles = subs.length === 0 ? [] : await db.selectFrom('sim_game_roles').select(['sub_account_id', 'server_name', 'role_name']).where('sub_account_id', 'in', subs.map((s) => s.id)).orderBy('id').execute();
  const platforms: SellPlatform[] = [];
  for (const s of subs) {
    let pf = platforms.find((p) => p.id === s.platform_id);
    if (!pf) platforms.push((pf = { id: s.platform_id, name: s.platform_name, games: [] }));
    let game = pf.games.find((g) => g.platform_game_id === s.platform_game_id);
    if (!game) pf.games.push((game = { game_id: s.game_id, platform_game_id: s.platform_game_id, game_name: s.game_name, game_icon: artUrl('icon', s.icon_key), sub_accounts: [] }));
    const reason = ineligibility(s, settings, now);
    game.sub_accounts.push({
      id: s.id,
      name: s.name,
      age_days: ageDays(s.created_at, now),
      topup_cents: Number(s.total_topup_cents),
      eligible: reason === '',
      reason,
      listing_id: s.frozen_listing_id,
      roles: roles.filter((r) => r.sub_account_id === s.id).map((r) => ({ server_name: r.server_name, role_name: r.role_name })),
    } satisfies SellableSubAccount);
  }
  return { platforms, settings };
}

// ---- Seller: submit, draft, withdraw ----

/** submitListing's checked fields (api/protocol/calls/trade.ts). */
export type SubmitInput = CallInput<typeof calls.submitListing>;

async function findByRequest(db: Db | Trx, userId: number, requestId: string): Promise<ListingRow | undefined> {
  return joinedListings(db).where('l.user_id', '=', userId).where('l.request_id', '=', requestId).executeTakeFirst();
}

/** The images must be the seller's own 'trade' uploads (locked: racing submissions take turns). */
async function checkOwnImages(trx: Trx, userId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const owned = await trx.selectFrom('uploads').select('object_key').where('user_id', '=', userId).where('purpose', '=', 'trade').where('object_key', 'in', keys).forUpdate().execute();
  if (owned.length !== new Set(keys).size) throw new Refusal(TRADE_MSG.imageBad);
}

function checkPriceWithin(price: number, settings: TradeSettings): void {
  if (price < settings.min_price_cents) throw new Refusal(tradePriceMinMsg(settings.min_price_cents));
  if (price > settings.max_price_cents) throw new Refusal(tradePriceMaxMsg(settings.max_price_cents));
}

/**
 * Submits a listing for review (new, or an edit of the seller's draft / rejected / withdrawn /
 * expired / on-sale listing) and freezes its sub-account, ending its game sessions. One seller's
 * submissions take turns (their users row is locked); a request_id seen before answers its
 * listing with created false.
 */
export async function submitListing(db: Db, userId: number, input: SubmitInput, now: Date, secret: string): Promise<Result<{ row: ListingRow; created: boolean }>> {
  const earlier = await findByRequest(db, userId, input.request_id);
  if (earlier) return { ok: true, value: { row: earlier, created: false } };
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const again = await findByRequest(trx, userId, input.request_id);
      if (again) return { ok: true as const, value: { row: again, created: false } };

      const person = await realNameFacts(trx, userId, now);
      if (!person.verified) throw new Refusal(TRADE_MSG.sellerNeedRealName);
      if (!person.adult) throw new Refusal(TRADE_MSG.sellerMinor);

      const sub = await trx
        .selectFrom('game_sub_accounts')
        .select(['id', 'user_id', 'game_id', 'platform_game_id', 'created_at', 'total_topup_cents', 'frozen_listing_id'])
        .select((eb) => openTradeCount(eb.ref('game_sub_accounts.id')).as('in_trade'))
        .where('id', '=', input.sub_account_id)
        .forUpdate()
        .executeTakeFirst();
      if (!sub || sub.user_id !== userId) throw new Refusal(TRADE_MSG.notOwner);

      let existing: Selectable<TradeListingsTable> | undefined;
      if (input.listing_id !== undefined) {
        existing = await trx.selectFrom('trade_listings').selectAll().where('id', '=', input.listing_id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
        if (!existing) throw new Refusal(TRADE_MSG.listingMissing);
        if (!EDITABLE_LISTING_STATUSES.includes(existing.status) || existing.sub_account_id !== sub.id) throw new Refusal(TRADE_MSG.notEditable);
      }
      const settings = await tradeSettings(trx);
      const reason = ineligibility(sub, settings, now, existing?.id ?? null);
      if (reason !== '') throw new Refusal(reason);
      checkPriceWithin(input.price_cents, settings);
      await checkOwnImages(trx, userId, input.images);

      let sealed: string | null = existing?.second_password_sealed ?? null;
      if (input.second_password_mode === 'none') sealed = null;
      else if (input.second_password_mode === 'set') {
        if (input.second_password === '') throw new Refusal(TRADE_MSG.passwordLength);
        sealed = payeeSealer(secret).seal(input.second_password);
      }
      const values = {
        status: 'reviewing' as const,
        title: input.title,
        server_name: input.server_name,
        role_name: input.role_name,
        description: input.description,
        images: JSON.stringify(input.images),
        second_password_sealed: sealed,
        price_cents: input.price_cents,
        fee_cents: feeOf(input.price_cents, settings.fee),
        net_cents: netOf(input.price_cents, settings.fee),
        reject_reason: null,
        request_id: input.request_id,
        reserved_order_id: null,
        reserved_until: null,
        updated_at: now,
        submitted_at: now,
        reviewed_at: null,
        reviewed_by: null,
        on_sale_at: null,
        expires_at: null,
      };
      let id: number;
      if (existing) {
        const updated = await trx
          .updateTable('trade_listings')
          .set(values)
          .where('id', '=', existing.id)
          .where('status', 'in', [...EDITABLE_LISTING_STATUSES])
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw new Refusal(TRADE_MSG.notEditable);
        id = updated.id;
      } else {
        const inserted = await trx
          .insertInto('trade_listings')
          .values({ ...values, user_id: userId, sub_account_id: sub.id, game_id: sub.game_id, platform_game_id: sub.platform_game_id, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      }
      const frozen = await trx
        .updateTable('game_sub_accounts')
        .set({ frozen_listing_id: id })
        .where('id', '=', sub.id)
        .where((eb) => eb.or([eb('frozen_listing_id', 'is', null), eb('frozen_listing_id', '=', id)]))
        .returning('id')
        .executeTakeFirst();
      if (!frozen) throw new Refusal(TRADE_MSG.alreadyListed);
      await endSubAccountSessions(trx, sub.id, 'listed', now);
      const row = (await loadListing(trx, id))!;
      await tellSeller(trx, row, 'submitted', now, input.request_id);
      return { ok: true as const, value: { row, created: true } };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.refusal };
    if (isUniqueViolation(error, 'trade_listings_one_live')) return { ok: false, message: TRADE_MSG.alreadyListed };
    const first = await findByRequest(db, userId, input.request_id);
    if (first) return { ok: true, value: { row: first, created: false } };
    throw error;
  }
}

/** saveListingDraft's checked fields: the empty ones were not checked. */
export type DraftInput = CallInput<typeof calls.saveListingDraft>;

/** Saves a draft: no freeze, no review; only the filled fields were checked. */
export async function saveListingDraft(db: Db, userId: number, input: DraftInput, now: Date): Promise<Result<ListingRow>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const sub = await trx.selectFrom('game_sub_accounts').select(['id', 'user_id', 'game_id', 'platform_game_id']).where('id', '=', input.sub_account_id).executeTakeFirst();
      if (!sub || sub.user_id !== userId) throw new Refusal(TRADE_MSG.notOwner);
      await checkOwnImages(trx, userId, input.images);
      const settings = await tradeSettings(trx);
      if (input.price_cents !== null) checkPriceWithin(input.price_cents, settings);
      const values = {
        title: input.title,
        server_name: input.server_name,
        role_name: input.role_name,
        description: input.description,
        images: JSON.stringify(input.images),
        price_cents: input.price_cents,
        fee_cents: input.price_cents === null ? 0 : feeOf(input.price_cents, settings.fee),
        net_cents: input.price_cents === null ? 0 : netOf(input.price_cents, settings.fee),
        updated_at: now,
      };
      let id: number;
      if (input.listing_id !== undefined) {
        const existing = await trx.selectFrom('trade_listings').select(['id', 'status', 'sub_account_id']).where('id', '=', input.listing_id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
        if (!existing) throw new Refusal(TRADE_MSG.listingMissing);
        if (!DRAFTABLE.includes(existing.status) || existing.sub_account_id !== sub.id) throw new Refusal(TRADE_MSG.notEditable);
        const updated = await trx.updateTable('trade_listings').set(values).where('id', '=', existing.id).where('status', 'in', [...DRAFTABLE]).returning('id').executeTakeFirst();
        if (!updated) throw new Refusal(TRADE_MSG.notEditable);
        id = updated.id;
      } else {
        const inserted = await trx
          .insertInto('trade_listings')
          .values({ ...values, status: 'draft', user_id: userId, sub_account_id: sub.id, game_id: sub.game_id, platform_game_id: sub.platform_game_id, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      }
      return { ok: true as const, value: (await loadListing(trx, id))! };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.refusal };
    throw error;
  }
}

/** The seller takes a reviewing or on-sale listing down; the sub-account is released. */
export async function withdrawListing(db: Db, userId: number, listingId: number, now: Date): Promise<Result<ListingRow>> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('trade_listings')
      .set({ status: 'withdrawn', updated_at: now })
      .where('id', '=', listingId)
      .where('user_id', '=', userId)
      .where('status', 'in', [...WITHDRAWABLE])
      .returning(['id', 'sub_account_id'])
      .executeTakeFirst();
    if (!done) {
      const mine = await trx.selectFrom('trade_listings').select('status').where('id', '=', listingId).where('user_id', '=', userId).executeTakeFirst();
      return { ok: false as const, message: mine ? TRADE_MSG.notWithdrawable : TRADE_MSG.listingMissing };
    }
    await releaseSubAccount(trx, done.sub_account_id, done.id);
    return { ok: true as const, value: (await loadListing(trx, done.id))! };
  });
}

export async function myListings(db: Db, userId: number, status: ListingStatus | undefined, page: number, limit: number): Promise<{ rows: ListingRow[]; total: number }> {
  let query = joinedListings(db).where('l.user_id', '=', userId);
  let count = db.selectFrom('trade_listings').select(sql<string>`count(*)::text`.as('n')).where('user_id', '=', userId);
  if (status) {
    query = query.where('l.status', '=', status);
    count = count.where('status', '=', status);
  }
  const rows = await query.orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc').limit(limit).offset((page - 1) * limit).execute();
  return { rows, total: Number((await count.executeTakeFirstOrThrow()).n) };
}

/** The seller's own listing (any status), or undefined for anyone else's. */
export async function ownListing(db: Db, userId: number, listingId: number): Promise<ListingRow | undefined> {
  return joinedListings(db).where('l.id', '=', listingId).where('l.user_id', '=', userId).executeTakeFirst();
}

// ---- The public feed ----

export interface FeedQuery {
  keyword: string;
  game_id?: number | undefined;
  min_price_cents?: number | undefined;
  max_price_cents?: number | undefined;
  sort?: ListingSort | undefined;
  page: number;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function feed(db: Db, query: FeedQuery): Promise<{ rows: ListingRow[]; total: number }> {
  let q = joinedListings(db).where('l.status', 'in', [...PUBLIC_LISTING_STATUSES]);
  // The count reads the listings alone unless the keyword looks at the game's name: a listing's
  // sub-account and game always exist (foreign key, and the catalogue never deletes a game). With
  // no keyword and no price range it is the kept count (trade_listing_counts, migration 0033).
  let counted = db.selectFrom('trade_listings as l').where('l.status', 'in', [...PUBLIC_LISTING_STATUSES]);
  const keyword = query.keyword.trim();
  if (keyword !== '') {
    const pattern = `%${escapeLike(keyword)}%`;
    q = q.where((eb) => eb.or([eb('l.title', 'ilike', pattern), eb('g.name', 'ilike', pattern), eb('l.server_name', 'ilike', pattern)]));
    counted = counted
      .innerJoin('games as g', 'g.id', 'l.game_id')
      .where((eb) => eb.or([eb('l.title', 'ilike', pattern), eb('g.name', 'ilike', pattern), eb('l.server_name', 'ilike', pattern)]));
  }
  if (query.game_id !== undefined) {
    q = q.where('l.game_id', '=', query.game_id);
    counted = counted.where('l.game_id', '=', query.game_id);
  }
  if (query.min_price_cents !== undefined) {
    q = q.where('l.price_cents', '>=', query.min_price_cents);
    counted = counted.where('l.price_cents', '>=', query.min_price_cents);
  }
  if (query.max_price_cents !== undefined) {
    q = q.where('l.price_cents', '<=', query.max_price_cents);
    counted = counted.where('l.price_cents', '<=', query.max_price_cents);
  }
  const kept = keyword === '' && query.min_price_cents === undefined && query.max_price_cents === undefined;
  let keptCounts = db.selectFrom('trade_listing_counts');
  if (query.game_id !== undefined) keptCounts = keptCounts.where('game_id', '=', query.game_id);
  const { n } = kept
    ? await keptCounts.select(sql<string>`coalesce(sum(public_count), 0)::text`.as('n')).executeTakeFirstOrThrow()
    : await counted.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();
  const sort = query.sort ?? 'newest';
  const ordered =
    sort === 'newest'
      ? q.orderBy('l.on_sale_at', 'desc').orderBy('l.id', 'desc')
      : q.orderBy('l.price_cents', sort === 'price_asc' ? 'asc' : 'desc').orderBy('l.id', 'desc');
  const rows = await ordered.limit(query.limit).offset((query.page - 1) * query.limit).execute();
  return { rows, total: Number(n) };
}

export async function feedGames(db: Db): Promise<{ game_id: number; game_name: string; game_icon: string; count: number }[]> {
  // The kept counts (trade_listing_counts, migration 0033): one row per game, never a recount.
  const rows = await db
    .selectFrom('trade_listing_counts as c')
    .innerJoin('games as g', 'g.id', 'c.game_id')
    .select(['c.game_id', 'g.name', 'g.icon_key', 'c.public_count'])
    .where('c.public_count', '>', 0)
    .orderBy('c.public_count', 'desc')
    .orderBy('c.game_id')
    .execute();
  return rows.map((r) => ({ game_id: r.game_id, game_name: r.name, game_icon: artUrl('icon', r.icon_key), count: r.public_count }));
}

/** /wantpay: public statuses to anyone, the rest to the seller only. */
export async function publicListing(db: Db, listingId: number, viewerId: number | null, now: Date, media: Media): Promise<ListingDetail | null> {
  const row = await loadListing(db, listingId);
  if (!row || (!PUBLIC_LISTING_STATUSES.includes(row.status) && row.user_id !== viewerId)) return null;
  const seller = await db.selectFrom('users').select('nickname').where('id', '=', row.user_id).executeTakeFirst();
  const sold = await db.selectFrom('trade_listings').select(sql<string>`count(*)::text`.as('n')).where('user_id', '=', row.user_id).where('status', '=', 'sold').executeTakeFirstOrThrow();
  return listingDetail(row, now, media, viewerId, { nickname: seller?.nickname ?? '', sold_count: Number(sold.n) });
}

// ---- Staff review ----

export type ReviewAction = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * One review, in the staff call's transaction: reviewing → on_sale (expires after the settings'
 * listing_ttl_days) or → rejected (the sub-account released). Of racing reviews one wins; the
 * other's conditional update matches nothing and is refused with TRADE_MSG.wrongState.
 */
export async function reviewListing(trx: Trx, id: number, staffId: number, action: ReviewAction, now: Date): Promise<Result<{ before: ListingRow; after: ListingRow }>> {
  const before = await loadListing(trx, id);
  if (!before) return { ok: false, message: TRADE_MSG.listingMissing };
  const settings = await tradeSettings(trx);
  const changes =
    action.kind === 'approve'
      ? { status: 'on_sale' as const, reviewed_at: now, reviewed_by: staffId, on_sale_at: now, expires_at: new Date(now.getTime() + settings.listing_ttl_days * DAY_MS), updated_at: now }
      : { status: 'rejected' as const, reviewed_at: now, reviewed_by: staffId, reject_reason: action.reason, updated_at: now };
  const done = await trx.updateTable('trade_listings').set(changes).where('id', '=', id).where('status', '=', 'reviewing').returning('id').executeTakeFirst();
  if (!done) return { ok: false, message: TRADE_MSG.wrongState };
  if (action.kind === 'reject') await releaseSubAccount(trx, before.sub_account_id, id);
  const after = (await loadListing(trx, id))!;
  await tellSeller(trx, after, action.kind === 'approve' ? 'approved' : 'rejected', now, (before.submitted_at ? iso(before.submitted_at) : iso(now)));
  return { ok: true, value: { before, after } };
}

const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export async function staffListingViews(db: Db | Trx, rows: ListingRow[], now: Date, media: Media): Promise<StaffListing[]> {
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'nickname', 'phone']).where('id', 'in', ids).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    status_text: LISTING_STATUS_TEXT[row.status],
    seller: { id: row.user_id, nickname: byId.get(row.user_id)?.nickname ?? '', phone: maskPhone(byId.get(row.user_id)?.phone ?? '') },
    game_name: row.game_name,
    platform_game_id: row.platform_game_id,
    sub_account: { id: row.sub_account_id, name: row.sub_name, age_days: ageDays(row.sub_created_at, now), topup_cents: Number(row.sub_topup), created_at: iso(row.sub_created_at) },
    title: row.title,
    server_name: row.server_name,
    role_name: row.role_name,
    description: row.description,
    images: imagesOf(row).map((key) => imageUrl(media, key)),
    has_second_password: row.second_password_sealed !== null,
    price_cents: row.price_cents ?? 0,
    fee_cents: row.fee_cents,
    net_cents: row.net_cents,
    reject_reason: row.reject_reason,
    submitted_at: isoOrNull(row.submitted_at),
    reviewed_at: isoOrNull(row.reviewed_at),
    on_sale_at: isoOrNull(row.on_sale_at),
  }));
}

// ---- Expiry (slice S2's job runner calls it) ----

/** On-sale listings whose expires_at has come: → expired, the sub-account released, the seller told. */
export async function expireListings(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('trade_listings')
      .set({ status: 'expired', updated_at: now })
      .where('status', '=', 'on_sale')
      .where('expires_at', '<=', now)
      .returning(['id', 'user_id', 'sub_account_id', 'title', 'price_cents', 'net_cents', 'reject_reason', 'expires_at'])
      .execute();
    for (const row of expired) {
      await releaseSubAccount(trx, row.sub_account_id, row.id);
      await tellSeller(trx, row, 'expired', now, iso(row.expires_at ?? now));
    }
    return expired.length;
  });
}
