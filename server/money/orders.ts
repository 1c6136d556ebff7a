import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import type { OrderView } from '../../api/protocol/calls/order.ts';
import { MONEY_MSG, ORDER_REQUEST_STALE_MS, ORDER_STATUS_TEXT, ORDER_TTL_MS, type OrderKind, type PayMethod } from '../../api/protocol/money.ts';
import { CHINA_OFFSET_MS } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { protectionSubject, spendAllowance } from '../minors.ts';
import { cardProduct, coinsBonus, fulfilCard, onOrderPaid } from './card-hooks.ts';
import { InsufficientFunds, platform, player, post, type Transfer } from './ledger.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { orderHooks, productOf, type PreparedProduct } from './products.ts';

/**
 * The order service: createOrder with Stripe's idempotency semantics, and every
 * transition of an order — paid, delivered, refunded, expired, cancelled — each in ONE database
 * transaction with a conditional UPDATE (`where status in (…)`) and the ledger posting of the
 * money brief, so duplicates and races move money at most once.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export type OrderRow = Awaited<ReturnType<typeof orderById>>;

/** Refused inside a transaction: the transaction rolls back and the player reads the message. */
export class Refusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refusal';
  }
}

export const ORDER_LOCAL_MSG = {
  coinsWithCoins: '乐玩币不能用乐玩币购买',
} as const;

export interface CreateOrderInput {
  idempotency_key: string;
  kind: OrderKind;
  amount_cents?: number | undefined;
  role_id?: number | null | undefined;
  card_id?: number | null | undefined;
  user_coupon_id?: number | null | undefined;
  pay_method?: PayMethod | undefined;
  /** kind 'trade': the listing bought. */
  listing_id?: number | null | undefined;
}

export interface MoneyContext {
  db: Db;
  provider: PaymentProvider;
  /** The merchant's notification URL for this provider (absolute). */
  notifyUrl: () => string;
  now: Date;
}

/** sha256 of the canonical payload: the same key with another payload is refused. */
export function requestHash(input: CreateOrderInput): string {
  const canonical = JSON.stringify([
    input.kind,
    input.amount_cents ?? null,
    input.role_id ?? null,
    input.card_id ?? null,
    input.user_coupon_id ?? null,
    input.pay_method ?? 'provider',
    // Only trade orders carry it: the hashes of the other kinds stay what they were.
    ...(input.listing_id !== undefined && input.listing_id !== null ? [input.listing_id] : []),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** 'LW' + yyyyMMddHHmmss (China time) + 6 random digits. */
export function orderNumber(now: Date): string {
  const stamp = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `LW${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The app's page the player comes back to from the cashier: /orderpay for a trade order, /rechargepay otherwise. */
export function returnUrl(orderNo: string, kind: OrderKind = 'coins'): string {
  return `${kind === 'trade' ? '/orderpay' : '/rechargepay'}?data=${encodeURIComponent(JSON.stringify({ order_number: orderNo }))}`;
}

async function orderById(db: Db | Trx, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export async function orderView(db: Db | Trx, row: OrderRow): Promise<OrderView> {
  let couponName: string | null = null;
  if (row.user_coupon_id !== null) {
    const coupon = await db.selectFrom('user_coupons as uc').innerJoin('coupons as c', 'c.id', 'uc.coupon_id').select('c.name').where('uc.id', '=', row.user_coupon_id).executeTakeFirst();
    couponName = coupon?.name ?? null;
  }
  return {
    order_number: row.order_number,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    status_text: ORDER_STATUS_TEXT[row.status],
    amount_cents: row.amount_cents,
    coupon_cents: row.coupon_cents,
    pay_cents: row.pay_cents,
    bonus_cents: row.bonus_cents,
    pay_method: row.pay_method,
    pay_url: row.status === 'created' || row.status === 'paying' ? row.pay_url : null,
    game_id: row.game_id,
    platform_game_id: row.platform_game_id,
    game_name: row.game_name,
    server_name: row.server_name,
    role_name: row.role_name,
    card_id: row.card_id,
    coupon_name: couponName,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: iso(row.expires_at),
    paid_at: iso(row.paid_at),
    delivered_at: iso(row.delivered_at),
    closed_at: iso(row.closed_at),
    fail_reason: row.fail_reason,
  };
}

// ---- createOrder ----

export type CreateResult = { ok: true; order: OrderView } | { ok: false; message: string };

/**
 * Stripe's semantics: the key is taken first (its own short transaction). The same key and
 * payload answer the order it made; another payload is refused; a request still in flight is
 * refused (请勿重复提交) until it is ORDER_REQUEST_STALE_MS old, then a retry takes it over.
 * A refused request leaves nothing: the key is free again.
 */
export async function createOrder(ctx: MoneyContext, userId: number, input: CreateOrderInput): Promise<CreateResult> {
  const { db, now } = ctx;
  const hash = requestHash(input);
  const inserted = await db
    .insertInto('order_requests')
    .values({ user_id: userId, idempotency_key: input.idempotency_key, request_hash: hash, order_id: null, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('created_at')
    .executeTakeFirst();
  let claimedAt = now;
  if (!inserted) {
    const existing = await db.selectFrom('order_requests').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', input.idempotency_key).executeTakeFirst();
    if (!existing) return { ok: false, message: MONEY_MSG.inFlight };
    if (existing.request_hash !== hash) return { ok: false, message: MONEY_MSG.keyReused };
    if (existing.order_id !== null) return { ok: true, order: await orderView(db, await orderById(db, existing.order_id)) };
    if (now.getTime() - new Date(existing.created_at).getTime() < ORDER_REQUEST_STALE_MS) return { ok: false, message: MONEY_MSG.inFlight };
    // The first request died: take its key over (one taker wins the conditional update).
    const taken = await db
      .updateTable('order_requests')
      .set({ created_at: now })
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', input.idempotency_key)
      .where('order_id', 'is', null)
      .where('created_at', '=', new Date(existing.created_at))
      .returning('created_at')
      .executeTakeFirst();
    if (!taken) return { ok: false, message: MONEY_MSG.inFlight };
    claimedAt = now;
  }
  try {
    const orderId = await db.transaction().execute((trx) => makeOrder(trx, ctx, userId, input, hash));
    return { ok: true, order: await orderView(db, await orderById(db, orderId)) };
  } catch (error) {
    await db.deleteFrom('order_requests').where('user_id', '=', userId).where('idempotency_key', '=', input.idempotency_key).where('order_id', 'is', null).where('created_at', '=', claimedAt).execute();
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint || (e.message ?? '').includes(constraint));
}

/** What the player paid this China-time month: orders paid or delivered, and open ones (so two open orders cannot pass the cap together). */
async function spentInMonth(trx: Trx, userId: number, month: { from: Date; to: Date }): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(pay_cents), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['paid', 'delivered']), eb('paid_at', '>=', month.from), eb('paid_at', '<', month.to)]),
        eb.and([eb('status', 'in', ['created', 'paying']), eb('created_at', '>=', month.from), eb('created_at', '<', month.to)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What is bought: the order columns createOrder fills from its kind. */
interface OrderProduct {
  kind: OrderKind;
  subject: string;
  amount_cents: number;
  bonus_cents: number;
  game_id: number | null;
  platform_game_id: number | null;
  game_name: string | null;
  card_id: number | null;
  sub_account_id: number | null;
  role_id: number | null;
  server_name: string | null;
  role_name: string | null;
  listing_id: number | null;
}

async function makeOrder(trx: Trx, ctx: MoneyContext, userId: number, input: CreateOrderInput, hash: string): Promise<number> {
  const { now } = ctx;
  // One createOrder at a time per player: the minors' monthly sum and the coupon checks see a settled state.
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const payMethod: PayMethod = input.pay_method ?? 'provider';
  let values: OrderProduct;
  // A kind another domain sells (账号交易): it checks the request and holds what is bought, below.
  const product = productOf(input.kind);
  let prepared: PreparedProduct | null = null;
  if (product !== null) {
    prepared = await product.prepare(trx, userId, { listing_id: input.listing_id, pay_method: payMethod, user_coupon_id: input.user_coupon_id }, now);
    values = { ...base(input.kind, prepared.columns.subject, prepared.columns.amount_cents, 0), ...prepared.columns };
  } else if (input.kind === 'coins') {
    if (input.amount_cents === undefined) throw new Refusal(MONEY_MSG.amountInvalid);
    if (payMethod === 'coins') throw new Refusal(ORDER_LOCAL_MSG.coinsWithCoins);
    const bonus = await coinsBonus(trx, userId, input.amount_cents, now);
    values = base('coins', `${input.amount_cents / 100}乐玩币`, input.amount_cents, bonus.bonus_cents);
  } else if (input.kind === 'game') {
    if (input.amount_cents === undefined) throw new Refusal(MONEY_MSG.amountInvalid);
    if (input.role_id === null || input.role_id === undefined) throw new Refusal(MONEY_MSG.roleMissing);
    const role = await trx
      .selectFrom('sim_game_roles as r')
      .innerJoin('game_sub_accounts as s', 's.id', 'r.sub_account_id')
      .innerJoin('platform_games as p', 'p.id', 's.platform_game_id')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .select(['r.id', 'r.server_name', 'r.role_name', 's.id as sub_account_id', 's.game_id', 's.platform_game_id', 's.frozen_listing_id', 'g.name as game_name'])
      .where('r.id', '=', input.role_id)
      .where('s.user_id', '=', userId)
      .executeTakeFirst();
    if (!role) throw new Refusal(MONEY_MSG.roleMissing);
    // A sub-account held by a listing (reviewing, on sale, reserved) takes no top-up.
    if (role.frozen_listing_id !== null) throw new Refusal(TRADE_MSG.frozen);
    values = {
      ...base('game', `${role.game_name} ${input.amount_cents / 100}元充值`, input.amount_cents, 0),
      game_id: role.game_id,
      platform_game_id: role.platform_game_id,
      game_name: role.game_name,
      sub_account_id: role.sub_account_id,
      role_id: role.id,
      server_name: role.server_name,
      role_name: role.role_name,
    };
  } else {
    if (input.card_id === null || input.card_id === undefined) throw new Refusal(MONEY_MSG.cardMissing);
    const card = await cardProduct(trx, input.card_id);
    if (!card) throw new Refusal(MONEY_MSG.cardMissing);
    values = { ...base('card', card.subject, card.price_cents, 0), card_id: card.card_id };
  }

  // Coupons: game top-ups only, one per order.
  let couponCents = 0;
  const couponId = input.user_coupon_id ?? null;
  if (couponId !== null) {
    if (values.kind !== 'game') throw new Refusal(MONEY_MSG.couponNotForKind);
    const coupon = await trx
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select(['uc.id', 'uc.expires_at', 'uc.used_at', 'uc.locked_order_id', 'c.game_id', 'c.amount_cents', 'c.threshold_cents'])
      .where('uc.id', '=', couponId)
      .where('uc.user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (
      !coupon ||
      coupon.used_at !== null ||
      coupon.locked_order_id !== null ||
      new Date(coupon.expires_at) <= now ||
      (coupon.game_id !== null && coupon.game_id !== values.game_id) ||
      coupon.threshold_cents > values.amount_cents
    )
      throw new Refusal(MONEY_MSG.couponUnusable);
    couponCents = Math.min(coupon.amount_cents, values.amount_cents);
  }
  const payCents = values.amount_cents - couponCents;

  // Minors and unverified accounts: every payment asks first (another domain's product refuses them outright above).
  if (payCents > 0 && prepared === null) {
    const verdict = await spendAllowance(await protectionSubject(trx, userId), payCents, now, (month) => spentInMonth(trx, userId, month));
    if (!verdict.ok) throw new Refusal(verdict.message);
  }

  const number = orderNumber(now);
  // A trade order lives as long as its reservation (what the product holds for it).
  const expiresAt = prepared !== null ? prepared.expiresAt : new Date(now.getTime() + ORDER_TTL_MS);
  let order;
  try {
    order = await trx
      .insertInto('orders')
      .values({
        ...values,
        order_number: number,
        user_id: userId,
        coupon_cents: couponCents,
        user_coupon_id: couponId,
        pay_cents: payCents,
        pay_method: payMethod,
        idempotency_key: input.idempotency_key,
        request_hash: hash,
        status: 'created',
        expires_at: expiresAt,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'orders_open_coupon')) throw new Refusal(MONEY_MSG.couponUnusable);
    throw error;
  }
  if (couponId !== null) {
    const locked = await trx.updateTable('user_coupons').set({ locked_order_id: order.id }).where('id', '=', couponId).where('locked_order_id', 'is', null).where('used_at', 'is', null).returning('id').executeTakeFirst();
    if (!locked) throw new Refusal(MONEY_MSG.couponUnusable);
  }
  if (prepared !== null) await prepared.created(order.id);
  await trx.updateTable('order_requests').set({ order_id: order.id }).where('user_id', '=', userId).where('idempotency_key', '=', input.idempotency_key).execute();

  if (payCents === 0 || payMethod !== 'provider') {
    // Paid at once from 乐玩币 or 余额 (or wholly by the coupon): the same transaction.
    try {
      await settlePaid(trx, order.id, now, payCents === 0 ? 'provider' : payMethod);
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new Refusal(payMethod === 'coins' ? MONEY_MSG.coinsShort : MONEY_MSG.walletShort);
      throw error;
    }
    return order.id;
  }
  let payment;
  try {
    payment = await ctx.provider.createPayment(
      trx,
      { order_number: number, subject: values.subject, pay_cents: payCents, expires_at: expiresAt, notify_url: ctx.notifyUrl(), return_url: returnUrl(number, values.kind) },
      now,
    );
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(MONEY_MSG.providerUnavailable);
  }
  await trx
    .updateTable('orders')
    .set({ status: 'paying', provider: ctx.provider.name, provider_trade_no: payment.trade_no, pay_url: payment.pay_url, updated_at: now })
    .where('id', '=', order.id)
    .execute();
  return order.id;
}

function base(kind: OrderKind, subject: string, amount: number, bonus: number): OrderProduct {
  return {
    kind,
    subject,
    amount_cents: amount,
    bonus_cents: bonus,
    game_id: null,
    platform_game_id: null,
    game_name: null,
    card_id: null,
    sub_account_id: null,
    role_id: null,
    server_name: null,
    role_name: null,
    listing_id: null,
  };
}

// ---- Paid ----

const positive = (transfers: Transfer[]): Transfer[] => transfers.filter((t) => t.amount > 0);

/** The payment posting of the brief, by kind and by who paid. */
export function paymentTransfers(order: { user_id: number; kind: OrderKind; pay_cents: number; coupon_cents: number; bonus_cents: number }, payer: PayMethod): Transfer[] {
  const from = payer === 'provider' ? platform('platform_cash') : player(order.user_id, payer);
  const coins = player(order.user_id, 'coins');
  // 账号交易: held in escrow until the cooling-off ends (server/trading/trades.ts releases or refunds it).
  const product = productOf(order.kind);
  if (product !== null) return positive([{ from, to: platform(product.paidInto), amount: order.pay_cents }]);
  if (order.kind === 'coins') return positive([{ from, to: coins, amount: order.pay_cents }, { from: platform('promotion_expense'), to: coins, amount: order.bonus_cents }]);
  if (order.kind === 'game')
    return positive([
      { from, to: platform('platform_liabilities'), amount: order.pay_cents },
      { from: platform('coupon_expense'), to: platform('platform_liabilities'), amount: order.coupon_cents },
    ]);
  return positive([{ from, to: platform('platform_revenue'), amount: order.pay_cents }]);
}

/**
 * Marks the order paid (only from created or paying: the conditional update) and does what paying
 * means, in the caller's transaction: the ledger posting, the coupon used, the card's term, the
 * on-paid hook; a coins order is then delivered (the coins are credited), a card order too, a game
 * order waits for its delivery (a deliveries row, first attempt due now). Answers false when the
 * order was not open.
 */
export async function settlePaid(trx: Trx, orderId: number, now: Date, payer: PayMethod, allowFrom: readonly ('created' | 'paying' | 'expired' | 'failed')[] = ['created', 'paying']): Promise<boolean> {
  const order = await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, updated_at: now, closed_at: null, fail_reason: null })
    .where('id', '=', orderId)
    .where('status', 'in', [...allowFrom])
    .returningAll()
    .executeTakeFirst();
  if (!order) return false;
  const transfers = paymentTransfers(order, payer);
  if (transfers.length > 0) await post(trx, { reference: `order:${order.order_number}:paid`, kind: 'payment', orderId: order.id, memo: order.subject, transfers });
  if (order.user_coupon_id !== null) {
    // Used by this order (a late payment of a closed order leaves a coupon another open order holds to that order).
    await trx
      .updateTable('user_coupons')
      .set({ used_at: now, locked_order_id: null })
      .where('id', '=', order.user_coupon_id)
      .where((eb) => eb.or([eb('locked_order_id', 'is', null), eb('locked_order_id', '=', order.id)]))
      .execute();
  }
  const hooks = orderHooks();
  const product = productOf(order.kind);
  if (product !== null) {
    // Buying another domain's product (an account) is not a recharge (no first-recharge mark, no
    // task, no invitation share): it is made and the order delivered; that domain tells the player.
    await product.paid(trx, order, now);
    await trx.updateTable('orders').set({ status: 'delivered', delivered_at: now, updated_at: now }).where('id', '=', order.id).where('status', '=', 'paid').execute();
    return true;
  }
  await onOrderPaid(trx, { id: order.id, user_id: order.user_id, kind: order.kind, pay_cents: order.pay_cents }, now);
  for (const listener of hooks.rechargePaid) await listener(trx, order, payer, now);
  if (order.kind === 'card') await fulfilCard(trx, { id: order.id, user_id: order.user_id, card_id: order.card_id! }, now);
  if (order.kind === 'game') {
    await trx.insertInto('deliveries').values({ order_id: order.id, status: 'pending', next_attempt_at: now, created_at: now }).onConflict((oc) => oc.column('order_id').doNothing()).execute();
    await hooks.news(trx, order, 'paid', now);
  } else {
    await trx.updateTable('orders').set({ status: 'delivered', delivered_at: now, updated_at: now }).where('id', '=', order.id).where('status', '=', 'paid').execute();
    await hooks.news(trx, order, 'delivered', now);
  }
  return true;
}

export type NotifyOutcome = 'paid' | 'already' | 'unknown' | 'amount' | 'ignored';

/**
 * A verified provider notification: the order is paid once. Answers 'already' for a duplicate
 * (acknowledged all the same), 'amount' when the total differs from pay_cents (refused),
 * 'unknown' for an order number this merchant never made.
 */
export async function markPaidByProvider(db: Db, notification: { out_trade_no: string; trade_no: string; trade_status: string; total_cents: number }, now: Date): Promise<NotifyOutcome> {
  if (notification.trade_status !== 'TRADE_SUCCESS' && notification.trade_status !== 'TRADE_FINISHED') return 'ignored';
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status', 'pay_cents', 'pay_method', 'kind', 'listing_id', 'amount_cents']).where('order_number', '=', notification.out_trade_no).forUpdate().executeTakeFirst();
    if (!order || order.pay_method !== 'provider') return 'unknown';
    if (order.pay_cents !== notification.total_cents) return 'amount';
    if (order.status !== 'created' && order.status !== 'paying' && order.status !== 'expired' && order.status !== 'failed') return 'already';
    // 账号交易: the listing must be held for this order (still reserved for it, or on sale again
    // after the order closed); sold to someone else meanwhile: the money goes back to 余额.
    const product = productOf(order.kind);
    if (product !== null && !(await product.holdForPayment(trx, order, now))) {
      const refunded = await trx
        .updateTable('orders')
        .set({ status: 'refunded', provider_trade_no: notification.trade_no, paid_at: now, closed_at: now, updated_at: now, fail_reason: product.lateRefundReason })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await post(trx, {
        reference: `order:${refunded.order_number}:refund`,
        kind: 'refund',
        orderId: order.id,
        memo: product.lateRefundReason,
        transfers: [{ from: platform('platform_cash'), to: player(refunded.user_id, 'wallet'), amount: order.pay_cents }],
      });
      await product.lateRefunded(trx, refunded, now);
      return 'paid';
    }
    // A payment the provider confirms after the order closed is honoured (the money was taken) —
    // unless its coupon, released when the order closed, is now used, held by another order or
    // expired: honouring it would spend the coupon twice, so the money goes back to 余额 instead.
    if (order.status === 'expired' || order.status === 'failed') {
      const late = await trx.selectFrom('orders').select(['order_number', 'user_id', 'user_coupon_id', 'subject']).where('id', '=', order.id).executeTakeFirstOrThrow();
      if (late.user_coupon_id !== null) {
        const retaken = await trx
          .updateTable('user_coupons')
          .set({ locked_order_id: order.id })
          .where('id', '=', late.user_coupon_id)
          .where('used_at', 'is', null)
          .where('locked_order_id', 'is', null)
          .where('expires_at', '>', now)
          .returning('id')
          .executeTakeFirst();
        if (!retaken) {
          const refunded = await trx
            .updateTable('orders')
            .set({ status: 'refunded', provider_trade_no: notification.trade_no, paid_at: now, closed_at: now, updated_at: now, fail_reason: MONEY_MSG.lateRefund })
            .where('id', '=', order.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await post(trx, {
            reference: `order:${late.order_number}:refund`,
            kind: 'refund',
            orderId: order.id,
            memo: MONEY_MSG.lateRefund,
            transfers: [{ from: platform('platform_cash'), to: player(late.user_id, 'wallet'), amount: order.pay_cents }],
          });
          await orderHooks().news(trx, refunded, 'refunded', now);
          return 'paid';
        }
      }
    }
    await trx.updateTable('orders').set({ provider_trade_no: notification.trade_no }).where('id', '=', order.id).execute();
    return (await settlePaid(trx, order.id, now, 'provider', ['created', 'paying', 'expired', 'failed'])) ? 'paid' : 'already';
  });
}

// ---- Closing unpaid orders ----

async function closeUnpaid(trx: Trx, provider: PaymentProvider, order: { id: number; order_number: string; pay_method: PayMethod; provider: string | null }, to: 'expired' | 'failed', now: Date, reason: string | null): Promise<boolean> {
  if (order.provider !== null && order.provider === provider.name && !(await provider.closeTrade(trx, order.order_number, now))) return false;
  const closed = await trx
    .updateTable('orders')
    .set({ status: to, closed_at: now, updated_at: now, fail_reason: reason })
    .where('id', '=', order.id)
    .where('status', 'in', ['created', 'paying'])
    .returningAll()
    .executeTakeFirst();
  if (!closed) return false;
  await trx.updateTable('user_coupons').set({ locked_order_id: null }).where('locked_order_id', '=', order.id).execute();
  // A trade order's reservation ends with it: the listing is on sale for the next buyer.
  const product = productOf(closed.kind);
  if (product !== null) {
    await product.closed(trx, closed, now);
    return true;
  }
  // The expiry job's close is news to the player; a cancel ('failed') is what they just did.
  if (to === 'expired') await orderHooks().news(trx, closed, 'expired', now);
  return true;
}

/** The expiry job: open orders past expires_at become expired, their coupons free again. */
export async function runExpiryPass(db: Db, provider: PaymentProvider, now: Date): Promise<number> {
  let expired = 0;
  const skipped: number[] = [];
  for (;;) {
    const result = await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('orders')
        .select(['id', 'order_number', 'pay_method', 'provider'])
        .where('status', 'in', ['created', 'paying'])
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(1)
        .forUpdate()
        .skipLocked();
      if (skipped.length > 0) query = query.where('id', 'not in', skipped);
      const order = await query.executeTakeFirst();
      if (!order) return null;
      return { id: order.id, closed: await closeUnpaid(trx, provider, order, 'expired', now, null) };
    });
    if (!result) return expired;
    if (result.closed) expired++;
    else skipped.push(result.id);
  }
}

export type CancelResult = { ok: true; order: OrderView } | { ok: false; message: string };

/** The player (or the cashier's 取消) cancels an unpaid order: failed, 已取消支付, coupon released. */
export async function cancelOrder(db: Db, provider: PaymentProvider, userId: number | null, orderNo: string, now: Date): Promise<CancelResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('orders').select(['id', 'order_number', 'pay_method', 'provider', 'status']).where('order_number', '=', orderNo).forUpdate();
    if (userId !== null) query = query.where('user_id', '=', userId);
    const order = await query.executeTakeFirst();
    if (!order) return MONEY_MSG.orderMissing;
    if (order.status === 'paid' || order.status === 'delivered') return MONEY_MSG.orderPaid;
    if (order.status !== 'created' && order.status !== 'paying') return MONEY_MSG.orderClosed;
    // The provider says it was paid meanwhile: the notification settles it.
    if (!(await closeUnpaid(trx, provider, order, 'failed', now, MONEY_MSG.cancelled))) return MONEY_MSG.orderPaid;
    return order.id;
  });
  if (typeof outcome === 'string') return { ok: false, message: outcome };
  return { ok: true, order: await orderView(db, await orderById(db, outcome)) };
}

// ---- Delivery outcome ----

/** The game acknowledged the top-up: delivered, the liability settled with the game, the sub-account's total. */
export async function deliveryAcknowledged(db: Db, orderId: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set({ status: 'delivered', delivered_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    await trx.updateTable('deliveries').set({ status: 'acknowledged', finished_at: now }).where('order_id', '=', orderId).where('status', '=', 'pending').execute();
    if (!order) return false;
    await post(trx, {
      reference: `order:${order.order_number}:delivered`,
      kind: 'delivery',
      orderId: order.id,
      memo: order.subject,
      transfers: [{ from: platform('platform_liabilities'), to: platform('game_settlement'), amount: order.amount_cents }],
    });
    if (order.sub_account_id !== null) {
      await trx
        .updateTable('game_sub_accounts')
        .set({ total_topup_cents: sql<number>`total_topup_cents + ${order.amount_cents}` })
        .where('id', '=', order.sub_account_id)
        .execute();
    }
    await orderHooks().news(trx, order, 'delivered', now);
    return true;
  });
}

/**
 * A paid order that will not be delivered (the game refused it for good, or delivery gave up, or
 * staff refund it): refunded — provider and 余额 payments to 余额, 乐玩币 payments to 乐玩币 — and
 * the coupon given back if still valid.
 */
export async function refundOrder(db: Db, orderId: number, now: Date, reason: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set({ status: 'refunded', closed_at: now, updated_at: now, fail_reason: reason })
      .where('id', '=', orderId)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    await trx.updateTable('deliveries').set({ status: 'failed', finished_at: now }).where('order_id', '=', orderId).where('status', '=', 'pending').execute();
    if (!order) return false;
    const to = player(order.user_id, order.pay_method === 'coins' ? 'coins' : 'wallet');
    const transfers = positive([
      { from: platform('platform_liabilities'), to, amount: order.pay_cents },
      { from: platform('platform_liabilities'), to: platform('coupon_expense'), amount: order.coupon_cents },
    ]);
    if (transfers.length > 0) await post(trx, { reference: `order:${order.order_number}:refund`, kind: 'refund', orderId: order.id, memo: reason, transfers });
    if (order.user_coupon_id !== null) {
      await trx.updateTable('user_coupons').set({ used_at: null }).where('id', '=', order.user_coupon_id).where('expires_at', '>', now).execute();
    }
    const hooks = orderHooks();
    for (const listener of hooks.refunded) await listener(trx, order, now);
    await hooks.news(trx, order, 'refunded', now);
    return true;
  });
}

export async function findOrderId(db: Db, orderNo: string): Promise<number | null> {
  return (await db.selectFrom('orders').select('id').where('order_number', '=', orderNo).executeTakeFirst())?.id ?? null;
}
