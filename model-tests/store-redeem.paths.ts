import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { storeRedeemMachine, type RedeemAnswer, type RedeemContext } from '../machines/store-redeem.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The redemption machine's model: the confirm sheet, each answer the server can give, retry. */

export const REDEEM_CALLS = ['redeem'] as const;

export const SAMPLE_ITEM = { id: 7, title: '1元乐玩币', points_price: 200 };

const RECORD = { id: 41, item_id: 7, kind: 'coins', title: '1元乐玩币', points_paid: 200, coupon: null, gift_code: null, coins_cents: 100, created_at: '2026-11-26T02:00:00.000Z' };

export const REDEEM_OUTCOMES = {
  redeemed: { kind: 'ok', code: 1, msg: '兑换成功', data: { record: RECORD, points: 800 } },
  pointsShort: { kind: 'toast', code: -1, msg: '积分不足', data: { reason: 'points' }, show: true },
  soldOut: { kind: 'toast', code: -1, msg: '已兑完', data: { reason: 'sold_out' }, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
} satisfies Record<string, ApiOutcome<RedeemAnswer>>;

export const redeemEventTable: readonly AnyEventObject[] = [
  { type: 'ui.open', item: SAMPLE_ITEM },
  { type: 'ui.confirm', requestId: 'req-0001-attempt' },
  { type: 'ui.retry' },
  { type: 'ui.close' },
  ...Object.values(REDEEM_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.redeem', output })),
  { type: 'xstate.error.actor.redeem', error: new Error('network down') },
];

export function serializeRedeem(snapshot: AnyMachineSnapshot): string {
  const { item, requestId, record, reason, message } = snapshot.context as RedeemContext;
  return JSON.stringify([snapshot.value, item !== null, requestId, record !== null, reason, message !== null]);
}

let paths: MachinePath[] | undefined;

export function getRedeemPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(storeRedeemMachine, { events: redeemEventTable, serializeState: serializeRedeem });
  return paths;
}

export function describeRedeemEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.redeem') {
    const output = event.output as ApiOutcome;
    return `server answers ${output.kind} ${output.msg}`;
  }
  if (event.type === 'xstate.error.actor.redeem') return 'redeem call fails (network)';
  if (event.type === 'ui.open') return "tap an item's 兑换";
  if (event.type === 'ui.confirm') return "tap '确认兑换'";
  if (event.type === 'ui.retry') return "tap '重试'";
  if (event.type === 'ui.close') return 'close the sheet';
  return event.type;
}
