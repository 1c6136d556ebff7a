import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCallback, useState } from 'react';
import { request } from '../../../api/typed-call.ts';
import { formatYuan, MONEY_MSG, ORDER_STATUS_TEXT } from '../../../api/protocol/money.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime, isPayable } from '../../features/money/money-data.ts';
import * as orderCalls from '../../../api/protocol/calls/order.ts';
import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { useMoneyAction } from '../../features/money/money-parts.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /rechargerecord (充值记录): the player's orders (getMyOrders), newest first, paged, filtered by
 * 全部 / 待支付 / 已完成 / 已关闭. An open provider order offers 去支付 (back to its cashier through
 * /rechargepay) and 取消订单 (cancelOrder after a confirm; its coupon is released).
 */

type Filter = 'all' | 'open' | 'done' | 'closed';
const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'open', label: '待支付' },
  { key: 'done', label: '已完成' },
  { key: 'closed', label: '已关闭' },
] as const;
const EMPTY: Record<Filter, string> = { all: '暂无充值记录', open: '暂无待支付的订单', done: '暂无已完成的订单', closed: '暂无已关闭的订单' };
const ORDER_ROW_HEIGHT = 168;
export const CANCEL_CONFIRM = '确定取消这笔订单吗？使用的优惠券将退回。';

export default function RechargeRecordPage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <div className="money-page">
      <PageHeader title="充值记录" onBack={() => navigate('back')} />
      <Tabs sticky tabs={FILTERS} value={filter} onChange={setFilter} label="订单状态" />
      <Orders filter={filter} />
    </div>
  );
}

function Orders({ filter }: { filter: Filter }) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const list = usePagedCall('myOrders', orderCalls.getMyOrders, filter === 'all' ? {} : { status: filter });
  const [cancelling, setCancelling] = useState<OrderView | null>(null);
  const run = useCallback(() => request(runtime.api, calls.order.cancelOrder, { order_number: cancelling?.order_number ?? '' }), [runtime, cancelling]);
  const cancel = useMoneyAction(run, () => MONEY_MSG.cancelled, list.refresh);
  return (
    <>
      <PagedListView
        list={list}
        rowHeight={ORDER_ROW_HEIGHT}
        label="充值订单"
        emptyMessage={EMPTY[filter]}
        getKey={(order) => order.order_number}
        renderRow={(order) => <OrderCard order={order} onPay={() => navigate('/rechargepay', { order_number: order.order_number })} onCancel={() => setCancelling(order)} />}
      />
      <ConfirmDialog
        visible={cancelling !== null}
        content={CANCEL_CONFIRM}
        cancelText="再想想"
        confirmText="取消订单"
        danger
        maskClosable
        onConfirm={() => {
          void cancel.act();
          setCancelling(null);
        }}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}

const PAY_UNIT = { provider: '元', wallet: '元', coins: '乐玩币' } as const;

function statusClass(order: OrderView): string {
  if (order.status === 'created' || order.status === 'paying') return 'order-row__status--open';
  if (order.status === 'paid' || order.status === 'delivered') return 'order-row__status--done';
  return '';
}

/** The order's second line: who received it, the coupon, the bonus. */
export function orderDetail(order: OrderView): string {
  const parts: string[] = [];
  if (order.kind === 'game' && order.role_name) parts.push(`${order.game_name ?? ''} ${order.server_name ?? ''} · ${order.role_name}`);
  if (order.coupon_name) parts.push(`优惠券：${order.coupon_name}`);
  if (order.bonus_cents > 0) parts.push(`赠送 ${formatYuan(order.bonus_cents)}乐玩币`);
  return parts.join('　') || (order.kind === 'card' ? '会员卡' : order.kind === 'coins' ? '乐玩币充值' : '游戏充值');
}

export function OrderCard({ order, onPay, onCancel }: { order: OrderView; onPay: () => void; onCancel: () => void }) {
  const payable = isPayable(order);
  return (
    <div className="order-row" data-testid={`order-${order.order_number}`}>
      <article className="order-row__card" aria-label={order.subject}>
        <div className="order-row__head">
          <h3 className="order-row__subject">{order.subject}</h3>
          <span className={`order-row__status ${statusClass(order)}`}>{order.status_text || ORDER_STATUS_TEXT[order.status]}</span>
        </div>
        <p className="order-row__line">
          <span>金额 ¥{formatYuan(order.amount_cents)}</span>
          {order.coupon_cents > 0 && <span>优惠券 -¥{formatYuan(order.coupon_cents)}</span>}
          <span className="order-row__pay">
            实付 {order.pay_method === 'coins' ? `${formatYuan(order.pay_cents)}${PAY_UNIT.coins}` : `¥${formatYuan(order.pay_cents)}`}
          </span>
        </p>
        <p className="order-row__line money-muted">{orderDetail(order)}</p>
        <p className="order-row__line money-muted">订单号 {order.order_number}</p>
        <div className="order-row__foot">
          <span className="money-muted">{formatShortTime(order.created_at)}</span>
          {payable && (
            <span className="order-row__actions">
              <button type="button" className="money-button money-button--ghost" onClick={onCancel}>
                取消订单
              </button>
              <button type="button" className="money-button" onClick={onPay}>
                去支付
              </button>
            </span>
          )}
        </div>
      </article>
    </div>
  );
}
