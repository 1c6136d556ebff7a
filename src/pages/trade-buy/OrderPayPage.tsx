import { useEffect, useMemo } from 'react';
import type { OrderView } from '../../../api/protocol/calls/order.ts';
import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Row, Skeleton } from '../../features/payment/checkout-parts.tsx';
import { orderNumberOf } from '../../features/trade-buy/trade-data.ts';
import { readTradeOrder } from '../../features/trade-buy/trade-storage.ts';
import { formatLeft, useNow } from '../../features/trade-buy/use-now.ts';
import { useTradePurchase, type TradePurchase } from '../../features/trade-buy/use-trade-purchase.ts';
import { PAY_METHOD_NAMES } from '../../features/trade-buy/trade-text.ts';
import '../../features/payment/checkout.css';
import '../../features/trade-buy/trade-buy.css';

/**
 * /orderpay data { order_number }: a trade order's payment. The listing is reserved for 15 minutes
 * (the countdown to expires_at); 去支付 opens the sandbox cashier, which sends the player back here;
 * the order is polled until it is delivered (→ /tradingsuccess), expired, cancelled or failed.
 */
export default function OrderPayPage({ data }: PageProps) {
  const navigate = useNavigate();
  const orderNumber = orderNumberOf(data?.order_number);
  return (
    <div className="page checkout trade-page">
      <PageHeader title="订单支付" onBack={() => navigate('back')} />
      {orderNumber === null ? (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">订单信息有误</p>
          <p className="pay-result__text">请返回重新下单</p>
          <div className="pay-result__actions">
            <button type="button" className="checkout__button" onClick={() => navigate('/circle', null, { replace: true })}>
              去看看其他账号
            </button>
          </div>
        </div>
      ) : (
        <OrderPayment orderNumber={orderNumber} />
      )}
    </div>
  );
}

function OrderPayment({ orderNumber }: { orderNumber: string }) {
  const navigate = useNavigate();
  const purchase = useTradePurchase({
    resumeOrder: orderNumber,
    onPaid: ({ order }) => navigate('/tradingsuccess', { order_number: order.order_number }, { replace: true }),
  });
  const { phase, order } = purchase;
  if (phase === 'idle' || phase === 'loading') return <Skeleton />;
  if (phase === 'loadFailed') return <LoadFailed message={purchase.error} onRetry={purchase.retry} />;
  return <OrderState purchase={purchase} order={order} orderNumber={orderNumber} />;
}

const OPEN_PHASES = new Set(['awaitingPayment', 'checking', 'stalled', 'cancelling']);

function OrderState({ purchase, order, orderNumber }: { purchase: TradePurchase; order: OrderView | null; orderNumber: string }) {
  const navigate = useNavigate();
  const { phase } = purchase;
  const open = OPEN_PHASES.has(phase);
  const expiresAt = useMemo(() => (order?.expires_at ? Date.parse(order.expires_at) : NaN), [order?.expires_at]);
  const now = useNow(1_000, open && Number.isFinite(expiresAt));
  const over = open && Number.isFinite(expiresAt) && now >= expiresAt;
  const { countdownOver } = purchase;
  useEffect(() => {
    if (over && phase === 'awaitingPayment') countdownOver();
  }, [over, phase, countdownOver]);
  const listingId = readTradeOrder(window.localStorage, orderNumber)?.listing_id ?? 0;
  const backToListing = () => (listingId > 0 ? navigate('/wantpay', { listing_id: listingId }, { replace: true }) : navigate('/circle', null, { replace: true }));
  const text = stateText(phase, order, purchase.error);
  return (
    <section aria-label="支付结果" aria-live="polite">
      <div className="pay-result">
        <div className={`pay-result__icon pay-result__icon--${text.tone}`} aria-hidden="true">
          {text.tone === 'ok' ? '✓' : text.tone === 'bad' ? '!' : '…'}
        </div>
        <h2 className="pay-result__title">{text.title}</h2>
        {text.detail && <p className="pay-result__text">{text.detail}</p>}
        {open && Number.isFinite(expiresAt) && (
          <p className="pay-result__text">
            剩余支付时间 <span className="trade-countdown" data-testid="order-countdown">{formatLeft(expiresAt, now)}</span>
          </p>
        )}
      </div>
      {order && (
        <div className="checkout__card" aria-label="订单">
          <Row label="商品">{order.subject}</Row>
          {order.game_name && <Row label="游戏">{[order.game_name, order.server_name].filter(Boolean).join(' · ')}</Row>}
          <Row label="订单号">{order.order_number}</Row>
          <Row label="支付方式">{order.pay_method === 'wallet' ? PAY_METHOD_NAMES.wallet : PAY_METHOD_NAMES.provider}</Row>
          <Row label="实付">
            <span className="checkout__total">¥{formatYuan(order.pay_cents)}</span>
          </Row>
          <Row label="状态">{order.status_text}</Row>
        </div>
      )}
      <div className="pay-result__actions">
        {(phase === 'awaitingPayment' || phase === 'checking' || phase === 'stalled') && order?.pay_url && (
          <button type="button" className="checkout__button" onClick={purchase.pay}>
            {phase === 'awaitingPayment' ? '去支付' : '继续支付'}
          </button>
        )}
        {phase === 'stalled' && (
          <button type="button" className="checkout__button" onClick={purchase.refresh}>
            刷新
          </button>
        )}
        {open && (
          <button type="button" className="checkout__button checkout__button--ghost" disabled={phase === 'cancelling'} onClick={purchase.cancel}>
            {phase === 'cancelling' ? '正在取消…' : '取消订单'}
          </button>
        )}
        {phase === 'paid' && (
          <button type="button" className="checkout__button" onClick={() => navigate('/tradingsuccess', { order_number: orderNumber }, { replace: true })}>
            查看账号信息
          </button>
        )}
        {(phase === 'expired' || phase === 'cancelled' || phase === 'failed') && (
          <>
            <button type="button" className="checkout__button" onClick={backToListing}>
              {listingId > 0 ? '返回商品' : '去看看其他账号'}
            </button>
            <button type="button" className="checkout__button checkout__button--ghost" onClick={() => navigate('/traderecord', null, { replace: true })}>
              交易记录
            </button>
          </>
        )}
      </div>
      {purchase.error && open && purchase.error !== MONEY_MSG.inFlight && (
        <p className="checkout__error" role="alert">
          {purchase.error}
        </p>
      )}
    </section>
  );
}

function stateText(phase: TradePurchase['phase'], order: OrderView | null, error: string | null): { title: string; detail: string; tone: 'ok' | 'bad' | 'wait' } {
  switch (phase) {
    case 'awaitingPayment':
      return { title: '等待支付', detail: '商品已为你保留，请在倒计时结束前完成支付', tone: 'wait' };
    case 'checking':
      return { title: '正在确认支付结果', detail: '支付结果确认中，请勿重复支付', tone: 'wait' };
    case 'stalled':
      return { title: '暂未查询到支付结果', detail: '如已支付，请稍后刷新或在交易记录中查看', tone: 'wait' };
    case 'cancelling':
      return { title: '正在取消订单', detail: '', tone: 'wait' };
    case 'paid':
      return { title: '支付成功', detail: '账号已转入你的名下', tone: 'ok' };
    case 'expired':
      return { title: '订单已过期', detail: '超时未支付，商品已释放', tone: 'bad' };
    case 'cancelled':
      return { title: '订单已取消', detail: MONEY_MSG.cancelled, tone: 'bad' };
    default:
      return { title: order?.status === 'refunded' ? '款项已退回' : '支付失败', detail: order?.fail_reason || error || MONEY_MSG.orderClosed, tone: 'bad' };
  }
}
