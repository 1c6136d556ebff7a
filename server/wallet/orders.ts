import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import * as calls from '../../api/protocol/calls/order.ts';
import { getInMoney, getMoney, getOutMoney, type MoneyRecord } from '../../api/protocol/calls/wallet.ts';
import { MONEY_MSG, SUB_ACCOUNTS_PER_GAME, formatYuan } from '../../api/protocol/money.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import type { ServerConfig } from '../config.ts';
import { artUrl, conditionText, escapeXml, iso, pageAnswer, pageOf, UNIVERSAL } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { balancesOf } from '../money/ledger.ts';
import { cancelOrder, createOrder, markPaidByProvider, orderView } from '../money/orders.ts';
import { sandboxPay, SANDBOX_CASHIER_PATH } from '../money/payments/sandbox.ts';
import { moneyServices } from '../money/services.ts';
import { registerSimGame } from '../money/sim-game.ts';
import { runNotificationPass } from '../money/jobs.ts';

/**
 * Orders and payments: the order calls (/api/order/…), the wallet's balances and
 * ledger-backed records (getMoney, getInMoney, getOutMoney), and the HTTP routes of the parties
 * that live in this server — the sandbox provider's cashier, the merchant's notification endpoint
 * and the simulated game server.
 */

type Db = Kysely<Database>;

const DEFAULT_SERVER = '1服';

async function gameOf(db: Db, platformGameId: number) {
  return db
    .selectFrom('platform_games as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.id as platform_game_id', 'g.id as game_id', 'g.name as game_name', 'g.icon_key'])
    .where('p.id', '=', platformGameId)
    .executeTakeFirst();
}

/** The game's open servers, newest first; a game without any offers 1服. */
export async function serversOf(db: Db, platformGameId: number, now: Date): Promise<string[]> {
  const rows = await db.selectFrom('open_servers').select('server_name').where('platform_game_id', '=', platformGameId).where('open_at', '<=', now).orderBy('open_at', 'desc').execute();
  const names = [...new Set(rows.map((r) => r.server_name))];
  return names.length > 0 ? names : [DEFAULT_SERVER];
}

async function subAccountsOf(db: Db, userId: number, platformGameId: number): Promise<calls.SubAccount[]> {
  const accounts = await db.selectFrom('game_sub_accounts').select(['id', 'name', 'total_topup_cents']).where('user_id', '=', userId).where('platform_game_id', '=', platformGameId).orderBy('id').execute();
  if (accounts.length === 0) return [];
  const roles = await db
    .selectFrom('sim_game_roles')
    .select(['id', 'sub_account_id', 'server_name', 'role_name', 'balance_cents'])
    .where(
      'sub_account_id',
      'in',
      accounts.map((a) => a.id),
    )
    .orderBy('id')
    .execute();
  return accounts.map((a) => ({
    id: a.id,
    name: a.name,
    total_topup_cents: Number(a.total_topup_cents),
    roles: roles.filter((r) => r.sub_account_id === a.id).map((r) => ({ id: r.id, server_name: r.server_name, role_name: r.role_name, balance_cents: Number(r.balance_cents) })),
  }));
}


function couponReason(
  coupon: { game_id: number | null; game_name: string | null; threshold_cents: number; expires_at: Date | string; locked_order_id: number | null },
  order: { kind: string; amount_cents: number; game_id: number | null },
  now: Date,
): string {
  if (order.kind !== 'game') return '仅限游戏充值使用';
  if (new Date(coupon.expires_at) <= now) return '已过期';
  if (coupon.locked_order_id !== null) return '已被其他订单占用';
  if (coupon.game_id !== null && coupon.game_id !== order.game_id) return `仅限《${coupon.game_name ?? ''}》使用`;
  if (coupon.threshold_cents > order.amount_cents) return `未满足使用门槛（${conditionText(coupon.threshold_cents)}）`;
  return '';
}

/** Titles of the wallet's records, from the ledger transaction's kind and its order. */
function recordTitle(kind: string, amount: number, account: string, order: { kind: string | null; subject: string | null; pay_cents: number | null; bonus_cents: number | null }): string {
  const subject = order.subject ?? '';
  switch (kind) {
    case 'payment':
      // A coins order's bonus (first recharge or a card's rate) is its own entry, always less than what was paid.
      if (amount > 0 && order.kind === 'coins' && amount === order.bonus_cents && amount < (order.pay_cents ?? 0)) return `充值赠送（${subject}）`;
      if (order.kind === 'trade') return `购买账号：${subject}`;
      if (amount > 0) return order.kind === 'coins' ? `充值${subject}` : subject;
      return order.kind === 'game' ? `游戏充值：${subject}` : order.kind === 'card' ? `购买${subject}` : `兑换${subject}`;
    case 'refund':
      return order.kind === 'trade' ? `账号交易退款：${subject}` : `充值退款：${subject}`;
    case 'trade_proceeds':
      return `账号出售所得：${subject}`;
    case 'card_benefit':
      return '会员卡每日乐玩币';
    case 'withdrawal':
      return '余额提现';
    case 'withdrawal_rejected':
      return '提现驳回，退回余额';
    case 'store_coins':
      return '积分兑换乐玩币';
    default:
      return account === 'coins' ? '乐玩币变动' : '余额变动';
  }
}

async function moneyRecords(db: Db, userId: number, direction: 'in' | 'out', account: 'wallet' | 'coins' | undefined, input: { page: number; limit: number }) {
  const page = pageOf(input);
  // The page's entries are chosen from the player's accounts alone, and only those few are joined
  // to their transaction and order: a player with thousands of entries costs a sort of their ids,
  // not thousands of joins (bench/scale.bench.ts).
  const accounts = db.selectFrom('ledger_accounts').select('id').where('user_id', '=', userId).where('kind', 'in', account ? [account] : ['wallet', 'coins']);
  const entries = db.selectFrom('ledger_entries as e').where('e.account_id', 'in', accounts).where('e.amount', direction === 'in' ? '>' : '<', 0);
  const { total } = await entries.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const pageOfEntries = entries.select(['e.id', 'e.amount', 'e.created_at', 'e.account_id', 'e.transaction_id']).orderBy('e.id', 'desc').limit(page.limit).offset(page.offset);
  const rows = await db
    .selectFrom(pageOfEntries.as('e'))
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .select(['e.id', 'e.amount', 'e.created_at', 'a.kind as account', 't.kind', 'o.order_number', 'o.kind as order_kind', 'o.subject', 'o.pay_cents', 'o.bonus_cents'])
    .orderBy('e.id', 'desc')
    .execute();
  const list: MoneyRecord[] = rows.map((r) => ({
    id: Number(r.id),
    account: r.account as 'wallet' | 'coins',
    amount_cents: Number(r.amount),
    kind: r.kind,
    title: recordTitle(r.kind, Number(r.amount), r.account, { kind: r.order_kind, subject: r.subject, pay_cents: r.pay_cents, bonus_cents: r.bonus_cents }),
    order_number: r.order_number,
    created_at: iso(r.created_at),
  }));
  return pageAnswer(page, list, Number(total));
}

export const orderCalls = defineCalls(
  handle(calls.createOrder, async ({ db, user, config, now, input }) => {
    const services = moneyServices(config);
    const result = await createOrder({ db, provider: services.provider, notifyUrl: services.notifyUrl, now }, user.id, input);
    return result.ok ? ok(result.order) : refuse(result.message);
  }),
  handle(calls.getOneOrder, async ({ db, user, input }) => {
    const row = await db.selectFrom('orders').selectAll().where('order_number', '=', input.order_number).where('user_id', '=', user.id).executeTakeFirst();
    return row ? ok(await orderView(db, row)) : refuse(MONEY_MSG.orderMissing);
  }),
  handle(calls.cancelOrder, async ({ db, user, config, now, input }) => {
    const result = await cancelOrder(db, moneyServices(config).provider, user.id, input.order_number, now);
    return result.ok ? ok(result.order) : refuse(result.message);
  }),
  handle(calls.getMyOrders, async ({ db, user, input }) => {
    const page = pageOf(input);
    // Trade orders are listed by /traderecord (getTradeRecords), not among the recharges.
    let query = db.selectFrom('orders').where('user_id', '=', user.id).where('kind', '<>', 'trade');
    if (input.kind) query = query.where('kind', '=', input.kind);
    if (input.status) query = query.where('status', 'in', input.status === 'open' ? ['created', 'paying'] : input.status === 'done' ? ['paid', 'delivered'] : ['failed', 'expired', 'refunded']);
    const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
    const list = [];
    for (const row of rows) list.push(await orderView(db, row));
    return ok(pageAnswer(page, list, Number(total)));
  }),
  handle(calls.getUserOrders, async ({ db, user, input }) => {
    const page = pageOf(input);
    const query = db.selectFrom('orders').where('user_id', '=', user.id).where('platform_game_id', '=', input.platform_game_id).where('kind', '<>', 'trade');
    const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
    const list = [];
    for (const row of rows) list.push(await orderView(db, row));
    return ok(pageAnswer(page, list, Number(total)));
  }),
  handle(calls.getGameRoles, async ({ db, user, now, input }) => {
    const game = await gameOf(db, input.platform_game_id);
    if (!game) return refuse(MONEY_MSG.gameMissing);
    return ok({
      game_id: game.game_id,
      platform_game_id: game.platform_game_id,
      game_name: game.game_name,
      icon: artUrl('icon', game.icon_key),
      servers: await serversOf(db, game.platform_game_id, now),
      sub_accounts: await subAccountsOf(db, user.id, game.platform_game_id),
    });
  }),
  handle(calls.addSubAccount, async ({ db, user, now, input }) => {
    const game = await gameOf(db, input.platform_game_id);
    if (!game) return refuse(MONEY_MSG.gameMissing);
    if (!(await serversOf(db, game.platform_game_id, now)).includes(input.server_name)) return refuse(MONEY_MSG.serverMissing);
    const created = await db.transaction().execute(async (trx) => {
      // One add at a time per player: the count and the default name see a settled list.
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
      const existing = await trx.selectFrom('game_sub_accounts').select('name').where('user_id', '=', user.id).where('platform_game_id', '=', game.platform_game_id).execute();
      if (existing.length >= SUB_ACCOUNTS_PER_GAME) return MONEY_MSG.subAccountLimit;
      let name = input.name;
      if (name === '') {
        let n = existing.length + 1;
        while (existing.some((e) => e.name === `小号${n}`)) n++;
        name = `小号${n}`;
      }
      if (existing.some((e) => e.name === name)) return MONEY_MSG.subAccountName;
      const account = await trx
        .insertInto('game_sub_accounts')
        .values({ user_id: user.id, game_id: game.game_id, platform_game_id: game.platform_game_id, name, created_at: now })
        .returning(['id', 'name', 'total_topup_cents'])
        .executeTakeFirstOrThrow();
      // The simulated game server creates the account's role on the chosen server.
      const role = await trx
        .insertInto('sim_game_roles')
        .values({ sub_account_id: account.id, server_name: input.server_name, role_name: name, created_at: now })
        .returning(['id', 'server_name', 'role_name', 'balance_cents'])
        .executeTakeFirstOrThrow();
      return { id: account.id, name: account.name, total_topup_cents: Number(account.total_topup_cents), roles: [{ id: role.id, server_name: role.server_name, role_name: role.role_name, balance_cents: Number(role.balance_cents) }] };
    });
    return typeof created === 'string' ? refuse(created) : ok(created);
  }),
  handle(calls.getMyRechargeGames, async ({ db, user }) => {
    const rows = await db
      .selectFrom('game_sub_accounts as s')
      .innerJoin('platform_games as p', 'p.id', 's.platform_game_id')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .select(['s.platform_game_id', 'g.id as game_id', 'g.name as game_name', 'g.icon_key'])
      .select((eb) => [
        eb.fn.countAll<string>().as('sub_account_count'),
        eb.fn.max('s.created_at').as('last_account'),
        sql<Date | null>`(select max(o.created_at) from orders o where o.user_id = ${user.id} and o.platform_game_id = s.platform_game_id)`.as('last_order'),
      ])
      .where('s.user_id', '=', user.id)
      .groupBy(['s.platform_game_id', 'g.id', 'g.name', 'g.icon_key'])
      .execute();
    const time = (d: Date | string | null) => (d === null ? 0 : new Date(d).getTime());
    rows.sort((a, b) => time(b.last_order) - time(a.last_order) || time(b.last_account) - time(a.last_account));
    return ok({
      list: rows.map((r) => ({ game_id: r.game_id, platform_game_id: r.platform_game_id, game_name: r.game_name, icon: artUrl('icon', r.icon_key), sub_account_count: Number(r.sub_account_count) })),
    });
  }),
  handle(calls.getCheckoutCoupons, async ({ db, user, now, input }) => {
    const game = input.platform_game_id ? await gameOf(db, input.platform_game_id) : undefined;
    const order = { kind: input.kind, amount_cents: input.amount_cents ?? 0, game_id: game?.game_id ?? null };
    const rows = await db
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .leftJoin('games as g', 'g.id', 'c.game_id')
      .select(['uc.id', 'uc.expires_at', 'uc.locked_order_id', 'c.name', 'c.amount_cents', 'c.threshold_cents', 'c.game_id', 'g.name as game_name'])
      .where('uc.user_id', '=', user.id)
      .where('uc.used_at', 'is', null)
      // Expired ones stay listed a week (已过期).
      .where('uc.expires_at', '>', new Date(now.getTime() - 7 * 86_400_000))
      .orderBy('uc.expires_at')
      .orderBy('uc.id')
      .execute();
    const usable: calls.CheckoutCoupon[] = [];
    const unusable: calls.CheckoutCoupon[] = [];
    let best: { id: number; cents: number; expires: number } | null = null;
    for (const r of rows) {
      const reason = couponReason(r, order, now);
      const view: calls.CheckoutCoupon = {
        id: r.id,
        name: r.name,
        amount_cents: r.amount_cents,
        threshold_cents: r.threshold_cents,
        condition_text: conditionText(r.threshold_cents),
        game_name: r.game_name ?? UNIVERSAL,
        expires_at: iso(r.expires_at),
        reason,
      };
      (reason === '' ? usable : unusable).push(view);
      if (reason === '') {
        const cents = Math.min(r.amount_cents, order.amount_cents);
        const expires = new Date(r.expires_at).getTime();
        if (!best || cents > best.cents || (cents === best.cents && expires < best.expires)) best = { id: r.id, cents, expires };
      }
    }
    return ok({ best_id: best?.id ?? null, usable, unusable });
  }),
  handle(getMoney, async ({ db, user }) => {
    const balances = await balancesOf(db, user.id, ['wallet', 'coins']);
    return ok({ wallet_cents: balances.wallet ?? 0, coins_cents: balances.coins ?? 0 });
  }),
  handle(getInMoney, async ({ db, user, input }) => ok(await moneyRecords(db, user.id, 'in', input.account, input))),
  handle(getOutMoney, async ({ db, user, input }) => ok(await moneyRecords(db, user.id, 'out', input.account, input))),
);

// ---- HTTP routes of the sandbox provider, the merchant's notification endpoint, the simulated game ----

// img-src data: for the empty icon (the page asks for no /favicon.ico, so no 404 in the console).
const CASHIER_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function cashierPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<link rel="icon" href="data:,"><title>${title}</title><style>` +
    `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#333}` +
    `header{background:#1677ff;color:#fff;padding:14px 16px;font-size:17px;text-align:center}` +
    `main{max-width:375px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:8px;padding:24px 16px;text-align:center}` +
    `.amount{font-size:34px;font-weight:600;margin:12px 0}.subject{color:#666;font-size:14px;word-break:break-all}.note{color:#999;font-size:12px;margin-top:16px}` +
    `form{margin:16px 0 0}button{width:100%;height:46px;border:0;border-radius:23px;font-size:16px}` +
    `.pay{background:#1677ff;color:#fff}.cancel{background:#fff;color:#666;border:1px solid #ddd}` +
    `</style></head><body><header>沙箱收银台</header><main>${body}</main></body></html>`
  );
}

function sendPage(reply: import('fastify').FastifyReply, status: number, html: string) {
  reply.header('cache-control', 'no-store');
  reply.header('content-security-policy', CASHIER_CSP);
  reply.header('referrer-policy', 'no-referrer');
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

const TRADE_NO = /^SB\d{18}$/;

export function registerMoneyRoutes(app: FastifyInstance, deps: { db: Db; config: ServerConfig; now?: () => number; sendAtOnce?: boolean }): void {
  const { db, config } = deps;
  const now = deps.now ?? Date.now;
  // The sandbox's first notification attempt goes out at once (the job retries on the schedule).
  const notifyNow = () => {
    if (deps.sendAtOnce === false) return;
    void runNotificationPass(db, new Date(now()), moneyServices(config).http, app.log).catch((error: unknown) => app.log.error({ err: error }, 'notification send failed'));
  };
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

    scope.get<{ Params: { trade: string } }>(`${SANDBOX_CASHIER_PATH}:trade`, async (request, reply) => {
      const trade = TRADE_NO.test(request.params.trade) ? await db.selectFrom('sandbox_trades').selectAll().where('trade_no', '=', request.params.trade).executeTakeFirst() : undefined;
      if (!trade) return sendPage(reply, 404, cashierPage('沙箱收银台', '<div class="card"><p>交易不存在</p></div>'));
      const head = `<div class="subject">${escapeXml(trade.subject)}</div><div class="amount">¥${formatYuan(trade.amount_cents)}</div><div class="subject">订单号 ${escapeXml(trade.out_trade_no)}</div>`;
      if (trade.status !== 'WAIT_BUYER_PAY') {
        const text = trade.status === 'TRADE_SUCCESS' ? '该交易已支付' : '该交易已关闭';
        return sendPage(reply, 200, cashierPage('沙箱收银台', `<div class="card">${head}<p>${text}</p></div>`));
      }
      const action = `${SANDBOX_CASHIER_PATH}${trade.trade_no}`;
      return sendPage(
        reply,
        200,
        cashierPage(
          '沙箱收银台',
          `<div class="card">${head}` +
            `<form method="post" action="${action}/pay"><button class="pay" type="submit">支付</button></form>` +
            `<form method="post" action="${action}/cancel"><button class="cancel" type="submit">取消</button></form>` +
            `<p class="note">这是沙箱支付，不会产生真实扣款</p></div>`,
        ),
      );
    });

    scope.post<{ Params: { trade: string } }>(`${SANDBOX_CASHIER_PATH}:trade/pay`, async (request, reply) => {
      if (!TRADE_NO.test(request.params.trade)) return sendPage(reply, 404, cashierPage('沙箱收银台', '<div class="card"><p>交易不存在</p></div>'));
      const at = new Date(now());
      const paid = await db.transaction().execute((trx) => sandboxPay(trx, config.money.sandboxPayKey, request.params.trade, at));
      const trade = await db.selectFrom('sandbox_trades').select(['return_url', 'status']).where('trade_no', '=', request.params.trade).executeTakeFirst();
      if (!trade) return sendPage(reply, 404, cashierPage('沙箱收银台', '<div class="card"><p>交易不存在</p></div>'));
      if (paid) notifyNow();
      return reply.redirect(trade.return_url, 303);
    });

    scope.post<{ Params: { trade: string } }>(`${SANDBOX_CASHIER_PATH}:trade/cancel`, async (request, reply) => {
      const trade = TRADE_NO.test(request.params.trade) ? await db.selectFrom('sandbox_trades').select(['out_trade_no', 'return_url']).where('trade_no', '=', request.params.trade).executeTakeFirst() : undefined;
      if (!trade) return sendPage(reply, 404, cashierPage('沙箱收银台', '<div class="card"><p>交易不存在</p></div>'));
      // The trade closes (only while unpaid) and the merchant's order is cancelled with it.
      await cancelOrder(db, moneyServices(config).provider, null, trade.out_trade_no, new Date(now()));
      return reply.redirect(trade.return_url, 303);
    });

    // The merchant's asynchronous notification endpoint: 'success' acknowledges (also a duplicate), 'fail' asks again.
    scope.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (request, reply) => {
      const send = (text: 'success' | 'fail') => reply.status(200).type('text/plain; charset=utf-8').send(text);
      const provider = moneyServices(config).provider;
      if (request.params.provider !== provider.name) return send('fail');
      const form = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
      const checked = provider.verifyNotification(form);
      if (!checked.ok) {
        request.log.warn({ provider: provider.name, reason: checked.reason }, 'payment notification refused');
        return send('fail');
      }
      const outcome = await markPaidByProvider(db, checked.notification, new Date(now()));
      if (outcome === 'amount' || outcome === 'unknown') {
        request.log.error({ order: checked.notification.out_trade_no, outcome }, 'payment notification does not match an order');
        return send('fail');
      }
      return send('success');
    });

    registerSimGame(scope, db, config.money.deliveryKey, now);
  });
}
