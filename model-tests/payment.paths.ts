import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { OrderView } from '../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../api/protocol/money.ts';
import { paymentMachine } from '../machines/payment.machine.ts';
import type { PaymentAttempt, PaymentContext, PaymentEvent } from '../machines/payment.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath } from './coverage.ts';
import { pollAnswers } from './order-poll.kit.ts';

/** The payment statechart's model: event table, generated paths, what each event means outside. */

/** The order poll (confirming, delivering) is the child's, silent here: its answers are path events. */
export const PAYMENT_CALLS = ['createOrder', 'cancelOrder'] as const;
export type PaymentCall = (typeof PAYMENT_CALLS)[number];

export const SAMPLE_ORDER: OrderView = {
  order_number: 'P202611240001',
  kind: 'game',
  subject: '仙剑奇缘 30元充值',
  status: 'created',
  status_text: '待支付',
  amount_cents: 3000,
  coupon_cents: 500,
  pay_cents: 2500,
  bonus_cents: 0,
  pay_method: 'provider',
  pay_url: '/sandbox/cashier?trade=T1',
  game_id: 7,
  platform_game_id: 70,
  game_name: '仙剑奇缘',
  server_name: '一服',
  role_name: '小号1',
  card_id: null,
  coupon_name: '满30减5',
  created_at: '2026-11-24 12:00:00',
  expires_at: '2026-11-24 12:30:00',
  paid_at: null,
  delivered_at: null,
  closed_at: null,
  fail_reason: null,
};

const order = (patch: Partial<OrderView>): ApiOutcome<OrderView> => ({ kind: 'ok', code: 1, msg: 'success', data: { ...SAMPLE_ORDER, ...patch } });
const refusal = (msg: string): ApiOutcome<OrderView> => ({ kind: 'toast', code: -1, msg, data: null as unknown as OrderView, show: true });

export const ORDER_OUTCOMES = {
  atCashier: order({}),
  paying: order({ status: 'paying' }),
  paid: order({ status: 'paid' }),
  paidCoins: order({ status: 'paid', kind: 'coins', pay_url: null }),
  delivered: order({ status: 'delivered' }),
  failed: order({ status: 'failed', fail_reason: MONEY_MSG.cancelled }),
  expired: order({ status: 'expired' }),
  inFlight: refusal(MONEY_MSG.inFlight),
  refused: refusal(MONEY_MSG.coinsShort),
  network: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
} satisfies Record<string, ApiOutcome<OrderView>>;

export const SAMPLE_ATTEMPT: PaymentAttempt = {
  draft: { kind: 'game', amount_cents: 3000, role_id: 3, platform_game_id: 70, game_name: '仙剑奇缘', server_name: '一服', role_name: '小号1' },
  user_coupon_id: 12,
  pay_method: 'provider',
};

const externalEvents: PaymentEvent[] = [
  { type: 'ui.pay.submit', attempt: SAMPLE_ATTEMPT, key: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' },
  { type: 'ui.pay.confirm' },
  { type: 'ui.pay.reopen' },
  { type: 'ui.pay.cancel' },
  { type: 'ui.refresh' },
  { type: 'page.resume', orderNumber: SAMPLE_ORDER.order_number },
  { type: 'page.hidden' },
  { type: 'page.visible' },
];

const outcomeEvents = (call: PaymentCall, id: string = call): AnyEventObject[] => [
  ...Object.values(ORDER_OUTCOMES).map((output) => ({ type: `xstate.done.actor.${id}`, output })),
  { type: `xstate.error.actor.${id}`, error: new Error(`${call} failed`) },
];

export const paymentEventTable: readonly AnyEventObject[] = [
  ...externalEvents,
  ...outcomeEvents('createOrder'),
  ...outcomeEvents('cancelOrder'),
  ...pollAnswers(Object.values(ORDER_OUTCOMES)),
  ...delayedEventsOf(paymentMachine),
];

/** The state value plus what the guards read: the key, the order's kind/status/pay_url, visibility. */
export function serializePayment(snapshot: AnyMachineSnapshot): string {
  const { key, order, pageHidden } = snapshot.context as PaymentContext;
  return JSON.stringify([snapshot.value, key !== null, order?.kind, order?.status, order?.pay_url !== null && order !== null, pageHidden]);
}

let paths: MachinePath[] | undefined;

export function getPaymentPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(paymentMachine, { events: paymentEventTable, serializeState: serializePayment });
  return paths;
}

const ACTIONS: Record<string, string> = {
  'ui.pay.submit': 'tap 立即支付',
  'ui.pay.confirm': 'tap 我已完成支付',
  'ui.pay.reopen': 'tap 继续支付',
  'ui.pay.cancel': 'tap 取消订单',
  'ui.refresh': 'tap 刷新',
  'page.resume': 'open /rechargepay with an order number (back from the cashier, or a reload)',
  'page.hidden': 'leave the page (hidden)',
  'page.visible': 'return to the page',
};

const DELAYS: Record<string, string> = {
  confirmTimeout: '2 min pass (confirm timeout)',
  createRetry: '2 s pass (ask createOrder again)',
};

export function describePaymentEvent(event: AnyEventObject): { actor: 'user' | 'server' | 'clock'; action: string } {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return { actor: 'clock', action: DELAYS[type.split('.')[2]!] ?? type };
  const call = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.done.actor.')) {
    const output = event.output as ApiOutcome<OrderView>;
    const said = output.kind === 'ok' ? `status ${output.data.status}` : output.kind === 'toast' ? output.msg : output.kind;
    return { actor: 'server', action: `${call} answers ${said}` };
  }
  if (type.startsWith('xstate.error.actor.')) return { actor: 'server', action: `${call} rejects (network failure)` };
  if (type === 'poll.answer') {
    const output = event.outcome as ApiOutcome<OrderView>;
    const said = output.kind === 'ok' ? `status ${output.data.status}` : output.kind === 'toast' ? output.msg : output.kind;
    return { actor: 'server', action: `the order poll's getOneOrder answers ${said}` };
  }
  const action = ACTIONS[type];
  if (!action) throw new Error(`no action for ${type}`);
  return { actor: 'user', action };
}
