import { useState } from 'react';
import { GameListView } from '../../features/games/GameListView.tsx';
import { HomeHeader, TabStrip } from '../../features/games/HomeHeader.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

type RankingSort = 'hot' | 'new' | 'discount';
const SORTS: readonly { key: RankingSort; label: string }[] = [
  { key: 'hot', label: '热门' },
  { key: 'new', label: '新游' },
  { key: 'discount', label: '折扣' },
];

const RANKING_IDS: Record<RankingSort, string> = { hot: 'rankingHot', new: 'rankingNew', discount: 'rankingDiscount' };

function Ranking({ sort }: { sort: RankingSort }) {
  const list = usePagedGames(RANKING_IDS[sort], calls.game.getGameList, sort === 'discount' ? { type: 'discount', sort } : { sort });
  return <GameListView list={list} ranked label={`${SORTS.find((s) => s.key === sort)?.label ?? ''}榜`} />;
}

/** 排行榜 (SPEC §2 /ranking): hot = downloads, new = online date, discount = rate. */
export default function RankingPage() {
  const [sort, setSort] = useState<RankingSort>('hot');
  return (
    <div className="page games-page">
      <HomeHeader />
      <TabStrip label="排行榜" tabs={SORTS} active={sort} onSelect={setSort} />
      <Ranking sort={sort} />
    </div>
  );
}
