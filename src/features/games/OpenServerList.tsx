import { GameListView } from './GameListView.tsx';
import { chinaTime, decodeOpenServerGames, type OpenServerGame } from './game-extras.ts';
import { usePagedList } from './use-paged-games.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

const serverKey = (game: OpenServerGame) => `${game.server_id}:${game.game_id}:${game.platform_game_id}`;

const note = (game: OpenServerGame) => (
  <span className={game.opened ? 'open-note open-note--opened' : 'open-note'}>
    {chinaTime(game.open_at)} {game.server_name} {game.opened ? '已开服' : '即将开服'}
  </span>
);

/** The open servers of one China day (absent: today), each row noting its server and time. */
export function OpenServerList({ id, date }: { id: string; date: string | null }) {
  const list = usePagedList<OpenServerGame>(id, calls.game.getOpenServers, date ? { date } : {}, decodeOpenServerGames);
  return <GameListView list={list} keyOf={serverKey} noteOf={note} label="开服表" emptyMessage="当天暂无开服" />;
}
