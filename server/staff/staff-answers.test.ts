/**
 * Every staff call's answer schema (api/protocol/staff/, `staffAnswer(schema, doc)`) run over what
 * the real server sends, as server/calls-answers.test.ts does for the players' calls: a walk makes
 * each call once, in an order that gives it something to answer about (a player's feedback with a
 * picture, a conversation in the desk's queue, withdrawal requests, the seeded listings, a notice,
 * a broadcast, an article …), and each success's `data` must pass the schema with no field the
 * schema does not declare. Calls the walk cannot bring to success are listed in UNREACHED with the
 * reason, held to the truth both ways. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_STAFF_CALL_SPECS } from '../../api/protocol/staff/all.ts';
import { STAFF_CODE } from '../../api/protocol/staff-codes.ts';
import { moneyHarness } from '../../tests/helpers/money.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { playerKit } from '../../tests/helpers/staff-content.ts';
import { answerProblems } from '../../tests/helpers/answer-check.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { platform, player, post } from '../money/ledger.ts';
import { INCOME } from '../rewards/accounts.ts';
import { totpCodeAt } from './totp.ts';

// 2026-03-02 10:00 China time.
const START = Date.UTC(2026, 2, 2, 2, 0, 0);

/** Calls the walk does not bring to success, and why (each is answered, just not with data). */
const UNREACHED: Record<string, string> = {
  '/staff/api/feedback/eventLog': 'needs feedback with an event log attached',
  '/staff/api/trading/approve': 'needs a listing under review (the seeded ones are on sale)',
  '/staff/api/trading/reject': 'needs a listing under review (the seeded ones are on sale)',
  '/staff/api/trading/refund': 'needs a disputed trade',
  '/staff/api/trading/release': 'needs a disputed trade',
};

interface Outcome {
  path: string;
  code: number;
  msg: string;
  problems: string[];
}


/** Whether some list in the answer had an item: a list call whose lists are all empty checked no item. */
function hasItems(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const list = (data as { list?: unknown }).list;
  return Array.isArray(list) && list.length > 0;
}

describe.each(DATABASE_KINDS)('every staff call answers what it declares (%s)', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  const outcomes: Outcome[] = [];
  const listsWithItems = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    const db = server.database.db;
    const admin = await signedInStaff(db, 'admin', new Date(clock.current));
    const specs = new Map(ALL_STAFF_CALL_SPECS.map((spec) => [spec.path, spec]));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely to feed the next call
    const call = async (path: string, payload: Record<string, unknown> = {}, who: StaffCredentials = admin): Promise<any> => {
      const spec = specs.get(path);
      if (!spec) throw new Error(`not a staff call: ${path}`);
      const answer = (await staffCall(server.url, path, payload, who)).body;
      const succeeded = answer.code === STAFF_CODE.ok;
      if (succeeded && hasItems(answer.data)) listsWithItems.add(path);
      outcomes.push({ path, code: answer.code, msg: answer.msg, problems: succeeded ? answerProblems(spec.answer.schema, answer.data) : [] });
      return answer.data;
    };

    // What players bring: feedback with a picture, a conversation asking for a person, two withdrawal requests.
    const kit = playerKit(() => server, clock.now, kind === 'pglite' ? '1375' : '1376');
    const alice = await kit.signUp();
    const picture = await kit.uploadPicture(alice);
    const feedbackId = await kit.submitFeedback(alice, { images: [picture.key], contact: 'QQ 12345' });
    expect(await kit.call('/api/user/sendServiceMessage', { content: '人工客服' }, alice)).toMatchObject({ code: 1 });
    const money = moneyHarness(() => server, clock, kind === 'pglite' ? '1390030' : '1390031');
    const bob = await money.signUp();
    await db
      .transaction()
      .execute((trx) => post(trx, { reference: `test:income:${randomUUID()}`, kind: 'invite_share', memo: '邀请收益', transfers: [{ from: platform('invite_share_expense'), to: player(bob.id, INCOME), amount: 10_000 }] }));
    for (let i = 0; i < 2; i++) {
      const asked = await money.call('/api/user/profitTixian', { request_id: `answers-${kind}-${i}-000000`, amount_cents: 1000, alipay_account: '13800138000', payee_name: '张三' }, bob);
      expect(asked, asked.msg).toMatchObject({ code: 1 });
    }

    await call('/staff/api/auth/me');
    await call('/staff/api/auth/login', { name: admin.account.name, password: admin.account.password, code: totpCodeAt(admin.account.totpSecret, clock.current) });

    const created = await call('/staff/api/accounts/create', { name: `answers-${kind}`, role: 'agent' });
    await call('/staff/api/accounts/list');
    await call('/staff/api/accounts/disable', { id: created.account.id, disabled: '1' });
    await call('/staff/api/accounts/resetPassword', { id: created.account.id });
    await call('/staff/api/accounts/resetTotp', { id: created.account.id });
    await call('/staff/api/accounts/unlock', { id: created.account.id });

    await call('/staff/api/feedback/list', { status: 'pending' });
    await call('/staff/api/feedback/detail', { id: feedbackId });
    await call('/staff/api/feedback/reply', { id: feedbackId, text: '已收到，正在处理', request_id: randomUUID() });
    await call('/staff/api/feedback/eventLog', { id: feedbackId });
    await call('/staff/api/feedback/close', { id: feedbackId });

    const queue = await call('/staff/api/service/queue', { view: 'queued' });
    const conversationId = queue.list[0]?.id as number;
    await call('/staff/api/service/messages', { id: conversationId });
    await call('/staff/api/service/take', { id: conversationId });
    await call('/staff/api/service/reply', { id: conversationId, text: '您好，请问有什么可以帮您？' });
    await call('/staff/api/service/queue', { view: 'mine' });
    await call('/staff/api/service/close', { id: conversationId });
    await call('/staff/api/service/uploadTicket');
    const reply = await call('/staff/api/service/quickReplyCreate', { content: '您好，请稍等', sort: 1 });
    await call('/staff/api/service/quickReplyUpdate', { id: reply.id, content: '您好，请稍等片刻' });
    await call('/staff/api/service/quickReplies');
    await call('/staff/api/service/quickReplyDelete', { id: reply.id });

    await call('/staff/api/notices/preview', { html: '<p>今晚 <strong>2:00</strong> 维护</p>' });
    const notice = await call('/staff/api/notices/publish', { title: '停服维护公告', html: '<p>今晚维护</p>', popup: '1', request_id: randomUUID() });
    await call('/staff/api/notices/list');
    await call('/staff/api/notices/withdraw', { id: notice.notice.id });

    await call('/staff/api/broadcasts/send', { kind: 'activity', title: '周末活动', content: '周末充值双倍积分', link: { path: '/dailymission' }, request_id: randomUUID() });
    await call('/staff/api/broadcasts/list');

    const category = await call('/staff/api/articles/saveCategory', { name: '账号问题', sort_order: 5 });
    await call('/staff/api/articles/categories');
    await call('/staff/api/articles/preview', { html: '<p>进入 <strong>我的</strong></p>' });
    const article = await call('/staff/api/articles/create', { kind: 'faq', category_id: category.category.id, title: '如何修改昵称？', summary: '在个人资料里', content: '<p>进入我的 → 个人资料</p>', cover: '/art/banner/h1v1.svg', sort_order: 9 });
    await call('/staff/api/articles/update', { id: article.article.id, kind: 'faq', category_id: category.category.id, title: '如何修改昵称和头像？', summary: '', content: '<p>进入我的 → 个人资料</p>', sort_order: 9 });
    await call('/staff/api/articles/publish', { id: article.article.id, published: '1' });
    await call('/staff/api/articles/detail', { id: article.article.id });
    await call('/staff/api/articles/list');

    const requests = await call('/staff/api/withdrawals/list', { status: 'submitted' });
    const [first, second] = requests.list as Array<{ id: number }>;
    await call('/staff/api/withdrawals/approve', { id: first!.id });
    await call('/staff/api/withdrawals/pay', { id: first!.id, payout_ref: 'ALIPAY-0001' });
    await call('/staff/api/withdrawals/reject', { id: second!.id, reason: '收款信息有误' });

    await call('/staff/api/trading/listings', { status: 'on_sale' });
    await call('/staff/api/trading/trades');
    const onSale = await db.selectFrom('trade_listings').select('id').orderBy('id').executeTakeFirst();
    await call('/staff/api/trading/approve', { id: onSale?.id ?? 1 });
    await call('/staff/api/trading/reject', { id: onSale?.id ?? 1, reason: '截图不清晰' });
    await call('/staff/api/trading/refund', { id: 1, note: '卖家未交付' });
    await call('/staff/api/trading/release', { id: 1, note: '交付无误' });

    const year = await call('/staff/api/holidays/year', { year: 2026 });
    await call('/staff/api/holidays/save', { year: 2026, revision: year.revision, entries: [{ date: '2026-10-01', kind: 'holiday', name: '国庆节' }] });
    await call('/staff/api/holidays/status');

    const [game] = (await call('/staff/api/open-servers/games', { keyword: '' })).list;
    const opened = (await call('/staff/api/open-servers/create', { game_id: game.id, server_name: '答案1服', open_at: '2026-03-03 10:00' })).server;
    await call('/staff/api/open-servers/update', { id: opened.id, game_id: game.id, server_name: '答案2服', open_at: '2026-03-03 11:00' });
    await call('/staff/api/open-servers/import', { csv: `${game.id},答案3服,2026-03-03 12:00` });
    await call('/staff/api/open-servers/list', { from: '2026-03-03', to: '2026-03-03' });
    await call('/staff/api/open-servers/remove', { id: opened.id });
    await call('/staff/api/home-content/hot-words');
    await call('/staff/api/home-content/pin-hot-word', { word: '答案' });
    await call('/staff/api/home-content/pin-hot-word', { word: '问题' });
    await call('/staff/api/home-content/order-hot-words', { words: ['问题', '答案'] });
    await call('/staff/api/home-content/unpin-hot-word', { word: '问题' });
    await call('/staff/api/home-content/remove-hot-word', { word: '答案' });

    const games = await call('/staff/api/gifts/games', { keyword: '' });
    const pack = await call('/staff/api/gifts/save', { game_id: games.list[0].id, name: '新手礼包', content: '元宝x888', usage: '在福利-兑换码输入', valid_from: new Date(clock.current - 86_400_000).toISOString(), valid_until: new Date(clock.current + 30 * 86_400_000).toISOString(), vip_level: 0 });
    await call('/staff/api/gifts/importCodes', { pack_id: pack.pack.id, text: 'ANSWER-1\nANSWER-2\nANSWER-3\nANSWER-1', file_name: 'codes.txt' });
    await call('/staff/api/gifts/list', { game_id: games.list[0].id });
    const codes = await call('/staff/api/gifts/codes', { pack_id: pack.pack.id, filter: 'free' });
    await call('/staff/api/gifts/withdraw', { pack_id: pack.pack.id, ids: [codes.list[0].id] });

    const coupon = await call('/staff/api/coupons/save', { game_id: games.list[0].id, name: '满100减10', type: 'normal', amount_cents: 1000, threshold_cents: 10_000, valid_days: 7, total: 100 });
    await call('/staff/api/coupons/save', { id: coupon.coupon.id, game_id: games.list[0].id, name: '满100减10元', type: 'normal', amount_cents: 1000, threshold_cents: 10_000, valid_days: 7, total: 50 });
    await call('/staff/api/coupons/issue', { coupon_id: coupon.coupon.id, players: [String(bob.id), bob.phone, '19999999999'], request_id: randomUUID() });
    await call('/staff/api/coupons/list', { status: 'active' });

    const item = await call('/staff/api/store/save', { kind: 'coins', coins_cents: 100, title: '1元乐玩币', points_price: 200, total: 10, per_user_limit: 0, sort: 0 });
    await call('/staff/api/store/save', { id: item.item.id, kind: 'coupon', coupon_id: coupon.coupon.id, title: '10元代金券', image: '/art/x.png', points_price: 600, total: 5, per_user_limit: 2, sort: 3, valid_from: new Date(clock.current - 86_400_000).toISOString(), valid_to: new Date(clock.current + 86_400_000).toISOString() });
    await call('/staff/api/store/setShelf', { id: item.item.id, on: '0' });
    await call('/staff/api/store/list', { status: 'off' });

    const tradeRules = await call('/staff/api/settings/trade');
    await call('/staff/api/settings/save-trade', { ...tradeRules, cooling_off_hours: 48 });
    const inviteRules = await call('/staff/api/settings/invite');
    await call('/staff/api/settings/save-invite', { ...inviteRules, share_days: 90 });

    const found = await call('/staff/api/players/search', { query: '' });
    const someone = found.list[0].id;
    await call('/staff/api/players/detail', { id: someone });
    await call('/staff/api/players/revealPhone', { id: someone });
    await call('/staff/api/players/ban', { id: someone, reason: '答案检查' });
    await call('/staff/api/players/unban', { id: someone });
    await call('/staff/api/players/clearLockout', { id: someone });

    await call('/staff/api/audit/list');
    await call('/staff/api/auth/logout', {}, await signedInStaff(db, 'agent', new Date(clock.current)));
  }, 300_000);
  afterAll(() => server?.close());

  it('every staff call is made by the walk', () => {
    const made = new Set(outcomes.map((o) => o.path));
    expect(ALL_STAFF_CALL_SPECS.map((spec) => spec.path).filter((path) => !made.has(path))).toEqual([]);
  });

  it('each success answer passes its schema, with no undeclared field', () => {
    expect(outcomes.filter((o) => o.problems.length > 0).map((o) => `${o.path}: ${o.problems.join('; ')}`)).toEqual([]);
  });

  it('every call is reached, but those listed with a reason', () => {
    const unreached = Object.fromEntries(outcomes.filter((o) => o.code !== STAFF_CODE.ok).map((o) => [o.path, `${o.code} ${o.msg}`]));
    expect(Object.keys(unreached).filter((path) => !(path in UNREACHED)).map((path) => `${path} → ${unreached[path]}`)).toEqual([]);
    expect(Object.keys(UNREACHED).filter((path) => !(path in unreached))).toEqual([]);
  });

  it('every list is checked on items, not only on an empty page (but the trades: no trade is seeded)', () => {
    const lists = ALL_STAFF_CALL_SPECS.filter((spec) => /\/(list|queue|messages|categories|quickReplies|listings)$/.test(spec.path)).map((spec) => spec.path);
    expect(lists.filter((path) => !listsWithItems.has(path))).toEqual([]);
  });
});
