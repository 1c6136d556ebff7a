import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ListingFeed } from '../../features/trade-buy/ListingFeed.tsx';
import { cleanKeyword, routeId } from '../../features/trade-buy/trade-data.ts';
import '../../features/trade-buy/trade-buy.css';

/** /circleresult: the listings of a keyword (data { keyword }) or a game (data { game_id, game_name }), with the feed's filters and sort. */
export default function CircleResultPage({ data }: PageProps) {
  const navigate = useNavigate();
  const keyword = cleanKeyword(data?.keyword);
  const gameId = routeId(data?.game_id);
  const gameName = typeof data?.game_name === 'string' ? data.game_name.slice(0, 60) : '';
  return (
    <div className="page trade-page">
      <PageHeader title={keyword ? `“${keyword}”的搜索结果` : gameName || '在售账号'} onBack={() => navigate('back')} />
      <button type="button" className="trade-search" style={{ marginTop: 10 }} onClick={() => navigate('/circlesearching')}>
        {keyword || '搜索游戏名或账号标题'}
      </button>
      <ListingFeed asker="/circleresult" keyword={keyword} initialGame={gameId ? { id: gameId, name: gameName } : null} />
    </div>
  );
}
