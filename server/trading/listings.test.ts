import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-codes.ts';
import { feeOf, netOf, TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import { moneyHarness, type MoneyPlayer } from '../../tests/helpers/money.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import fc from 'fast-check';
import { expireListings } from './listings.ts';
import { sessionStatus } from './sessions.ts';
import { tradeSettings } from './settings.ts';

/**
 * Listings of 小号交易 through the real server: the seller's refusals, the
 * lifecycle (submit → review → on sale → edit → reject → resubmit → withdraw), request_id
 * retries, ownership, the staff review and its roles, concurrent submits and reviews, the feed's
 * search/filter/sort/paging, expiry on a simulated clock, the freeze (no top-up, no log-in) and the
 * texts' numbers.
 */

const START = Date.UTC(2026, 3, 1, 2, 0, 0);
const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('trade listings on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let reviewer: StaffCredentials;
  const m = moneyHarness(() => server, clock, kind === 'pglite' ? '1390150' : '1390151');
  const db = () => server.database.db;
  let serial = 0;
  const rid = () => `tl-${kind}-${String(++serial).padStart(12, '0')}`;
  const staff = (path: string, payload: Record<string, unknown>, who: StaffCredentials = reviewer) => staffCall(server.url, path, payload, who);

  /** A sellable sub-account of the player through the test fixture. */
  async function sellable(who: MoneyPlayer, platformGameId?: number): Promise<{ subId: number; gameId: number; pgId: number }> {
    const made = await m.call('/api/trade/makeTestSubAccount', platformGameId ? { platform_game_id: platformGameId } : {}, who);
    expect(made).toMatchObject({ code: 1, data: { sub_account: { eligible: true, reason: '', listing_id: null } } });
    return { subId: made.data.sub_account.id, gameId: made.data.game.game_id, pgId: made.data.game.platform_game_id };
  }

  /** The player's own 'trade' uploads (as the upload route records them). */
  async function uploads(who: MoneyPlayer, n: number, purpose = 'trade'): Promise<string[]> {
    const keys = Array.from({ length: n }, () => `${purpose}/${randomBytes(16).toString('hex')}.webp`);
    await db()
      .insertInto('uploads')
      .values(keys.map((key) => ({ user_id: who.id, object_key: key, purpose, content_type: 'image/webp', size: 1000, created_at: new Date(clock.current) })))
      .execute();
    return keys;
  }

  const fields = async (who: MoneyPlayer, subId: number, extra: Record<string, unknown> = {}) => ({
    request_id: rid(),
    sub_account_id: subId,
    title: '满级战士 神装全齐 低价出',
    server_name: '1服',
    role_name: '无敌战神',
    description: '全身橙装\n坐骑三只',
    images: await uploads(who, 2),
    second_password_mode: 'set',
    second_password: 'lock1234',
    price_cents: 12_000,
    ...extra,
  });
  const submit = (who: MoneyPlayer, payload: Record<string, unknown>) => m.call('/api/trade/submitListing', payload, who);
  const frozenOf = async (subId: number) => (await db().selectFrom('game_sub_accounts').select('frozen_listing_id').where('id', '=', subId).executeTakeFirstOrThrow()).frozen_listing_id;
  const approve = (id: number) => staff('/staff/api/trading/approve', { id });

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    reviewer = await signedInStaff(db(), 'reviewer', new Date(clock.current));
  });
  afterAll(() => server.close());

  it('refuses sellers without real name, minors, foreign or young or small sub-accounts, foreign images, bad fields', async () => {
    const unverified = await m.signUp(null);
    const u = await sellable(unverified);
    expect(await submit(unverified, await fields(unverified, u.subId))).toEqual({ code: -1, msg: TRADE_MSG.sellerNeedRealName, data: null });
    const minor = await m.signUp('2012-05-01');
    const mi = await sellable(minor);
    expect(await submit(minor, await fields(minor, mi.subId))).toEqual({ code: -1, msg: TRADE_MSG.sellerMinor, data: null });

    const alice = await m.signUp();
    const bob = await m.signUp();
    const b = await sellable(bob);
    expect(await submit(alice, await fields(alice, b.subId))).toEqual({ code: -1, msg: TRADE_MSG.notOwner, data: null });

    // A fresh sub-account (addSubAccount): too young, then old enough but too little top-up.
    const { roleId } = await m.role(alice);
    const { sub_account_id: young } = await db().selectFrom('sim_game_roles').select('sub_account_id').where('id', '=', roleId).executeTakeFirstOrThrow();
    expect(await submit(alice, await fields(alice, young))).toMatchObject({ code: -1, msg: TRADE_MSG.tooYoung });
    const settings = await tradeSettings(db());
    await db().updateTable('game_sub_accounts').set({ created_at: new Date(clock.current - settings.min_age_days * DAY) }).where('id', '=', young).execute();
    expect(await submit(alice, await fields(alice, young))).toMatchObject({ code: -1, msg: TRADE_MSG.tooLittleTopup });
    await db().updateTable('game_sub_accounts').set({ total_topup_cents: settings.min_topup_cents }).where('id', '=', young).execute();

    const refusals: [Record<string, unknown>, string][] = [
      [{ images: await uploads(bob, 1) }, TRADE_MSG.imageBad],
      [{ images: await uploads(alice, 1, 'feedback') }, TRADE_MSG.imageBad],
      [{ images: [] }, TRADE_MSG.imagesMissing],
      [{ images: ['trade/x.webp'] }, TRADE_MSG.imageBad],
      [{ title: '短' }, TRADE_MSG.titleLength],
      [{ price_cents: 599 }, TRADE_MSG.priceMin],
      [{ second_password_mode: 'set', second_password: '' }, TRADE_MSG.passwordLength],
      [{ second_password: 'has space' }, TRADE_MSG.passwordLength],
      [{ request_id: 'short' }, TRADE_MSG.badRequestId],
    ];
    for (const [extra, msg] of refusals) expect(await submit(alice, await fields(alice, young, extra)), JSON.stringify(extra)).toEqual({ code: -1, msg, data: null });
    expect(await frozenOf(young)).toBeNull();
    expect(await submit(alice, await fields(alice, young))).toMatchObject({ code: 1, msg: TRADE_MSG.submitted });
    expect(await frozenOf(young)).not.toBeNull();
  });

  it('lifecycle: submit (frozen, fee, message, retry) → approve → edit → reject → resubmit → withdraw; strangers see only public listings', async () => {
    const seller = await m.signUp();
    const stranger = await m.signUp();
    const s = await sellable(seller);
    const payload = await fields(seller, s.subId, { price_cents: 10_000 });
    const first = await submit(seller, payload);
    expect(first).toMatchObject({
      code: 1,
      msg: TRADE_MSG.submitted,
      data: {
        created: true,
        listing: { status: 'reviewing', status_text: '审核中', price_cents: 10_000, fee_cents: feeOf(10_000), net_cents: netOf(10_000), has_second_password: true, can_edit: false, can_withdraw: true, sub_account: { id: s.subId } },
      },
    });
    const id = first.data.listing.id as number;
    expect(first.data.listing.fee_cents + first.data.listing.net_cents).toBe(10_000);
    expect(first.data.listing.images.map((i: { key: string }) => i.key)).toEqual(payload.images);
    expect(await frozenOf(s.subId)).toBe(id);
    const stored = await db().selectFrom('trade_listings').select('second_password_sealed').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.second_password_sealed).not.toContain('lock1234');
    // The same request_id again: the first result, nothing new.
    expect((await submit(seller, { ...payload, price_cents: 99_999 })).data).toEqual({ ...first.data, created: false });
    expect(await db().selectFrom('trade_listings').select('id').where('sub_account_id', '=', s.subId).execute()).toHaveLength(1);

    // Not public while in review; the seller alone reads and changes it.
    expect(await m.call('/api/trade/getListing', { listing_id: id }, stranger)).toEqual({ code: -1, msg: TRADE_MSG.listingMissing, data: null });
    expect(await m.call('/api/trade/getListing', { listing_id: id })).toEqual({ code: -1, msg: TRADE_MSG.listingMissing, data: null });
    expect(await m.call('/api/trade/getMyListing', { listing_id: id }, stranger)).toEqual({ code: -1, msg: TRADE_MSG.listingMissing, data: null });
    expect(await m.call('/api/trade/withdrawListing', { listing_id: id }, stranger)).toEqual({ code: -1, msg: TRADE_MSG.listingMissing, data: null });
    expect(await submit(stranger, await fields(stranger, s.subId, { listing_id: id }))).toMatchObject({ code: -1, msg: TRADE_MSG.notOwner });
    expect((await m.call('/api/trade/getListing', { listing_id: id }, seller)).data).toMatchObject({ id, is_own: true, status: 'reviewing' });
    expect((await m.call('/api/trade/getMyListing', { listing_id: id }, seller)).data).toMatchObject({ id, status: 'reviewing' });

    const approved = await approve(id);
    expect(approved.body).toMatchObject({ code: 1, msg: TRADE_MSG.approved, data: { listing: { id, status: 'on_sale', seller: { id: seller.id } } } });
    const audit = await db().selectFrom('staff_audit').selectAll().where('target', '=', `trade_listing:${id}`).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'trading.approve', staff_id: reviewer.account.id });
    const mine = (await m.call('/api/trade/getMyListing', { listing_id: id }, seller)).data;
    expect(mine).toMatchObject({ status: 'on_sale', can_edit: true, can_withdraw: true });
    expect(Math.abs(Date.parse(mine.on_sale_at) - clock.current)).toBeLessThan(60_000);
    const settings = await tradeSettings(db());
    expect(Date.parse(mine.expires_at) - Date.parse(mine.on_sale_at)).toBe(settings.listing_ttl_days * DAY);

    const detail = await m.call('/api/trade/getListing', { listing_id: id }, stranger);
    expect(detail.data).toMatchObject({ id, status: 'on_sale', is_own: false, has_second_password: true, role_name: '无敌战神', description: '全身橙装\n坐骑三只', reserved_until: null, seller: { sold_count: 0 } });
    expect(detail.data.images).toEqual(payload.images.map((k) => `/media/${k}`));
    expect(JSON.stringify(detail.data)).not.toContain('lock1234');
    const nickname = (await db().selectFrom('users').select('nickname').where('id', '=', seller.id).executeTakeFirstOrThrow()).nickname;
    expect(detail.data.seller.nickname).not.toBe(nickname);
    expect(detail.data.seller.nickname).toContain('*');

    // Editing an on-sale listing sends it back to review, keeping the password.
    clock.advance(60_000);
    const edited = await submit(seller, await fields(seller, s.subId, { listing_id: id, title: '满级战士 改价急售', price_cents: 8_000, second_password_mode: 'keep', second_password: '' }));
    expect(edited.data.listing).toMatchObject({ id, status: 'reviewing', title: '满级战士 改价急售', price_cents: 8_000, has_second_password: true, on_sale_at: null });
    expect(await m.call('/api/trade/getListing', { listing_id: id }, stranger)).toMatchObject({ code: -1 });

    const rejected = await staff('/staff/api/trading/reject', { id, reason: '截图含联系方式' });
    expect(rejected.body).toMatchObject({ code: 1, msg: TRADE_MSG.rejected, data: { listing: { status: 'rejected', reject_reason: '截图含联系方式' } } });
    expect(await frozenOf(s.subId)).toBeNull();
    expect((await approve(id)).body).toEqual({ code: -1, msg: TRADE_MSG.wrongState, data: null });
    expect(await m.call('/api/trade/withdrawListing', { listing_id: id }, seller)).toEqual({ code: -1, msg: TRADE_MSG.notWithdrawable, data: null });

    // Resubmit, withdraw: released; the password removed on request.
    const again = await submit(seller, await fields(seller, s.subId, { listing_id: id, second_password_mode: 'none' }));
    expect(again.data.listing).toMatchObject({ status: 'reviewing', reject_reason: null, has_second_password: false });
    expect(await frozenOf(s.subId)).toBe(id);
    const withdrawn = await m.call('/api/trade/withdrawListing', { listing_id: id }, seller);
    expect(withdrawn).toMatchObject({ code: 1, msg: TRADE_MSG.withdrawn, data: { listing: { status: 'withdrawn', can_edit: true, can_withdraw: false } } });
    expect(await frozenOf(s.subId)).toBeNull();

    const messages = await db().selectFrom('messages').select(['kind', 'title', 'link']).where('user_id', '=', seller.id).where('source_ref', 'like', `trade-listing:${id}:%`).orderBy('id').execute();
    expect(messages.map((msg) => msg.title)).toEqual(['出售申请已提交', '商品审核通过', '出售申请已提交', '商品审核未通过', '出售申请已提交']);
    expect(messages.every((msg) => msg.kind === 'account_sale' && (msg.link as { path: string }).path === '/sellaccount')).toBe(true);

    const list = await m.call('/api/trade/getMyListings', { page: 1, limit: 10 }, seller);
    expect(list.data).toMatchObject({ total: 1, list: [{ id, status: 'withdrawn' }] });
    expect((await m.call('/api/trade/getMyListings', { page: 1, limit: 10 }, stranger)).data.total).toBe(0);
  });

  it('drafts: saved without freezing, then submitted; another player cannot overwrite them', async () => {
    const seller = await m.signUp();
    const other = await m.signUp();
    const s = await sellable(seller);
    const draft = await m.call('/api/trade/saveListingDraft', { sub_account_id: s.subId, title: '', images: [], price_cents: '' }, seller);
    expect(draft).toMatchObject({ code: 1, msg: TRADE_MSG.saved, data: { listing: { status: 'draft', title: '', price_cents: 0, fee_cents: 0, can_edit: true } } });
    const id = draft.data.listing.id as number;
    expect(await frozenOf(s.subId)).toBeNull();
    expect(await m.call('/api/trade/saveListingDraft', { listing_id: id, sub_account_id: s.subId, title: '别人的草稿改一下' }, other)).toMatchObject({ code: -1, msg: TRADE_MSG.notOwner });
    const saved = await m.call('/api/trade/saveListingDraft', { listing_id: id, sub_account_id: s.subId, title: '草稿标题五个字', price_cents: 2_000 }, seller);
    expect(saved.data.listing).toMatchObject({ id, title: '草稿标题五个字', price_cents: 2_000, fee_cents: feeOf(2_000), net_cents: netOf(2_000) });
    const submitted = await submit(seller, await fields(seller, s.subId, { listing_id: id }));
    expect(submitted.data.listing).toMatchObject({ id, status: 'reviewing' });
    expect(await m.call('/api/trade/saveListingDraft', { listing_id: id, sub_account_id: s.subId, title: '审核中不能存草稿' }, seller)).toMatchObject({ code: -1, msg: TRADE_MSG.notEditable });
    // A second listing of the same sub-account cannot go live.
    expect(await submit(seller, await fields(seller, s.subId))).toMatchObject({ code: -1, msg: TRADE_MSG.alreadyListed });
  });

  it('10 concurrent submits of one sub-account: one live listing; 10 retries of one request_id: one listing', async () => {
    const seller = await m.signUp();
    const s = await sellable(seller);
    const payloads = await Promise.all(Array.from({ length: 10 }, () => fields(seller, s.subId)));
    const answers = await Promise.all(payloads.map((p) => submit(seller, p)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === -1).every((a) => a.msg === TRADE_MSG.alreadyListed)).toBe(true);
    const live = await db().selectFrom('trade_listings').select('id').where('sub_account_id', '=', s.subId).where('status', 'in', ['reviewing', 'on_sale', 'reserved']).execute();
    expect(live).toHaveLength(1);
    expect(await frozenOf(s.subId)).toBe(live[0]!.id);

    const t = await sellable(seller);
    const one = await fields(seller, t.subId);
    const retries = await Promise.all(Array.from({ length: 10 }, () => submit(seller, one)));
    expect(retries.every((a) => a.code === 1)).toBe(true);
    expect(retries.filter((a) => a.data.created === true)).toHaveLength(1);
    expect(new Set(retries.map((a) => a.data.listing.id)).size).toBe(1);
    expect(await db().selectFrom('trade_listings').select('id').where('sub_account_id', '=', t.subId).execute()).toHaveLength(1);
  });

  it('approve racing reject: one wins; staff roles: reviewer and admin may, agent and finance may not', async () => {
    const seller = await m.signUp();
    const s = await sellable(seller);
    const id = (await submit(seller, await fields(seller, s.subId))).data.listing.id as number;
    const admin = await signedInStaff(db(), 'admin', new Date(clock.current));
    const [a, r] = await Promise.all([approve(id), staff('/staff/api/trading/reject', { id, reason: '信息不符' }, admin)]);
    expect([a.body.code, r.body.code].sort()).toEqual([-1, 1]);
    const loser = a.body.code === -1 ? a : r;
    expect(loser.body.msg).toBe(TRADE_MSG.wrongState);
    const status = (await db().selectFrom('trade_listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(status).toBe(a.body.code === 1 ? 'on_sale' : 'rejected');
    expect(await frozenOf(s.subId)).toBe(status === 'on_sale' ? id : null);

    const queue = await staff('/staff/api/trading/listings', { status, page: 1, limit: 50 }, admin);
    expect(queue.body.code).toBe(1);
    expect(queue.body.data.list.some((l: { id: number }) => l.id === id)).toBe(true);
    expect(queue.body.data.counts[status]).toBeGreaterThanOrEqual(1);
    for (const role of ['agent', 'finance'] as const) {
      const who = await signedInStaff(db(), role, new Date(clock.current));
      for (const [path, payload] of [
        ['/staff/api/trading/listings', {}],
        ['/staff/api/trading/approve', { id }],
        ['/staff/api/trading/reject', { id, reason: 'x' }],
      ] as const) {
        expect((await staff(path, payload, who)).body, `${role} ${path}`).toMatchObject({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden });
      }
    }
  });

  it('the feed: keyword, game, price range, sort and paging over on-sale listings only; games with counts', async () => {
    const seller = await m.signUp();
    const games = await db().selectFrom('platform_games').select('id').orderBy('id').limit(2).execute();
    const tag = `测${kind === 'pglite' ? '甲' : '乙'}号`;
    const made: { id: number; price: number; gameId: number }[] = [];
    for (const [i, price] of [3_000, 1_500, 9_900, 700].entries()) {
      const s = await sellable(seller, games[i % 2]!.id);
      const id = (await submit(seller, await fields(seller, s.subId, { title: `${tag}出售第${i}个账号`, price_cents: price }))).data.listing.id as number;
      clock.advance(1_000);
      expect((await approve(id)).body.code).toBe(1);
      made.push({ id, price, gameId: s.gameId });
    }
    const hidden = await sellable(seller);
    await submit(seller, await fields(seller, hidden.subId, { title: `${tag}审核中的不显示` }));

    const get = async (q: Record<string, unknown>) => (await m.call('/api/trade/getListings', { page: 1, limit: 20, keyword: tag, ...q })).data;
    const all = await get({});
    expect(all.total).toBe(4);
    expect(all.list.map((c: { id: number }) => c.id)).toEqual([...made].reverse().map((x) => x.id));
    expect(all.list[0]).toMatchObject({ status: 'on_sale', status_text: '出售中', image_count: 2, cover: expect.stringMatching(/^\/media\/trade\/[0-9a-f]{32}\.webp$/) });
    expect((await get({ sort: 'price_asc' })).list.map((c: { price_cents: number }) => c.price_cents)).toEqual([700, 1_500, 3_000, 9_900]);
    expect((await get({ sort: 'price_desc' })).list.map((c: { price_cents: number }) => c.price_cents)).toEqual([9_900, 3_000, 1_500, 700]);
    expect((await get({ min_price_cents: 1_000, max_price_cents: 5_000, sort: 'price_asc' })).list.map((c: { price_cents: number }) => c.price_cents)).toEqual([1_500, 3_000]);
    const byGame = await get({ game_id: made[0]!.gameId });
    expect(byGame.list.every((c: { game_id: number }) => c.game_id === made[0]!.gameId)).toBe(true);
    expect(byGame.total).toBe(made.filter((x) => x.gameId === made[0]!.gameId).length);
    const page1 = await get({ limit: 3, sort: 'price_asc' });
    const page2 = await get({ page: 2, limit: 3, sort: 'price_asc' });
    expect([...page1.list, ...page2.list].map((c: { price_cents: number }) => c.price_cents)).toEqual([700, 1_500, 3_000, 9_900]);
    expect(page2.total).toBe(4);
    expect(await m.call('/api/trade/getListings', { min_price_cents: 5_000, max_price_cents: 1_000 })).toEqual({ code: -1, msg: TRADE_MSG.priceRangeBad, data: null });
    expect(await m.call('/api/trade/getListings', { sort: 'cheapest' })).toMatchObject({ code: -1, msg: TRADE_MSG.badFilter });
    expect((await get({ keyword: '没有这样的账号标题' })).total).toBe(0);

    const gamesList = (await m.call('/api/trade/getListingGames', {})).data.list as { game_id: number; count: number }[];
    for (const g of new Set(made.map((x) => x.gameId))) expect(gamesList.find((x) => x.game_id === g)!.count).toBeGreaterThanOrEqual(made.filter((x) => x.gameId === g).length);
    for (let i = 1; i < gamesList.length; i++) expect(gamesList[i - 1]!.count).toBeGreaterThanOrEqual(gamesList[i]!.count);
  });

  it('expireListings on the simulated clock: due on-sale listings expire, the sub-account is released, the seller told', async () => {
    const seller = await m.signUp();
    const s = await sellable(seller);
    const id = (await submit(seller, await fields(seller, s.subId))).data.listing.id as number;
    expect((await approve(id)).body.code).toBe(1);
    const { expires_at } = await db().selectFrom('trade_listings').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
    const due = new Date(new Date(expires_at!).getTime());
    const dueCount = async (at: Date) =>
      Number((await db().selectFrom('trade_listings').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'on_sale').where('expires_at', '<=', at).executeTakeFirstOrThrow()).n);
    const before = new Date(due.getTime() - 1);
    const dueBefore = await dueCount(before);
    expect(await expireListings(db(), before)).toBe(dueBefore);
    expect((await db().selectFrom('trade_listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('on_sale');
    const expected = await dueCount(due);
    expect(expected).toBeGreaterThanOrEqual(1);
    expect(await expireListings(db(), due)).toBe(expected);
    expect((await db().selectFrom('trade_listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('expired');
    expect(await frozenOf(s.subId)).toBeNull();
    expect(await expireListings(db(), due)).toBe(0);
    const told = await db().selectFrom('messages').select(['title', 'kind']).where('user_id', '=', seller.id).where('source_ref', 'like', `trade-listing:${id}:expired:%`).execute();
    expect(told).toEqual([{ title: '商品已过期下架', kind: 'account_sale' }]);
    expect((await m.call('/api/trade/getMyListing', { listing_id: id }, seller)).data).toMatchObject({ status: 'expired', can_edit: true, expires_at: null });
  });

  it('a frozen sub-account: no top-up (createOrder kind game), no log-in (enterSubAccount), open sessions ended', async () => {
    const seller = await m.signUp();
    const other = await m.signUp();
    const s = await sellable(seller);
    const role = await db().selectFrom('sim_game_roles').select('id').where('sub_account_id', '=', s.subId).executeTakeFirstOrThrow();
    const enter = await m.call('/api/trade/enterSubAccount', { sub_account_id: s.subId }, seller);
    expect(enter).toMatchObject({ code: 1, data: { ticket: expect.stringMatching(/^[0-9a-f]{48}$/) } });
    expect(await m.call('/api/trade/enterSubAccount', { sub_account_id: s.subId }, other)).toEqual({ code: -1, msg: TRADE_MSG.notOwner, data: null });
    const check = async (ticket: string) => (await (await fetch(`${server.url}/sim-game/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket }) })).json()) as { status: string };
    expect(await check(enter.data.ticket)).toEqual({ status: 'active' });
    expect(await check('0'.repeat(48))).toEqual({ status: 'unknown' });

    const id = (await submit(seller, await fields(seller, s.subId))).data.listing.id as number;
    expect(await check(enter.data.ticket)).toEqual({ status: 'ended' });
    expect(await m.call('/api/trade/enterSubAccount', { sub_account_id: s.subId }, seller)).toEqual({ code: -1, msg: TRADE_MSG.frozen, data: null });
    expect(await m.call('/api/order/createOrder', { idempotency_key: m.key(), kind: 'game', amount_cents: 1_000, role_id: role.id }, seller)).toEqual({ code: -1, msg: TRADE_MSG.frozen, data: null });
    const sell = (await m.call('/api/trade/getSellGames', {}, seller)).data;
    const listed = sell.platforms.flatMap((p: { games: { sub_accounts: { id: number }[] }[] }) => p.games.flatMap((g) => g.sub_accounts)).find((x: { id: number }) => x.id === s.subId);
    expect(listed).toMatchObject({ eligible: false, reason: TRADE_MSG.alreadyListed, listing_id: id, roles: [{ server_name: '1服' }] });
    expect(sell.rules).toMatchObject({ min_price_cents: 600, fee_rate_bp: 500 });

    // The game's check never throws: any text that is not a live ticket is unknown.
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (text) => {
        expect(await sessionStatus(db(), text, new Date(clock.current))).toBe('unknown');
      }),
      { numRuns: 50 },
    );
    const bad = await fetch(`${server.url}/sim-game/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: 42 }) });
    expect(await bad.json()).toEqual({ status: 'unknown' });

    await m.call('/api/trade/withdrawListing', { listing_id: id }, seller);
    expect(await m.call('/api/order/createOrder', { idempotency_key: m.key(), kind: 'game', amount_cents: 1_000, role_id: role.id }, seller)).toMatchObject({ code: 1 });
    expect(await m.call('/api/trade/enterSubAccount', { sub_account_id: s.subId }, seller)).toMatchObject({ code: 1 });
  });

  it("upload purpose 'trade': a screenshot becomes a WebP of at most 1600 px under trade/, recorded as the player's, usable in a listing", async () => {
    const seller = await m.signUp();
    const tos = await m.call('/api/upload/getUploadTos', { purpose: 'trade' }, seller);
    expect(tos).toMatchObject({ code: 1, data: { method: 'POST' } });
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
    const res = await fetch(server.url + tos.data.url, { method: 'POST', headers: { 'content-type': 'image/png', authorization: `Bearer ${seller.token}`, 'x-user-uuid': seller.uuid }, body: new Uint8Array(png) });
    const body = (await res.json()) as { code: number; data: { key: string; url: string } };
    expect(res.status).toBe(200);
    expect(body.data.key).toMatch(/^trade\/[0-9a-f]{32}\.webp$/);
    const served = Buffer.from(await (await fetch(server.url + body.data.url)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(await db().selectFrom('uploads').select(['user_id', 'purpose']).where('object_key', '=', body.data.key).executeTakeFirst()).toEqual({ user_id: seller.id, purpose: 'trade' });
    const s = await sellable(seller);
    const listed = await submit(seller, await fields(seller, s.subId, { images: [body.data.key] }));
    expect(listed.data.listing.images).toEqual([{ key: body.data.key, url: body.data.url }]);
  });

  it('出售须知 and 交易须知 state the numbers of trade_settings; the fixtures are open in the test build', async () => {
    const sell = await m.call('/api/down/trunkNeedKnow', {});
    expect(sell).toMatchObject({ code: 1, data: { title: '出售须知' } });
    expect(sell.data.content).toContain('创建满<strong>7天</strong>');
    expect(sell.data.content).toContain('累计充值满<strong>30元</strong>');
    expect(sell.data.content).toContain('<strong>5%</strong>');
    expect(sell.data.content).not.toContain('{{');
    const buy = await m.call('/api/down/businessRule', {});
    expect(buy.data.title).toBe('交易须知');
    expect(buy.data.content).toContain('<strong>15分钟</strong>');
    expect(buy.data.content).toContain('<strong>72小时</strong>');
    await db().updateTable('trade_settings').set({ min_age_days: 10, cooling_off_ms: 48 * 3_600_000 }).where('id', '=', 1).execute();
    try {
      expect((await m.call('/api/down/trunkNeedKnow', {})).data.content).toContain('创建满<strong>10天</strong>');
      expect((await m.call('/api/down/businessRule', {})).data.content).toContain('<strong>48小时</strong>');
    } finally {
      await db().updateTable('trade_settings').set({ min_age_days: 7, cooling_off_ms: 72 * 3_600_000 }).where('id', '=', 1).execute();
    }
    expect(await m.call('/api/trade/getTradeTestStatus', {})).toEqual({ code: 1, msg: 'success', data: { enabled: true } });
  });
});
