import { useMemo, useState, useSyncExternalStore } from 'react';
import { getListings, type ListingCard } from '../../../api/protocol/calls/trade.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { LISTING_SORT_TEXT, LISTING_SORTS, type ListingSort } from '../../../api/protocol/trade-rules.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { PagedListView } from '../games/PagedListView.tsx';
import { usePagedCall } from '../games/use-paged-games.ts';
import { readGameChoice, subscribeGameChoice, TRADE_STORAGE_KEYS, type GameChoice } from './trade-storage.ts';
import './trade-buy.css';

/** The listings feed of /circle and /circleresult: game, price range and sort filters over a virtualised, paged list. */

export const LISTING_ROW_HEIGHT = 112;

/** Price range chips (fen; 0 = no bound). */
export const PRICE_RANGES = [
  { label: '不限', min: 0, max: 0 },
  { label: '50元以下', min: 0, max: 5_000 },
  { label: '50-200元', min: 5_000, max: 20_000 },
  { label: '200-1000元', min: 20_000, max: 100_000 },
  { label: '1000元以上', min: 100_000, max: 0 },
] as const;

export interface FeedFilter {
  keyword: string;
  gameId: number;
  range: number;
  sort: ListingSort;
}

/** getListings' payload for a filter: empty values left out. */
export function listingsPayload(filter: FeedFilter): Record<string, string | number> {
  const range = PRICE_RANGES[filter.range] ?? PRICE_RANGES[0];
  return {
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
    ...(filter.gameId > 0 ? { game_id: filter.gameId } : {}),
    ...(range.min > 0 ? { min_price_cents: range.min } : {}),
    ...(range.max > 0 ? { max_price_cents: range.max } : {}),
    sort: filter.sort,
  };
}

/** The game last chosen on /selectgame for this page, for this tab's session (kept-alive pages hear new choices). */
export function useGameChoice(asker: string): GameChoice | null {
  const raw = useSyncExternalStore(subscribeGameChoice, () => {
    try {
      return window.sessionStorage.getItem(TRADE_STORAGE_KEYS.gameChoice);
    } catch {
      return null;
    }
  });
  // raw is the snapshot; the decoded value follows it.
  return useMemo(() => (raw === null ? null : readGameChoice(window.sessionStorage, asker)), [raw, asker]);
}

export function ListingRow({ card }: { card: ListingCard }) {
  return (
    <Link className="listing-row" to="/wantpay" data={{ listing_id: card.id }}>
      <LazyImage className="listing-row__cover" src={card.cover} alt="" width={96} height={96} />
      <span className="listing-row__body">
        <span className="listing-row__title">{card.title}</span>
        <span className="listing-row__meta">{[card.game_name, card.server_name].filter(Boolean).join(' · ')}</span>
        <span className="listing-row__meta">
          累计充值¥{formatYuan(card.topup_cents)} · 小号{card.age_days}天 · {card.image_count}张截图
        </span>
        <span className="listing-row__foot">
          <span className="listing-row__price">¥{formatYuan(card.price_cents)}</span>
          {card.status === 'reserved' && <span className="listing-row__status">{card.status_text || '交易中'}</span>}
        </span>
      </span>
    </Link>
  );
}

/** Filters and the feed. `asker` is the page /selectgame returns to; `keyword` fixes the search (/circleresult). */
export function ListingFeed({ asker, keyword = '', initialGame = null }: { asker: string; keyword?: string; initialGame?: { id: number; name: string } | null }) {
  const navigate = useNavigate();
  const choice = useGameChoice(asker);
  const game = choice ? { id: choice.game_id, name: choice.game_name } : initialGame;
  const [range, setRange] = useState(0);
  const [sort, setSort] = useState<ListingSort>('newest');
  const payload = listingsPayload({ keyword, gameId: game?.id ?? 0, range, sort });
  return (
    <div className="trade-feed">
      <div className="trade-filters" role="group" aria-label="筛选">
        <div className="trade-filters__row">
          <button type="button" className="trade-chip trade-chip--game" aria-pressed={(game?.id ?? 0) > 0} onClick={() => navigate('/selectgame', { for: asker, game_id: game?.id ?? 0 })}>
            <span className="trade-chip__text">{game && game.id > 0 ? game.name || '已选游戏' : '全部游戏'}</span>
            <span className="trade-chip__caret" aria-hidden="true">
              {' ▾'}
            </span>
          </button>
          {LISTING_SORTS.map((option) => (
            <button key={option} type="button" className="trade-chip" aria-pressed={sort === option} onClick={() => setSort(option)}>
              {LISTING_SORT_TEXT[option]}
            </button>
          ))}
        </div>
        <div className="trade-filters__row" aria-label="价格区间">
          {PRICE_RANGES.map((option, index) => (
            <button key={option.label} type="button" className="trade-chip" aria-pressed={range === index} onClick={() => setRange(index)}>
              {option.label}
            </button>
          ))}
        </div>
      </div>
      {/* A new filter is a new list: its own paged-list actor from page 1. */}
      <FeedList payload={payload} emptyMessage={keyword ? `没有找到与“${keyword}”相关的账号` : '暂无在售账号'} />
    </div>
  );
}

function FeedList({ payload, emptyMessage }: { payload: Record<string, string | number>; emptyMessage: string }) {
  const list = usePagedCall('tradeListings', getListings, payload, 20);
  return <PagedListView list={list} rowHeight={LISTING_ROW_HEIGHT} getKey={(card) => String(card.id)} renderRow={(card) => <ListingRow card={card} />} emptyMessage={emptyMessage} label="在售账号" pullToRefresh={false} />;
}
