import type { CardDetail } from '../../../api/protocol/calls/wallet.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Row, Skeleton } from '../../features/payment/checkout-parts.tsx';
import { decodeCardId } from '../../features/payment/route-inputs.ts';
import '../../features/payment/checkout.css';
import * as cardCalls from '../../../api/protocol/calls/card.ts';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';

/**
 * /cardstrightrecharge (卡券直充): buy a card. With { card_id }: its price, term and benefits and
 * 立即开通 (→ /rechargepay, kind card). Without: the cards on sale to choose from.
 */

export function benefitLines(card: Pick<CardDetail, 'benefits' | 'contents'>): string[] {
  const lines: string[] = [];
  for (const coupon of card.benefits.instant_coupons) lines.push(`开卡即送 ${coupon.name}（¥${formatYuan(coupon.amount_cents)}）×${coupon.count}`);
  const daily = card.benefits.daily;
  if (daily?.kind === 'coins') lines.push(`每日${daily.auto ? '自动到账' : '可领'} ${formatYuan(daily.amount_cents)} 乐玩币`);
  if (daily?.kind === 'coupon') lines.push(`每日${daily.auto ? '自动发放' : '可领'} ${daily.name}（¥${formatYuan(daily.amount_cents)}）`);
  if (card.benefits.topup_bonus_pct > 0) lines.push(`充值乐玩币加赠 ${card.benefits.topup_bonus_pct}%`);
  return lines.length > 0 ? lines : card.contents;
}

function CardOffer({ cardId }: { cardId: number }) {
  const navigate = useNavigate();
  const card = useRemoteData('cardDetail', walletCalls.getCardDetail, { card_id: cardId });
  if (card.failed) return <LoadFailed message={card.error} onRetry={card.retry} />;
  if (!card.data) return <Skeleton />;
  const detail = card.data;
  return (
    <>
      <section className="checkout__card" aria-label="会员卡">
        <p className="checkout__subject">{detail.name}</p>
        {detail.subtitle && <p className="checkout__meta">{detail.subtitle}</p>}
        <Row label="价格">
          <span className="checkout__total">¥{formatYuan(detail.price_cents)}</span>
          {detail.original_price_cents > detail.price_cents && <s className="checkout__meta"> ¥{formatYuan(detail.original_price_cents)}</s>}
        </Row>
        <Row label="有效期">{detail.days}天</Row>
        {detail.owned && <Row label="当前">{`已开通，${detail.owned.ends_at.slice(0, 10)} 到期`}</Row>}
      </section>
      <section className="checkout__card" aria-label="卡内福利">
        <h2 className="checkout__card-title">卡内福利</h2>
        <ul className="checkout__methods">
          {benefitLines(detail).map((line) => (
            <li key={line} className="checkout__row">
              {line}
            </li>
          ))}
        </ul>
      </section>
      <div className="checkout__bar">
        <span className="checkout__bar-total">
          <strong className="checkout__total">¥{formatYuan(detail.price_cents)}</strong> / {detail.days}天
        </span>
        <button type="button" className="checkout__button" onClick={() => navigate('/rechargepay', { kind: 'card', card_id: detail.id })}>
          {detail.owned ? '续费' : '立即开通'}
        </button>
      </div>
    </>
  );
}

function CardChoices() {
  const navigate = useNavigate();
  const hot = useRemoteData('hotCards', cardCalls.getHotCard, { page: 1, limit: 20 });
  if (hot.failed) return <LoadFailed message={hot.error} onRetry={hot.retry} />;
  if (!hot.data) return <Skeleton />;
  const cards = hot.data.list;
  return (
    <section className="checkout__card" aria-label="选择会员卡">
      <h2 className="checkout__card-title">选择会员卡</h2>
      {cards.length === 0 ? (
        <p className="checkout__empty">暂无在售会员卡</p>
      ) : (
        <ul className="pick-list">
          {cards.map((card) => (
            <li key={card.id}>
              <button type="button" className="pick-list__item" onClick={() => navigate('/cardstrightrecharge', { card_id: card.id })}>
                {card.image ? <img className="pick-list__icon" src={card.image} alt="" loading="lazy" /> : <span className="pick-list__icon" />}
                <span className="pick-list__main">
                  <span className="pick-list__name">{card.name}</span>
                  <span className="pick-list__meta">{card.subtitle || `${card.days}天`}</span>
                </span>
                <span className="checkout__total">¥{formatYuan(card.price_cents)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function CardStraightRechargePage({ data }: PageProps) {
  const cardId = decodeCardId(data);
  return (
    <div className="page checkout">
      <PageHeader title="卡券直充" />
      {cardId ? <CardOffer cardId={cardId} /> : <CardChoices />}
    </div>
  );
}
