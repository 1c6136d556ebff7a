import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';

/** What /rechargepay says in each phase of the payment machine (and for each closed order). */

export type ResultPhase =
  | 'choosing'
  | 'creating'
  | 'createWait'
  | 'awaitingCashier'
  | 'confirming'
  | 'stalled'
  | 'cancelling'
  | 'delivering'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'refunded';

export interface ResultText {
  title: string;
  detail: string;
  tone: 'ok' | 'bad' | 'wait';
  /** The order is settled: 查看充值记录 and 返回 are offered. */
  final: boolean;
}

const where = (order: OrderView) => [order.game_name, order.server_name, order.role_name].filter(Boolean).join(' · ');

function paidText(order: OrderView | null): ResultText {
  if (order?.kind === 'game' && order.status === 'delivered') return { title: '已到账', detail: `${where(order)} 已到账 ¥${formatYuan(order.amount_cents)}`, tone: 'ok', final: true };
  if (order?.kind === 'coins') return { title: '支付成功', detail: `乐玩币已到账 +${formatYuan(order.amount_cents + order.bonus_cents)}`, tone: 'ok', final: true };
  if (order?.kind === 'card') return { title: '支付成功', detail: `${order.subject} 已开通`, tone: 'ok', final: true };
  return { title: '支付成功', detail: '', tone: 'ok', final: true };
}

export function resultText(phase: ResultPhase, order: OrderView | null, error: string | null): ResultText {
  switch (phase) {
    case 'choosing':
    case 'creating':
    case 'createWait':
      return { title: '正在创建订单', detail: '请稍候…', tone: 'wait', final: false };
    case 'awaitingCashier':
      return { title: '正在前往收银台', detail: '支付完成后将自动返回本页', tone: 'wait', final: false };
    case 'confirming':
      return { title: order?.status === 'created' ? '等待支付' : '正在确认支付结果', detail: '支付结果确认中，请勿重复支付', tone: 'wait', final: false };
    case 'stalled':
      return { title: '暂未查询到支付结果', detail: '如已支付，请稍后刷新或在充值记录中查看', tone: 'wait', final: false };
    case 'cancelling':
      return { title: '正在取消订单', detail: '', tone: 'wait', final: false };
    case 'delivering':
      return { title: '支付成功', detail: `正在发放到游戏角色${order ? ` ${where(order)}` : ''}…`, tone: 'ok', final: false };
    case 'paid':
      return paidText(order);
    case 'expired':
      return { title: '已过期', detail: '订单超时未支付，已关闭', tone: 'bad', final: true };
    case 'refunded':
      return { title: '充值失败', detail: order?.fail_reason || MONEY_MSG.deliveryFailed, tone: 'bad', final: true };
    case 'failed':
      if (order?.fail_reason === MONEY_MSG.cancelled) return { title: '已取消', detail: MONEY_MSG.cancelled, tone: 'bad', final: true };
      return { title: '支付失败', detail: order?.fail_reason || error || '', tone: 'bad', final: true };
  }
}
