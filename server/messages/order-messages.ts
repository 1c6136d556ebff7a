import type { Kysely } from 'kysely';
import { formatYuan, type OrderKind, type PayMethod } from '../../api/protocol/money.ts';
import type { Database } from '../db/schema.ts';
import { postMessage } from './writer.ts';

/**
 * 订单消息: what the order service tells the player when an order moves, posted in
 * the transition's own transaction (server/money/orders.ts) with sourceRef `order:<number>:<state>`,
 * so a message exists exactly when its transition happened, once, however often the transition is
 * attempted. The player hears of: a game top-up paid and on its way, an order delivered (充值成功 /
 * 已到账), a refund, an unpaid order closed by the expiry job. A cancel the player made is not
 * announced (they just did it).
 */

export type OrderMessageState = 'paid' | 'delivered' | 'refunded' | 'expired';

export interface OrderForMessage {
  order_number: string;
  user_id: number;
  kind: OrderKind;
  subject: string;
  amount_cents: number;
  pay_cents: number;
  coupon_cents: number;
  bonus_cents: number;
  pay_method: PayMethod;
  game_name: string | null;
  server_name: string | null;
  role_name: string | null;
  fail_reason: string | null;
}

const RECORDS_PATH = '/rechargerecord';
const PRIVILEGES_PATH = '/myprivilege';

function roleText(order: OrderForMessage): string {
  const where = [order.server_name, order.role_name].filter(Boolean).join(' · ');
  return where ? `「${where}」` : '';
}

/** What was paid, in the unit it was paid in. */
function paidText(order: OrderForMessage): string {
  return order.pay_method === 'coins' ? `${formatYuan(order.pay_cents)}乐玩币` : `¥${formatYuan(order.pay_cents)}`;
}

export function orderMessage(order: OrderForMessage, state: OrderMessageState): { title: string; content: string; link: { path: string } } {
  const number = `订单号：${order.order_number}`;
  const records = { path: RECORDS_PATH };
  switch (state) {
    case 'paid':
      return {
        title: '支付成功，正在发放',
        content: `您购买的「${order.subject}」已支付${paidText(order)}，正在发放到${order.game_name ?? '游戏'}${roleText(order)}，请稍候。\n${number}`,
        link: records,
      };
    case 'delivered':
      if (order.kind === 'coins') {
        const bonus = order.bonus_cents > 0 ? `，另赠${formatYuan(order.bonus_cents)}乐玩币` : '';
        return { title: '充值成功', content: `${formatYuan(order.amount_cents)}乐玩币已到账${bonus}。\n${number}`, link: records };
      }
      if (order.kind === 'card') {
        return { title: '会员卡开通成功', content: `「${order.subject}」已开通，每日福利可在“我的特权”领取。\n${number}`, link: { path: PRIVILEGES_PATH } };
      }
      return { title: '充值已到账', content: `${order.game_name ?? '游戏'}${roleText(order)}的¥${formatYuan(order.amount_cents)}充值已到账。\n${number}`, link: records };
    case 'refunded': {
      const to = order.pay_method === 'coins' ? '乐玩币账户' : '余额';
      const money = order.pay_cents > 0 ? `${paidText(order)}已退回${to}` : '';
      const coupon = order.coupon_cents > 0 ? '优惠券如仍在有效期内已退回' : '';
      const parts = [money, coupon].filter(Boolean).join('，');
      return { title: '订单已退款', content: `「${order.subject}」${order.fail_reason ? `${order.fail_reason}` : '已退款'}。${parts ? `${parts}。` : ''}\n${number}`, link: records };
    }
    case 'expired':
      return {
        title: '订单已关闭',
        content: `「${order.subject}」超时未支付，订单已自动关闭${order.coupon_cents > 0 ? '，优惠券已退回' : ''}。\n${number}`,
        link: records,
      };
  }
}

/** Posts the order's message for this state (in the caller's transaction); a repeat is a no-op. */
export async function postOrderMessage(db: Kysely<Database>, order: OrderForMessage, state: OrderMessageState, now: Date): Promise<void> {
  const message = orderMessage(order, state);
  await postMessage(db, { kind: 'order', userId: order.user_id, ...message, sourceRef: `order:${order.order_number}:${state}` }, now);
}
