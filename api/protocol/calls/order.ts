import * as v from 'valibot';
import { answer, choice, count, defineCall, field, id, instant, looseId, optionalChoice, optionalId, PAGE_FIELDS, requiredText, textOf, int, page, url } from '../call-spec.ts';
import { exactCents, IDEMPOTENCY_KEY_PATTERN, MONEY_MSG, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, OrderKind, OrderStatus, PayMethod } from '../money.ts';

/** 订单与支付 (/api/order/…): every order a player makes goes through createOrder. */

/** What an order number may be: it travels in URLs (/orderpay, /rechargepay) and storage keys. */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const OrderView = v.object({
  /** The order's key everywhere (the record list's too): never empty. */
  order_number: v.pipe(v.string(), v.regex(ORDER_NUMBER_PATTERN)),
  kind: OrderKind,
  /** 商品名称: '600乐玩币', '仙剑奇缘 30元充值', '648省钱卡'. */
  subject: v.string(),
  status: OrderStatus,
  status_text: v.string(),
  amount_cents: count,
  coupon_cents: count,
  pay_cents: count,
  bonus_cents: count,
  pay_method: PayMethod,
  /** The cashier, while a provider payment is open; null otherwise. A safe URL only: the page opens it. */
  pay_url: v.nullable(url),
  game_id: v.nullable(int),
  platform_game_id: v.nullable(int),
  game_name: v.nullable(v.string()),
  server_name: v.nullable(v.string()),
  role_name: v.nullable(v.string()),
  card_id: v.nullable(int),
  coupon_name: v.nullable(v.string()),
  created_at: instant,
  expires_at: v.nullable(instant),
  paid_at: v.nullable(instant),
  delivered_at: v.nullable(instant),
  closed_at: v.nullable(instant),
  fail_reason: v.nullable(v.string()),
});
export type OrderView = v.InferOutput<typeof OrderView>;

const ORDER_VIEW_DOC =
  '{ order_number, kind, subject, status, status_text, amount_cents, coupon_cents, pay_cents, bonus_cents, pay_method, pay_url, game_id, platform_game_id, game_name, server_name, role_name, card_id, coupon_name, created_at, expires_at, paid_at, delivered_at, closed_at, fail_reason }';

const idempotencyKey = field<string, string>({ type: 'string', required: true, rule: '16–64 个字母、数字、_ 或 -；同一次下单的重试用同一个', message: MONEY_MSG.keyInvalid }, (value) => {
  const t = textOf(value);
  return IDEMPOTENCY_KEY_PATTERN.test(t) ? { ok: true, value: t } : { ok: false, message: MONEY_MSG.keyInvalid };
});

/** Face amount in fen: whole yuan, ¥1–¥5000; absent for card orders (the card's price). */
const amountCents = field<number | string | undefined, number | undefined>(
  { type: 'int', required: false, rule: `分；${TOPUP_MIN_CENTS}–${TOPUP_MAX_CENTS} 且为 100 的倍数；kind card 时不填`, message: MONEY_MSG.amountInvalid },
  (value) => {
    const n = exactCents(value);
    if (n === undefined) return { ok: true, value: undefined };
    return n !== null && n >= TOPUP_MIN_CENTS && n <= TOPUP_MAX_CENTS && n % 100 === 0 ? { ok: true, value: n } : { ok: false, message: MONEY_MSG.amountInvalid };
  },
);

export const createOrder = defineCall({
  path: '/api/order/createOrder',
  auth: 'required',
  summary:
    '下单：乐玩币（coins）、游戏角色充值（game）或会员卡（card）。同一 idempotency_key 与同样内容返回同一订单；内容不同则拒绝；前一次仍在处理时答 请勿重复提交。先问防沉迷消费限额。pay_method provider 时返回收银台 pay_url',
  fields: {
    idempotency_key: idempotencyKey,
    kind: choice(['coins', 'game', 'card'] as const),
    amount_cents: amountCents,
    role_id: looseId('kind game 时必填：sim 游戏角色 id（getGameRoles）'),
    card_id: looseId('kind card 时必填'),
    user_coupon_id: optionalId(),
    pay_method: optionalChoice(['provider', 'coins', 'wallet'] as const),
  },
  answer: answer(OrderView,
    `${ORDER_VIEW_DOC}；拒绝时 code -1：${[MONEY_MSG.inFlight, MONEY_MSG.keyReused, MONEY_MSG.gameMissing, MONEY_MSG.roleMissing, MONEY_MSG.cardMissing, MONEY_MSG.couponUnusable, MONEY_MSG.coinsShort, MONEY_MSG.walletShort, '防沉迷限额'].join('、')}`,
  ),
});

const orderNumber = requiredText(MONEY_MSG.orderMissing, '订单号');

export const getOneOrder = defineCall({
  path: '/api/order/getOneOrder',
  auth: 'required',
  summary: '一笔自己的订单（支付页轮询它）；别人的订单答 订单不存在',
  fields: { order_number: orderNumber },
  answer: answer(OrderView, ORDER_VIEW_DOC),
});

export const cancelOrder = defineCall({
  path: '/api/order/cancelOrder',
  auth: 'required',
  summary: '取消自己未支付的订单：订单 failed（已取消支付），锁定的优惠券释放',
  fields: { order_number: orderNumber },
  answer: answer(OrderView, `${ORDER_VIEW_DOC}；已支付答 订单已支付`),
});

const statusFilter = optionalChoice(['open', 'done', 'closed'] as const);

export const getMyOrders = defineCall({
  path: '/api/order/getMyOrders',
  auth: 'required',
  summary: '我的订单（充值记录），最新在前；kind 与 status（open 待支付/支付中，done 已支付/已到账，closed 失败/过期/退款）可选',
  fields: { ...PAGE_FIELDS, kind: optionalChoice(['coins', 'game', 'card'] as const), status: statusFilter },
  answer: answer(page(OrderView), `分页：list: [${ORDER_VIEW_DOC}]`),
});

export const getUserOrders = defineCall({
  path: '/api/order/getUserOrders',
  auth: 'required',
  summary: '我在一个游戏的充值订单，最新在前',
  fields: { ...PAGE_FIELDS, platform_game_id: id() },
  answer: answer(page(OrderView), `分页：list: [${ORDER_VIEW_DOC}]`),
});

// ---- Game top-ups: which role receives it ----

export const GameRole = v.object({
  id: int,
  server_name: v.string(),
  role_name: v.string(),
  /** What the (simulated) game has credited the role (fen of top-up). */
  balance_cents: v.optional(int),
});
export type GameRole = v.InferOutput<typeof GameRole>;

export const SubAccount = v.object({
  id: int,
  name: v.string(),
  total_topup_cents: int,
  roles: v.array(GameRole),
});
export type SubAccount = v.InferOutput<typeof SubAccount>;

export const GameRoles = v.object({
  game_id: int,
  platform_game_id: int,
  game_name: v.string(),
  icon: v.string(),
  /** Open servers of the game, newest first (for a new sub-account's role). */
  servers: v.array(v.string()),
  sub_accounts: v.array(SubAccount),
});
export type GameRoles = v.InferOutput<typeof GameRoles>;

export const getGameRoles = defineCall({
  path: '/api/order/getGameRoles',
  auth: 'required',
  summary: '自己在一个游戏的小号与角色（充值对象）及可选区服',
  fields: { platform_game_id: id(MONEY_MSG.gameMissing) },
  answer: answer(GameRoles, '{ game_id, platform_game_id, game_name, icon, servers: [name], sub_accounts: [{ id, name, total_topup_cents, roles: [{ id, server_name, role_name, balance_cents }] }] }'),
});

export const addSubAccount = defineCall({
  path: '/api/order/addSubAccount',
  auth: 'required',
  summary: `新建小号并在所选区服建角色（每个游戏最多 10 个小号）；sim 游戏服记录角色`,
  fields: {
    platform_game_id: id(MONEY_MSG.gameMissing),
    server_name: requiredText(MONEY_MSG.serverMissing, '区服名（getGameRoles.servers）'),
    name: field<string | undefined, string>({ type: 'string', required: false, rule: '1–12 个字符；缺省为 小号N', message: MONEY_MSG.subAccountName }, (value) => {
      const t = textOf(value);
      return Array.from(t).length <= 12 ? { ok: true, value: t } : { ok: false, message: MONEY_MSG.subAccountName };
    }),
  },
  answer: answer(SubAccount, `{ id, name, total_topup_cents, roles: [{ id, server_name, role_name }] }；${MONEY_MSG.subAccountLimit}、${MONEY_MSG.serverMissing} 时 code -1`),
});

export const RechargeGame = v.object({
  game_id: int,
  platform_game_id: int,
  game_name: v.string(),
  icon: v.string(),
  sub_account_count: int,
});
export type RechargeGame = v.InferOutput<typeof RechargeGame>;

export const getMyRechargeGames = defineCall({
  path: '/api/order/getMyRechargeGames',
  auth: 'required',
  summary: '我有小号的游戏（自助充值第一步），最近充值的在前',
  fields: {},
  answer: answer(v.object({
    list: v.array(RechargeGame),
  }), '{ list: [{ game_id, platform_game_id, game_name, icon, sub_account_count }] }'),
});

// ---- Coupons at checkout ----

export const CheckoutCoupon = v.object({
  /** user_coupons.id */
  id: int,
  name: v.string(),
  amount_cents: int,
  threshold_cents: int,
  condition_text: v.string(),
  game_name: v.string(),
  expires_at: v.string(),
  /** Why it cannot be used for this order; '' when usable. */
  reason: v.string(),
});
export type CheckoutCoupon = v.InferOutput<typeof CheckoutCoupon>;

export const getCheckoutCoupons = defineCall({
  path: '/api/order/getCheckoutCoupons',
  auth: 'required',
  summary: '这笔待下单的充值可用与不可用的券（不可用的附原因），best_id 为抵扣最多的一张（同额取最早过期）',
  fields: {
    kind: choice(['coins', 'game', 'card'] as const),
    amount_cents: amountCents,
    platform_game_id: optionalId(),
  },
  answer: answer(v.object({
    best_id: v.nullable(int),
    usable: v.array(CheckoutCoupon),
    unusable: v.array(CheckoutCoupon),
  }),
    "{ best_id, usable: [{ id, name, amount_cents, threshold_cents, condition_text, game_name, expires_at, reason: '' }], unusable: [{ …, reason }] }",
  ),
});

/** The sandbox cashier's own field names are the provider's (not this protocol): see docs/decisions.md. */
export const ORDER_KINDS: readonly OrderKind[] = ['coins', 'game', 'card'];
