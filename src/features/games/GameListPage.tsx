import type { Fields } from '../../../api/protocol/wire.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { weekRangeOf } from './game-extras.ts';
import { GameListView } from './GameListView.tsx';
import { HomeHeader } from './HomeHeader.tsx';
import { usePagedGames } from './use-paged-games.ts';
import './games.css';

/** A page that is one titled list of games (most discovery lists); `home` puts it under the home tabs. */
export function GameListPage({ id, title, path, payload, home = false, ranked = false }: { id: string; title: string; path: string; payload?: Fields; home?: boolean; ranked?: boolean }) {
  const list = usePagedGames(id, path, payload);
  const week = weekRangeOf(list.meta);
  return (
    <div className="page games-page">
      {home ? <HomeHeader /> : <PageHeader title={title} />}
      {week && <p className="week-range">{week}</p>}
      <GameListView list={list} label={title} ranked={ranked} />
    </div>
  );
}
