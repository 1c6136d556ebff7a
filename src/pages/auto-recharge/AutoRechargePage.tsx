import { useState } from 'react';
import type { RechargeGame } from '../../../api/protocol/calls/order.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { decodeGameItem } from '../../components/game/game-item.ts';
import { Skeleton } from '../../features/payment/checkout-parts.tsx';
import '../../features/payment/checkout.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /autorecharge (自助充值, step 1): the game to top up. Games the player already has sub-accounts
 * in come first (getMyRechargeGames); any other game is found by search (getSearchGames).
 */

interface PickedGame {
  platform_game_id: number;
  game_id: number;
  game_name: string;
  icon: string;
  meta: string;
}

const SEARCH_LIMIT = 20;

export function searchResults(data: unknown): PickedGame[] {
  const list = typeof data === 'object' && data !== null && Array.isArray((data as { list?: unknown }).list) ? (data as { list: unknown[] }).list : [];
  return list.flatMap((raw) => {
    const game = decodeGameItem(raw);
    return game ? [{ platform_game_id: game.platform_game_id, game_id: game.game_id, game_name: game.name, icon: game.icon, meta: game.category || game.short_desc }] : [];
  });
}

function GameList({ games, empty }: { games: PickedGame[]; empty: string }) {
  const navigate = useNavigate();
  if (games.length === 0) return <p className="checkout__empty">{empty}</p>;
  return (
    <ul className="pick-list">
      {games.map((game) => (
        <li key={game.platform_game_id}>
          <button type="button" className="pick-list__item" onClick={() => navigate('/autorechargehao', { platform_game_id: game.platform_game_id, game_id: game.game_id, game_name: game.game_name })}>
            {game.icon ? <img className="pick-list__icon" src={game.icon} alt="" loading="lazy" /> : <span className="pick-list__icon" />}
            <span className="pick-list__main">
              <span className="pick-list__name">{game.game_name}</span>
              {game.meta && <span className="pick-list__meta">{game.meta}</span>}
            </span>
            <span aria-hidden="true">›</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const mine = (list: RechargeGame[]): PickedGame[] =>
  list.map((game) => ({ platform_game_id: game.platform_game_id, game_id: game.game_id, game_name: game.game_name, icon: game.icon, meta: `${game.sub_account_count}个小号` }));

function Search({ keyword }: { keyword: string }) {
  const found = useRemoteData('rechargeSearch', calls.game.getSearchGames, { keyword, page: 1, limit: SEARCH_LIMIT });
  if (found.failed) return <LoadFailed message={found.error} onRetry={found.retry} />;
  if (found.loading && !found.data) return <Skeleton />;
  return <GameList games={searchResults(found.data)} empty="没有找到相关游戏" />;
}

export default function AutoRechargePage(_: PageProps) {
  const games = useRemoteData('rechargeGames', calls.order.getMyRechargeGames, {});
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  return (
    <div className="page checkout">
      <PageHeader title="自助充值" />
      <form
        className="checkout__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setKeyword(text.trim());
        }}
      >
        <input type="search" aria-label="搜索游戏" placeholder="搜索要充值的游戏" value={text} maxLength={30} onChange={(event) => setText(event.target.value)} />
        <button type="submit">搜索</button>
      </form>
      {keyword ? (
        <section className="checkout__card" aria-label="搜索结果">
          <h2 className="checkout__card-title">搜索结果</h2>
          <Search keyword={keyword} />
        </section>
      ) : (
        <section className="checkout__card" aria-label="我的游戏">
          <h2 className="checkout__card-title">我玩过的游戏</h2>
          {games.failed ? (
            <LoadFailed message={games.error} onRetry={games.retry} />
          ) : !games.data ? (
            <Skeleton />
          ) : (
            <GameList games={mine(games.data.list)} empty="还没有小号，搜索游戏后选择区服创建小号即可充值" />
          )}
        </section>
      )}
    </div>
  );
}
