import type { CallRef } from '../../../api/protocol/call-spec.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { weekRangeOf } from './game-extras.ts';
import { GameListView } from './GameListView.tsx';
import { HomeHeader } from './HomeHeader.tsx';
import { usePagedGames, type PagePayload } from './use-paged-games.ts';
import './games.css';

/** A page that is one titled list of games (most discovery lists); `home` puts it under the home tabs. */
export function GameListPage<R extends CallRef>({ id, title, call, payload, home = false, ranked = false }: { id: string; title: string; call: R; payload?: PagePayload<R>; home?: boolean; ranked?: boolean }) {
  const list = usePagedGames(id, call, payload);
  const week = weekRangeOf(list.meta);
  return (
    <div className="page games-page">
      {home ? <HomeHeader /> : <PageHeader title={title} />}
      {week && <p className="week-range">{week}</p>}
      <GameListView list={list} label={title} ranked={ranked} />
    </div>
  );
}
