import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';
import { PRODUCT } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { Row, yuan } from './checkout-parts.tsx';
import { resultText, type ResultPhase } from './result-text.ts';
import type { usePayment } from './use-payment.ts';

/** The result half of /rechargepay: waiting for the cashier, confirming, and the outcome with its buttons. */

type Payment = Pick<ReturnType<typeof usePayment>, 'phase' | 'order' | 'error' | 'confirm' | 'reopen' | 'cancel' | 'refresh' | 'busy'>;

/** Where 返回 goes after a result: the page the kind of order started from. */
export function backPathOf(order: OrderView | null): string {
  if (order?.kind === 'game') return '/autorecharge';
  if (order?.kind === 'card') return '/myprivilege';
  return `/my${PRODUCT}coin`;
}

export function PaymentResult({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const { order } = payment;
  const text = resultText(payment.phase as ResultPhase, order, payment.error);
  const open = payment.phase === 'confirming' || payment.phase === 'stalled' || payment.phase === 'awaitingCashier';
  // Paid and on its way to the game: the money is taken, the player may leave (the record shows the delivery).
  const final = text.final || payment.phase === 'delivering';
  return (
    <section aria-label="支付结果" aria-live="polite">
      <div className="pay-result">
        <div className={`pay-result__icon pay-result__icon--${text.tone}`} aria-hidden="true">
          {text.tone === 'ok' ? '✓' : text.tone === 'bad' ? '!' : '…'}
        </div>
        <h2 className="pay-result__title">{text.title}</h2>
        {text.detail && <p className="pay-result__text">{text.detail}</p>}
      </div>
      {order && (
        <div className="checkout__card" aria-label="订单">
          <Row label="商品">{order.subject}</Row>
          {order.role_name && <Row label="角色">{[order.server_name, order.role_name].filter(Boolean).join(' · ')}</Row>}
          <Row label="订单号">{order.order_number}</Row>
          <Row label="原价">{yuan(order.amount_cents)}</Row>
          {order.coupon_cents > 0 && <Row label="优惠">{`-${yuan(order.coupon_cents)}${order.coupon_name ? `（${order.coupon_name}）` : ''}`}</Row>}
          <Row label="实付">{yuan(order.pay_cents)}</Row>
          {order.bonus_cents > 0 && <Row label="赠送">{`${formatYuan(order.bonus_cents)} 乐玩币`}</Row>}
          <Row label="状态">{order.status_text}</Row>
        </div>
      )}
      <div className="pay-result__actions">
        {payment.phase === 'awaitingCashier' && (
          <button type="button" className="checkout__button" onClick={payment.confirm}>
            我已完成支付
          </button>
        )}
        {payment.phase === 'stalled' && (
          <button type="button" className="checkout__button" onClick={payment.refresh}>
            刷新
          </button>
        )}
        {(payment.phase === 'confirming' || payment.phase === 'stalled') && order?.pay_url && (order.status === 'created' || order.status === 'paying') && (
          <button type="button" className="checkout__button" onClick={payment.reopen}>
            继续支付
          </button>
        )}
        {open && order && (order.status === 'created' || order.status === 'paying') && (
          <button type="button" className="checkout__button checkout__button--ghost" onClick={payment.cancel}>
            取消订单
          </button>
        )}
        {final && (
          <>
            <button type="button" className="checkout__button" onClick={() => navigate('/rechargerecord')}>
              查看充值记录
            </button>
            <button type="button" className="checkout__button checkout__button--ghost" onClick={() => navigate(backPathOf(order), null, { replace: true })}>
              返回
            </button>
          </>
        )}
      </div>
      {payment.error && !final && payment.error !== MONEY_MSG.inFlight && (
        <p className="checkout__error" role="alert">
          {payment.error}
        </p>
      )}
    </section>
  );
}
