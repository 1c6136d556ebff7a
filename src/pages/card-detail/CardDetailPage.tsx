import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { benefitLines, cardIdOf, formatDay } from '../../features/money/money-data.ts';
import { BenefitList, MoneySection } from '../../features/money/money-parts.tsx';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';

/**
 * /carddetail (卡券详情), data `{ id }` (or `{ card_id }`): one card (getCardDetail): price with the
 * original struck, term, contents, its benefits, how many sold; the player's active purchase
 * (有效期至…); 立即开通 / 续费 go to /cardstrightrecharge `{ card_id }`.
 */
export default function CardDetailPage({ data }: PageProps) {
  const navigate = useNavigate();
  const cardId = cardIdOf(data);
  return (
    <div className="money-page">
      <PageHeader title="卡券详情" onBack={() => navigate('back')} />
      {cardId ? <CardDetailView cardId={cardId} /> : <MissingCard />}
    </div>
  );
}

/** No such card: say so, and offer the cards on sale. */
function MissingCard() {
  return (
    <>
      <EmptyState message={MONEY_MSG.cardMissing} action={{ label: '查看会员卡', to: '/otherpage' }} />
    </>
  );
}

function CardDetailView({ cardId }: { cardId: number }) {
  const navigate = useNavigate();
  const detail = useRemoteData('cardDetail', walletCalls.getCardDetail, { card_id: cardId });
  const card = detail.data;
  if (detail.failed) return <LoadFailed message={detail.error} onRetry={detail.retry} />;
  if (detail.loading) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  // The server refused: 会员卡不存在 (toasted by the session).
  if (!card) return <MissingCard />;
  const lines = benefitLines(card.benefits);
  return (
    <>
      <LazyImage className="card-detail__banner" src={card.image} alt={card.name} width={750} height={422} />
      <section className="card-detail__head" aria-label={card.name}>
        <h2 className="card-detail__name">{card.name}</h2>
        {card.subtitle && <p className="card-detail__subtitle">{card.subtitle}</p>}
        <p className="card-detail__price" data-testid="card-price">
          ¥{formatYuan(card.price_cents)}
          {card.original_price_cents > card.price_cents && <s>¥{formatYuan(card.original_price_cents)}</s>}
        </p>
        <p className="card-detail__facts">
          <span>有效期 {card.days} 天</span>
          <span>已售 {card.sold_count}</span>
        </p>
        {card.owned && <p className="card-detail__owned">已开通，有效期至 {formatDay(card.owned.ends_at)}</p>}
      </section>
      {lines.length > 0 && (
        <MoneySection title="会员福利">
          <BenefitList lines={lines} />
        </MoneySection>
      )}
      {card.contents.length > 0 && (
        <MoneySection title="卡券内容">
          <ul className="money-lines">
            {card.contents.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </MoneySection>
      )}
      <div className="money-bottom-bar">
        <button type="button" className="money-button" onClick={() => navigate('/cardstrightrecharge', { card_id: card.id })}>
          {card.owned ? '续费' : '立即开通'} ¥{formatYuan(card.price_cents)}
        </button>
      </div>
    </>
  );
}
