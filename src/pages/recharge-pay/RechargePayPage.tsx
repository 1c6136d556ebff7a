import { useMemo, useState } from 'react';
import type { CardDetail } from '../../../api/protocol/calls/wallet.ts';
import type { CheckoutCoupon } from '../../../api/protocol/calls/order.ts';
import { MONEY_MSG, type PayMethod } from '../../../api/protocol/money.ts';
import type { PaymentDraft } from '../../../machines/payment.types.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Row, Skeleton, yuan } from '../../features/payment/checkout-parts.tsx';
import { decodeCheckoutRequest, readCouponChoice, readStoredPayment, sameDraft } from '../../features/payment/payment-data.ts';
import { PaymentResult } from '../../features/payment/PaymentResult.tsx';
import { RealNameNotice } from '../../features/payment/RealNameNotice.tsx';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { usePayment } from '../../features/payment/use-payment.ts';
import { couponIdToUse, needsRealName, payMethodsFor, paySummary } from '../../features/payment/checkout-rules.ts';
import '../../features/payment/checkout.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /rechargepay: the checkout and result page of every order. `data` is a draft (what is
 * bought) or { order_number } (the cashier sends the player back here): the payment machine runs
 * the order from 立即支付 to its result.
 */

const METHOD_NAMES: Record<PayMethod, string> = { provider: '支付宝（沙箱）', coins: '乐玩币', wallet: '余额' };

export default function RechargePayPage({ data }: PageProps) {
  const navigate = useNavigate();
  const request = useMemo(() => decodeCheckoutRequest(data), [data]);
  // A draft whose order is still open on this device (back from the cashier without paying): show that order.
  const [resume] = useState(() => {
    if (request.type === 'order') return request.orderNumber;
    if (request.type !== 'draft') return null;
    const stored = readStoredPayment(window.localStorage);
    return stored?.orderNumber && sameDraft(stored.attempt.draft, request.draft) ? stored.orderNumber : null;
  });
  return (
    <div className="page checkout">
      <PageHeader title="充值" />
      {request.type === 'invalid' ? (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">订单信息有误</p>
          <p className="pay-result__text">请返回重新选择充值内容</p>
          <div className="pay-result__actions">
            <button type="button" className="checkout__button" onClick={() => navigate('back')}>
              返回
            </button>
          </div>
        </div>
      ) : (
        <PaymentFlow draft={request.type === 'draft' ? request.draft : null} couponId={request.type === 'draft' ? request.couponId : undefined} resume={resume} />
      )}
    </div>
  );
}

function PaymentFlow({ draft, couponId, resume }: { draft: PaymentDraft | null; couponId: number | null | undefined; resume: string | null }) {
  const payment = usePayment(resume);
  // The form stays while the order is being created: a refusal comes back to it as it was.
  if ((payment.phase === 'choosing' || payment.phase === 'creating' || payment.phase === 'createWait') && draft && !resume) return <Checkout draft={draft} couponId={couponId} payment={payment} />;
  if (payment.phase === 'choosing') return <Skeleton />;
  return <PaymentResult payment={payment} />;
}

type Payment = ReturnType<typeof usePayment>;

function Checkout({ draft, couponId, payment }: { draft: PaymentDraft; couponId: number | null | undefined; payment: Payment }) {
  if (draft.kind === 'game') return <GameCheckout draft={draft} couponId={couponId} payment={payment} />;
  if (draft.kind === 'card') return <CardCheckout draft={draft} payment={payment} />;
  return <CheckoutBody draft={draft} payment={payment} subject={`${(draft.amount_cents ?? 0) / 100}乐玩币`} meta="1元 = 1乐玩币" originalCents={draft.amount_cents ?? 0} />;
}

function GameCheckout({ draft, couponId, payment }: { draft: PaymentDraft; couponId: number | null | undefined; payment: Payment }) {
  const coupons = useRemoteData('checkoutCoupons', calls.order.getCheckoutCoupons, { kind: 'game', amount_cents: draft.amount_cents, platform_game_id: draft.platform_game_id });
  // /selectcoupon's choice for this draft (it goes back here) wins over the one in the URL.
  const [chosen] = useState(() => {
    const stored = readCouponChoice(window.localStorage, draft);
    return stored !== undefined ? stored : couponId;
  });
  if (coupons.failed) return <LoadFailed message={coupons.error} onRetry={coupons.retry} />;
  if (!coupons.data) return <Skeleton />;
  const selectedId = couponIdToUse(chosen, coupons.data);
  const selected = coupons.data.usable.find((coupon) => coupon.id === selectedId) ?? null;
  return (
    <CheckoutBody
      draft={draft}
      payment={payment}
      subject={`${draft.game_name ?? '游戏'} ${(draft.amount_cents ?? 0) / 100}元充值`}
      meta={[draft.server_name, draft.role_name].filter(Boolean).join(' · ')}
      originalCents={draft.amount_cents ?? 0}
      coupon={{ selected, usableCount: coupons.data.usable.length }}
    />
  );
}

function CardCheckout({ draft, payment }: { draft: PaymentDraft; payment: Payment }) {
  const card = useRemoteData('cardDetail', calls.wallet.getCardDetail, { card_id: draft.card_id! });
  if (card.failed) return <LoadFailed message={card.error} onRetry={card.retry} />;
  if (!card.data) return <Skeleton />;
  const detail: CardDetail = card.data;
  return <CheckoutBody draft={draft} payment={payment} subject={detail.name} meta={`有效期${detail.days}天`} originalCents={detail.price_cents} />;
}

function CheckoutBody({
  draft,
  payment,
  subject,
  meta,
  originalCents,
  coupon,
}: {
  draft: PaymentDraft;
  payment: Payment;
  subject: string;
  meta: string;
  originalCents: number;
  coupon?: { selected: CheckoutCoupon | null; usableCount: number };
}) {
  const navigate = useNavigate();
  const money = useRemoteData('money', calls.wallet.getMoney, {});
  const methods = payMethodsFor(draft.kind);
  const [method, setMethod] = useState<PayMethod>('provider');
  const summary = paySummary(originalCents, coupon?.selected ?? null);
  const balanceOf = (m: PayMethod) => (m === 'coins' ? money.data?.coins_cents : m === 'wallet' ? money.data?.wallet_cents : undefined);
  const short = (m: PayMethod) => {
    const balance = balanceOf(m);
    return balance !== undefined && balance < summary.payCents;
  };
  const submit = () => {
    if (short(method)) return;
    payment.submit({ draft, user_coupon_id: coupon?.selected?.id ?? null, pay_method: method });
  };
  return (
    <>
      <RealNameNotice />
      <section className="checkout__card" aria-label="商品">
        <p className="checkout__subject">{subject}</p>
        {meta && <p className="checkout__meta">{meta}</p>}
      </section>
      {coupon && (
        <section className="checkout__card" aria-label="优惠券">
          <button
            type="button"
            className="checkout__row checkout__row--link"
            onClick={() => navigate('/selectcoupon', { ...draft, user_coupon_id: coupon.selected?.id ?? 0 })}
          >
            <span className="checkout__row-label">优惠券</span>
            <span className="checkout__row-value">{coupon.selected ? `${coupon.selected.name} -${yuan(coupon.selected.amount_cents)}` : coupon.usableCount > 0 ? `${coupon.usableCount}张可用` : '暂无可用'}</span>
          </button>
        </section>
      )}
      <section className="checkout__card" aria-label="支付方式">
        <h2 className="checkout__card-title">支付方式</h2>
        <ul className="checkout__methods">
          {methods.map((m) => {
            const balance = balanceOf(m);
            return (
              <li key={m}>
                <button type="button" className="checkout__method" role="radio" aria-checked={method === m} disabled={short(m)} onClick={() => setMethod(m)}>
                  <span className="checkout__method-name">{METHOD_NAMES[m]}</span>
                  {m !== 'provider' && <span className="checkout__method-balance">{balance === undefined ? '余额加载中' : short(m) ? `${m === 'coins' ? MONEY_MSG.coinsShort : MONEY_MSG.walletShort}（${yuan(balance)}）` : `可用 ${yuan(balance)}`}</span>}
                  <span className={`checkout__radio${method === m ? ' checkout__radio--on' : ''}`} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="checkout__card" aria-label="金额">
        <Row label="原价">{yuan(summary.originalCents)}</Row>
        <Row label="优惠">
          <span className="checkout__discount">-{yuan(summary.discountCents)}</span>
        </Row>
        <Row label="实付">
          <span className="checkout__total">{yuan(summary.payCents)}</span>
        </Row>
      </section>
      {payment.error && (
        <p className="checkout__error" role="alert">
          {payment.error}
          {needsRealName(payment.error) && (
            <>
              {' '}
              <button type="button" className="checkout__link" onClick={() => navigate('/realnamecertificateone')}>
                去实名认证
              </button>
            </>
          )}
        </p>
      )}
      <div className="checkout__bar">
        <span className="checkout__bar-total">
          实付 <strong className="checkout__total">{yuan(summary.payCents)}</strong>
        </span>
        <button type="button" className="checkout__button" disabled={payment.busy || short(method)} onClick={submit}>
          {payment.busy ? '支付中…' : '立即支付'}
        </button>
      </div>
    </>
  );
}
