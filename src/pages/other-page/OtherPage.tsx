import { useMemo } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { MoneyGrid, MoneySection, type MoneyEntry } from '../../features/money/money-parts.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import * as cardCalls from '../../../api/protocol/calls/card.ts';
import type { CardOnSale } from '../../../api/protocol/calls/card.ts';

/**
 * /otherpage (更多): the hub of the money services (docs/decisions.md "Money: wallet, records,
 * coupons, privileges pages"): 乐玩币充值, 游戏充值, 充值记录, 充值指南, 我的特权, 自动发放, then
 * the cards on sale (热门, 新人, 黄金, 胭脂红), each opening /carddetail.
 */

export const SERVICES: readonly MoneyEntry[] = [
  { to: '/mylewancoin', label: '乐玩币充值', icon: 'coin' },
  { to: '/autorecharge', label: '游戏充值', icon: 'game' },
  { to: '/rechargerecord', label: '充值记录', icon: 'record' },
  { to: '/topupguide', label: '充值指南', icon: 'guide' },
  { to: '/myprivilege', label: '我的特权', icon: 'crown' },
  { to: '/autosend', label: '自动发放', icon: 'gift' },
];

const CARD_LISTS = [
  { id: 'hotCards', path: cardCalls.getHotCard, title: '热门会员卡' },
  { id: 'newCards', path: cardCalls.getNewCard, title: '新人专享' },
  { id: 'goldCards', path: cardCalls.getGoldCard, title: '黄金会员卡' },
  { id: 'carmineCards', path: cardCalls.getCarmineCard, title: '胭脂红卡' },
] as const;

export default function OtherPage() {
  const navigate = useNavigate();
  return (
    <div className="money-page">
      <PageHeader title="更多" onBack={() => navigate('back')} />
      <MoneySection title="充值服务">
        <MoneyGrid entries={SERVICES} label="充值服务" className="money-grid money-grid--3" style={{ margin: 0, padding: 0 }} />
      </MoneySection>
      <CardSections />
    </div>
  );
}

/** The four card lists, each card shown once (in the first list that has it). */
function CardSections() {
  const hot = useRemoteData(CARD_LISTS[0].id, CARD_LISTS[0].path, { page: 1, limit: 20 });
  const fresh = useRemoteData(CARD_LISTS[1].id, CARD_LISTS[1].path, { page: 1, limit: 20 });
  const gold = useRemoteData(CARD_LISTS[2].id, CARD_LISTS[2].path, { page: 1, limit: 20 });
  const carmine = useRemoteData(CARD_LISTS[3].id, CARD_LISTS[3].path, { page: 1, limit: 20 });
  const loads = [hot, fresh, gold, carmine];
  const sections = useMemo(() => dedupeSections([hot.data, fresh.data, gold.data, carmine.data].map((answer) => answer?.list ?? [])), [hot.data, fresh.data, gold.data, carmine.data]);
  const failed = loads.find((load) => load.failed);
  if (failed) return <LoadFailed message={failed.error} onRetry={() => loads.forEach((load) => load.failed && load.retry())} />;
  if (loads.some((load) => load.loading)) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  if (sections.every((cards) => cards.length === 0)) return <EmptyState message="暂无在售的会员卡" />;
  return (
    <>
      {CARD_LISTS.map((list, index) =>
        sections[index]!.length === 0 ? null : (
          <MoneySection key={list.id} title={list.title}>
            <ul className="card-list" aria-label={list.title}>
              {sections[index]!.map((card) => (
                <li key={card.id}>
                  <CardTile card={card} />
                </li>
              ))}
            </ul>
          </MoneySection>
        ),
      )}
    </>
  );
}

export function dedupeSections(sections: CardOnSale[][]): CardOnSale[][] {
  const seen = new Set<number>();
  return sections.map((cards) =>
    cards.filter((card) => {
      if (seen.has(card.id)) return false;
      seen.add(card.id);
      return true;
    }),
  );
}

function CardTile({ card }: { card: CardOnSale }) {
  return (
    <Link className="card-tile" to="/carddetail" data={{ id: card.id }}>
      <LazyImage className="card-tile__image" src={card.image} alt={card.name} width={750} height={422} />
      <p className="card-tile__name">{card.name}</p>
      <p className="card-tile__price">
        ¥{formatYuan(card.price_cents)}
        {card.original_price_cents > card.price_cents && <s>¥{formatYuan(card.original_price_cents)}</s>}
      </p>
      <p className="money-muted" style={{ margin: 0 }}>
        {card.days}天 · {card.subtitle}
      </p>
    </Link>
  );
}
