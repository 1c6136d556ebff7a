import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { EmptyState, SkeletonRows } from '../../components/list/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { routeId } from '../../features/trade-buy/trade-data.ts';
import { writeGameChoice } from '../../features/trade-buy/trade-storage.ts';
import '../../features/trade-buy/trade-buy.css';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';

/**
 * /selectgame: the games with listings (getListingGames, most listings first). The choice goes
 * back to the page that asked (data { for }): kept for this tab, read by that page's feed.
 */
export default function SelectGamePage({ data }: PageProps) {
  const navigate = useNavigate();
  const asker = typeof data?.for === 'string' && /^\/[a-z]{1,30}$/.test(data.for) ? data.for : '/circle';
  const current = routeId(data?.game_id) ?? 0;
  const games = useRemoteData('listingGames', tradeCalls.getListingGames);
  const list = games.data?.list ?? null;
  const choose = (gameId: number, gameName: string) => {
    writeGameChoice(window.sessionStorage, { for: asker, game_id: gameId, game_name: gameName });
    navigate('back');
  };
  return (
    <div className="page trade-page">
      <PageHeader title="选择游戏" onBack={() => navigate('back')} />
      {games.failed ? (
        <LoadFailed message={games.error} onRetry={games.retry} />
      ) : games.loading || games.data === null ? (
        <SkeletonRows rowHeight={56} />
      ) : list === null ? (
        <LoadFailed message="游戏列表加载失败" onRetry={games.refresh} />
      ) : (
        <>
          <ul className="game-picks" aria-label="游戏">
            <li>
              <button type="button" className="game-pick" aria-pressed={current === 0} onClick={() => choose(0, '')}>
                <span>全部游戏</span>
              </button>
            </li>
            {list.map((game) => (
              <li key={game.game_id}>
                <button type="button" className="game-pick" aria-pressed={current === game.game_id} onClick={() => choose(game.game_id, game.game_name)}>
                  {game.game_icon ? <img src={game.game_icon} alt="" width={40} height={40} loading="lazy" /> : <i className="game-pick__blank" aria-hidden="true" />}
                  <span>{game.game_name}</span>
                  <small>{game.count}个在售</small>
                </button>
              </li>
            ))}
          </ul>
          {list.length === 0 && <EmptyState message="暂无在售账号的游戏" />}
        </>
      )}
    </div>
  );
}
