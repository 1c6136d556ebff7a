/**
 * Every declared call's answer schema (api/protocol/calls/, `answer(schema, doc)`) run over what
 * the real server sends for the seeded data: a player signs up, then each call is made once with
 * a payload that reaches its success answer (signed in where its auth allows), and its `data` must
 * pass the schema with no field the schema does not declare. A failure names the call and the
 * field. Calls this walk cannot bring to success are listed in UNREACHED with the reason, and the
 * list is held to the truth both ways (a listed call that succeeds fails the test too).
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALL_SPECS } from '../api/protocol/calls/all.ts';
import { page } from '../api/protocol/call-spec.ts';
import { CODE } from '../api/protocol/codes.ts';
import type { Fields } from '../api/protocol/wire.ts';
import { answerProblems } from '../tests/helpers/answer-check.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../tests/helpers/wire-client.ts';
import { startSession } from './auth.ts';
import { serversOf } from './wallet/orders.ts';

const START = Date.UTC(2026, 10, 20, 4, 0, 0); // a Friday, noon China time
const PHONE = '13600008888';

/** Payloads that reach each call's success with the seeded data (ids read from it); a call not named gets {}. */
async function payloadsFor(server: TestServer, now: Date): Promise<Record<string, Fields>> {
  const db = server.database.db;
  // A game online with a gift pack still valid, its Android version, and one of its packs.
  const gift = await db.selectFrom('gift_packs as gp').innerJoin('games as g', 'g.id', 'gp.game_id').select(['gp.id', 'gp.game_id']).where('g.online_at', '<=', now).where('gp.valid_until', '>', now).orderBy('gp.id').executeTakeFirstOrThrow();
  const game = gift.game_id;
  const version = (await db.selectFrom('platform_games').select('id').where('game_id', '=', game).where('down_type', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  const upcoming = (await db.selectFrom('games').select('id').where('online_at', '>', now).orderBy('id').executeTakeFirstOrThrow()).id;
  const coupon = (await db.selectFrom('coupons').select('id').where('game_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
  const topic = (await db.selectFrom('topics').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const card = (await db.selectFrom('cards').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const storeItem = (await db.selectFrom('store_items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return {
    '/api/game/getSearchGames': { keyword: '传奇' },
    '/api/game/getGameDetail': { game_id: game },
    '/api/PlatformGame/getPlatformGame': { game_id: game },
    '/api/game/getGiftList': { game_id: game },
    '/api/game/receiveGift': { gift_id: gift.id },
    '/api/game/reserveGame': { game_id: upcoming },
    '/api/game/cancelReserveGame': { game_id: upcoming },
    '/api/game/getDownUrl': { id: version },
    '/api/game/recordDown': { platform_game_id: version, game_id: game },
    '/api/game/reportAddress': { platform_game_id: version, game_id: game, address: 'https://example.com/a.apk' },
    '/api/game/recordGameSize': { game_id: game, game_size: 1024 },
    '/api/topic/getTopicDetail': { id: topic },
    '/api/user/collectGame': { game_id: game, collect: '1' },
    '/api/user/getCollectStatus': { game_id: game },
    '/api/coupon/getCouponList': { game_id: game },
    '/api/coupon/receiveCoupon': { coupon_id: coupon },
    '/api/order/getUserOrders': { platform_game_id: version },
    '/api/order/getGameRoles': { platform_game_id: version },
    '/api/order/addSubAccount': { platform_game_id: version, server_name: (await serversOf(db, version, now))[0]! },
    '/api/order/getCheckoutCoupons': { kind: 'coins', amount_cents: 10_000 },
    '/api/card/getCardDetail': { card_id: card },
    '/api/store/getStoreItem': { item_id: storeItem },
    '/api/down/getMoneyText': { key: 'topup_guide' },
    '/api/user/updateUserInfo': { nickname: '答案测试' },
    '/api/trade/getTradeRecords': { tab: 'on_sale' },
    '/api/user/sendServiceMessage': { content: '你好' },
  };
}

/** Calls this walk does not bring to success, and why (each is answered, just not with data). */
const UNREACHED: Record<string, string> = {
  '/api/login/sendCode': 'a phone not signed up yet: the walk signs up with it before the loop',
  '/api/login/verifyCode': 'needs a recovery code sent to the phone first',
  '/api/login/trendRegister': 'answered in beforeAll (the sign-up every other call uses), not again in the loop',
  '/api/login/userRegister': 'needs a fresh phone and its code',
  '/api/login/userlogin': 'needs a password the player has not set',
  '/api/login/resetPassword': 'needs a verified recovery code',
  '/api/user/realNameAuth': 'needs a valid name and a checksummed id number',
  '/api/upload/getUploadTos': 'needs an upload purpose and a file type',
  '/api/user/headerImgEdit': 'needs the key of an uploaded picture',
  '/api/user/applyCancel': 'needs an SMS code (and would end the account)',
  '/api/user/revokeCancel': 'needs a pending cancellation',
  '/api/user/changeUserTelOne': 'needs an SMS code',
  '/api/user/changeUserTelTwo': 'needs the ticket of changeUserTelOne and the new phone code',
  '/api/user/userChangePassword': 'needs a new password and an SMS code',
  '/api/order/createOrder': 'needs an idempotency key and a payable order',
  '/api/order/getOneOrder': 'needs an order of the player',
  '/api/order/cancelOrder': 'needs an unpaid order of the player',
  '/api/card/claimCardBenefit': 'needs a card the player bought',
  '/api/user/changeLevelCoupon': 'needs a VIP level the new player has not reached',
  '/api/user/getArticleInfo': 'needs a help article id',
  '/api/user/userOpinion': 'needs an idempotency key and feedback text',
  '/api/user/getMessageDetail': 'needs a message sent to the player',
  '/api/user/deleteMessage': 'needs a message sent to the player',
  '/api/user/markNoticeSeen': 'needs a notice id',
  '/api/notice/getNoticeDetail': 'needs a notice id',
  '/api/user/bindInviteCode': 'needs the invite code of another player',
  '/api/user/profitTixian': 'needs an idempotency key and invite income',
  '/api/user/balanceTixian': 'needs an idempotency key and a wallet balance',
  '/api/store/redeemStoreItem': 'needs an item id and points the new player does not have',
  '/api/user/achieveTask': 'needs a finished task',
  '/api/user/settleAdd': 'a make-up check-in needs a missed day; the player signed up today',
  '/api/user/getShareLink': 'needs a task or game to share',
  '/api/user/reportShareVisit': 'needs a share code',
  '/api/trade/submitListing': 'needs an idempotency key and a sellable sub-account',
  '/api/trade/saveListingDraft': 'needs a sellable sub-account',
  '/api/trade/withdrawListing': 'needs a listing of the player',
  '/api/trade/getMyListing': 'needs a listing of the player',
  '/api/trade/enterSubAccount': 'needs a sub-account of the player',
  '/api/trade/getListing': 'needs a listing on sale',
  '/api/trade/buyListing': 'needs an idempotency key and a listing on sale',
  '/api/trade/getTrade': 'needs a trade of the player',
  '/api/trade/openDispute': 'needs a trade of the player',
  '/api/trade/fastForwardTrade': 'needs a trade of the player',
  '/api/coupon/receiveBtCoupon': 'needs a game with BT coupons',
  '/point': 'needs a tracking event',
  '/api/user/subEvaluate': 'a rating needs an order of the player for the game',
  '/api/game/startPlay': 'needs an H5 version of a game',
};

interface Outcome {
  path: string;
  code: number;
  msg: string;
  problems: string[];
}


describe('the answer check', () => {
  const schema = v.object({ id: v.number(), list: v.array(v.object({ name: v.string() })) });
  it('names the field that does not match, and a field sent but not declared', () => {
    expect(answerProblems(schema, { id: 1, list: [{ name: 'a' }] })).toEqual([]);
    expect(answerProblems(schema, { id: '1', list: [] })).toEqual(['id: Invalid type: Expected number but received "1"']);
    expect(answerProblems(schema, { id: 1, list: [{ name: 'a', extra: true }] })).toEqual(['list[0].extra: sent but not declared']);
    const paged = page(v.object({ name: v.string() }));
    expect(answerProblems(paged, { list: [{ name: 'a' }, { name: 1 }], total: 2, page: 1, limit: 20 })).toEqual(['list: 1 of 2 items fail the item schema']);
  });
});

describe.each(DATABASE_KINDS)('every call answers what it declares (%s)', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    const call = wireClient(server.url, clock.now);
    expect(await call('/api/login/sendCode', { phone: PHONE, type: '1' })).toMatchObject({ code: 1 });
    const signedIn = await call('/api/login/trendRegister', { account: PHONE, phone_code: await devSmsCode(server.url, PHONE), agree_agreement: '1' });
    expect(signedIn.code).toBe(CODE.loginOk);
    const uuid = signedIn.data.user_uuid as string;
    const userId = (await server.database.db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
    const payloads = await payloadsFor(server, new Date(clock.current));
    outcomes = [];
    for (const spec of ALL_CALL_SPECS) {
      // Each call its own session: a logout or a password change ends only its own.
      const credentials = spec.auth === 'none' ? null : { token: await startSession(server.database.db, userId, new Date(clock.current)), uuid };
      const answer = await call(spec.path, payloads[spec.path] ?? {}, credentials);
      const succeeded = answer.code === 1 || answer.code === CODE.loginOk;
      outcomes.push({ path: spec.path, code: answer.code, msg: answer.msg, problems: succeeded && spec.answer.schema ? answerProblems(spec.answer.schema, answer.data) : [] });
    }
  }, 300_000);
  afterAll(() => server?.close());

  it('every call has an answer schema', () => {
    expect(ALL_CALL_SPECS.filter((spec) => spec.answer.schema === null).map((spec) => spec.path)).toEqual([]);
  });

  it('each success answer passes its schema, with no undeclared field', () => {
    const failures = outcomes.filter((o) => o.problems.length > 0).map((o) => `${o.path}: ${o.problems.join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('every call is reached, but those listed with a reason', () => {
    const unreached = Object.fromEntries(outcomes.filter((o) => o.code !== 1 && o.code !== CODE.loginOk).map((o) => [o.path, `${o.code} ${o.msg}`]));
    expect(Object.keys(unreached).filter((path) => !(path in UNREACHED)).map((path) => `${path} → ${unreached[path]}`)).toEqual([]);
    expect(Object.keys(UNREACHED).filter((path) => !(path in unreached))).toEqual([]);
  });
});
