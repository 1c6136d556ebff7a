import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { OrderView } from '../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../api/protocol/money.ts';
import { TRADE_MSG } from '../api/protocol/trade-rules.ts';
import { tradePurchaseMachine } from '../machines/trade-purchase.machine.ts';
import type { TradeOrderOutcome, TradePurchaseContext, TradePurchaseEvent } from '../machines/trade-purchase.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath } from './coverage.ts';
import { pollAnswers } from './order-poll.kit.ts';

/** The purchase statechart's model: event table, generated paths, what each event means outside. */

export const TRADE_PURCHASE_CALLS = ['buyListing', 'getOneOrder', 'cancelOrder'] as const;
/** The order poll (pollOrder, checkOrder) is the child's, silent here: its answers are path events. */
export type TradePurchaseCall = (typeof TRADE_PURCHASE_CALLS)[number];
/** Invocation ids and the actor each runs. */
export const INVOKE_CALL: Record<string, TradePurchaseCall> = {
  buyListing: 'buyListing',
  loadOrder: 'getOneOrder',
  cancelOrder: 'cancelOrder',
};

export const INPUT = { listingId: 31 };

export const SAMPLE_TRADE_ORDER: OrderView = {
  order_number: 'T202611260001',
  kind: 'trade',
  subject: '仙剑奇缘 小号 满级战士',
  status: 'paying',
  status_text: '支付中',
  amount_cents: 8800,
  coupon_cents: 0,
  pay_cents: 8800,
  bonus_cents: 0,
  pay_method: 'provider',
  pay_url: '/sandbox-pay/cashier?trade=T1',
  game_id: 7,
  platform_game_id: 70,
  game_name: '仙剑奇缘',
  server_name: '一服',
  role_name: '战士',
  card_id: null,
  coupon_name: null,
  created_at: '2026-11-26T06:00:00.000Z',
  expires_at: '2026-11-26T06:15:00.000Z',
  paid_at: null,
  delivered_at: null,
  closed_at: null,
  fail_reason: null,
};

const order = (patch: Partial<OrderView>): TradeOrderOutcome => ({ kind: 'ok', code: 1, msg: 'success', data: { ...SAMPLE_TRADE_ORDER, ...patch } });
const refusal = (msg: string): TradeOrderOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });

export const TRADE_ORDER_OUTCOMES = {
  paying: order({}),
  payingNoUrl: order({ pay_url: null }),
  paid: order({ status: 'paid' }),
  delivered: order({ status: 'delivered', pay_url: null }),
  cancelled: order({ status: 'failed', fail_reason: MONEY_MSG.cancelled, pay_url: null }),
  failed: order({ status: 'refunded', fail_reason: TRADE_MSG.lateRefund, pay_url: null }),
  expired: order({ status: 'expired', pay_url: null }),
  inFlight: refusal(MONEY_MSG.inFlight),
  reservedByOther: refusal(TRADE_MSG.reservedByOther),
  network: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
  undecodable: { kind: 'ok', code: 1, msg: 'success', data: null },
} satisfies Record<string, TradeOrderOutcome>;

const externalEvents: TradePurchaseEvent[] = [
  { type: 'ui.buy.open' },
  { type: 'ui.buy.close' },
  { type: 'ui.method.choose', method: 'wallet' },
  { type: 'ui.buy.submit', key: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' },
  { type: 'page.resume', orderNumber: SAMPLE_TRADE_ORDER.order_number, returned: false },
  { type: 'page.resume', orderNumber: SAMPLE_TRADE_ORDER.order_number, returned: true },
  { type: 'ui.pay.open' },
  { type: 'ui.pay.cancel' },
  { type: 'ui.refresh' },
  { type: 'ui.retry' },
  { type: 'clock.expired' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
];

const outcomeEvents = (id: string): AnyEventObject[] => [
  ...Object.values(TRADE_ORDER_OUTCOMES).map((output) => ({ type: `xstate.done.actor.${id}`, output })),
  { type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) },
];

export const tradePurchaseEventTable: readonly AnyEventObject[] = [
  ...externalEvents,
  ...Object.keys(INVOKE_CALL).flatMap(outcomeEvents),
  ...pollAnswers(Object.values(TRADE_ORDER_OUTCOMES)),
  ...delayedEventsOf(tradePurchaseMachine),
];

/** The state value plus what the guards read: the key, the order's status and pay_url, the cashier flag, visibility. */
export function serializeTradePurchase(snapshot: AnyMachineSnapshot): string {
  const { key, order, returned, pageHidden, payMethod } = snapshot.context as TradePurchaseContext;
  return JSON.stringify([snapshot.value, key !== null, order?.status, typeof order?.pay_url === 'string', returned, pageHidden, payMethod]);
}

let paths: MachinePath[] | undefined;

export function getTradePurchasePaths(): MachinePath[] {
  paths ??= generateCoveringPaths(tradePurchaseMachine, { events: tradePurchaseEventTable, serializeState: serializeTradePurchase, input: INPUT });
  return paths;
}

const ACTIONS: Record<string, string> = {
  'ui.buy.open': 'tap 立即购买 (/wantpay)',
  'ui.buy.close': 'close the confirm sheet',
  'ui.method.choose': 'choose 余额',
  'ui.buy.submit': 'tap 确认购买',
  'page.resume': 'open /orderpay with an order number',
  'ui.pay.open': 'tap 去支付',
  'ui.pay.cancel': 'tap 取消订单',
  'ui.refresh': 'tap 刷新',
  'ui.retry': 'tap 重试',
  'clock.expired': 'the 15-minute countdown reaches zero',
  'page.hidden': 'leave the page (hidden)',
  'page.visible': 'return to the page',
};

const DELAYS: Record<string, string> = {
  confirmTimeout: '2 min pass (confirm timeout)',
  createRetry: '2 s pass (ask buyListing again)',
};

export function describeTradePurchaseEvent(event: AnyEventObject): { actor: 'user' | 'server' | 'clock'; action: string } {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return { actor: 'clock', action: DELAYS[type.split('.')[2]!] ?? type };
  const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.done.actor.')) {
    const output = event.output as TradeOrderOutcome;
    const said = output.kind === 'ok' ? `status ${output.data?.status ?? '(undecodable)'}` : output.kind === 'toast' ? output.msg : output.kind;
    return { actor: 'server', action: `${id} answers ${said}` };
  }
  if (type.startsWith('xstate.error.actor.')) return { actor: 'server', action: `${id} rejects (network failure)` };
  if (type === 'poll.answer') {
    const output = event.outcome as TradeOrderOutcome;
    const said = output.kind === 'ok' ? `status ${output.data?.status ?? '(undecodable)'}` : output.kind === 'toast' ? output.msg : output.kind;
    return { actor: 'server', action: `the order poll's getOneOrder answers ${said}` };
  }
  const action = ACTIONS[type];
  if (!action) throw new Error(`no action for ${type}`);
  return { actor: 'user', action: type === 'page.resume' && (event as { returned?: boolean }).returned ? `${action} (back from the cashier)` : action };
}
