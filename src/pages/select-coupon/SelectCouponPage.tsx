import { useMemo } from 'react';
import type { CheckoutCoupon } from '../../../api/protocol/calls/order.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import type { PaymentDraft } from '../../../machines/payment.types.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Skeleton } from '../../features/payment/checkout-parts.tsx';
import { decodeCheckoutRequest, writeCouponChoice } from '../../features/payment/payment-data.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { couponIdToUse } from '../../features/payment/checkout-rules.ts';
import '../../features/payment/checkout.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /selectcoupon: the coupons of the player for the draft /rechargepay passes in `data` — usable ones
 * to choose (the best preselected), 不使用优惠券, and the unusable ones with the reason. The choice
 * is kept for that draft (storage) and the page goes back to /rechargepay, which reads it.
 */

function CouponButton({ coupon, selected, onChoose }: { coupon: CheckoutCoupon; selected: boolean; onChoose?: () => void }) {
  return (
    <button type="button" className="coupon-pick" aria-pressed={selected} disabled={!onChoose} onClick={onChoose} data-testid={`checkout-coupon-${coupon.id}`}>
      <span className="coupon-pick__amount">
        <strong>¥{formatYuan(coupon.amount_cents)}</strong>
        <span>{coupon.condition_text}</span>
      </span>
      <span className="coupon-pick__main">
        <span className="coupon-pick__name">{coupon.name}</span>
        <span className="coupon-pick__meta">{`${coupon.game_name || '全平台'} · ${coupon.expires_at.slice(0, 10)} 到期`}</span>
        {coupon.reason && <span className="coupon-pick__reason">{coupon.reason}</span>}
      </span>
      {onChoose && <span className={`checkout__radio${selected ? ' checkout__radio--on' : ''}`} aria-hidden="true" />}
    </button>
  );
}

function CouponLists({ draft, current }: { draft: PaymentDraft; current: number | null | undefined }) {
  const navigate = useNavigate();
  const coupons = useRemoteData('checkoutCoupons', calls.order.getCheckoutCoupons, { kind: draft.kind, amount_cents: draft.amount_cents, platform_game_id: draft.platform_game_id });
  if (coupons.failed) return <LoadFailed message={coupons.error} onRetry={coupons.retry} />;
  if (!coupons.data) return <Skeleton />;
  const selectedId = couponIdToUse(current, coupons.data);
  const choose = (couponId: number | null) => {
    writeCouponChoice(window.localStorage, { draft, couponId });
    if (window.history.length > 1) navigate('back');
    else navigate('/rechargepay', { ...draft, user_coupon_id: couponId ?? 0 }, { replace: true });
  };
  return (
    <>
      <section className="coupon-section" aria-label="可用优惠券">
        <h2 className="coupon-section__title">可用优惠券（{coupons.data.usable.length}）</h2>
        {coupons.data.usable.map((coupon) => (
          <CouponButton key={coupon.id} coupon={coupon} selected={coupon.id === selectedId} onChoose={() => choose(coupon.id)} />
        ))}
        <button type="button" className="coupon-pick" aria-pressed={selectedId === null} onClick={() => choose(null)}>
          <span className="coupon-pick__main">
            <span className="coupon-pick__name">不使用优惠券</span>
          </span>
          <span className={`checkout__radio${selectedId === null ? ' checkout__radio--on' : ''}`} aria-hidden="true" />
        </button>
      </section>
      {coupons.data.unusable.length > 0 && (
        <section className="coupon-section" aria-label="不可用优惠券">
          <h2 className="coupon-section__title">不可用优惠券（{coupons.data.unusable.length}）</h2>
          {coupons.data.unusable.map((coupon) => (
            <CouponButton key={coupon.id} coupon={coupon} selected={false} />
          ))}
        </section>
      )}
    </>
  );
}

export default function SelectCouponPage({ data }: PageProps) {
  const navigate = useNavigate();
  const request = useMemo(() => decodeCheckoutRequest(data), [data]);
  return (
    <div className="page checkout">
      <PageHeader title="选择优惠券" />
      {request.type === 'draft' ? (
        <CouponLists draft={request.draft} current={request.couponId} />
      ) : (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">订单信息有误</p>
          <div className="pay-result__actions">
            <button type="button" className="checkout__button" onClick={() => navigate('back')}>
              返回
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
