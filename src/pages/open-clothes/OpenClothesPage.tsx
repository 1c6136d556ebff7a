import { useMemo } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import { chinaTime, decodeGameDetail, groupByDay, orderOpenServers, type OpenServer } from '../../features/games/game-detail.ts';
import '../../components/game/missing-game.css';
import '../game-detail/game-detail.css';
import { EmptyState } from '../../components/list/ListStates.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /openclothes: the 开服表 of one game (route data {game_id}), grouped by day, upcoming first and
 * opened ones greyed; without a game, today's open servers of every game.
 */

const TODAY_LIMIT = 50;

function ServerDays({ servers, names }: { servers: readonly OpenServer[]; names?: ReadonlyMap<number, string> }) {
  const groups = useMemo(() => groupByDay(orderOpenServers(servers)), [servers]);
  if (groups.length === 0) return <EmptyState message="暂无开服信息" />;
  return (
    <div className="gd-opens">
      {groups.map((group) => (
        <section key={group.day} aria-label={group.day}>
          <h2 className="gd-opens__day">{group.day}</h2>
          <ul className="gd-servers">
            {group.servers.map((server) => (
              <li key={server.id} className={`gd-server${server.opened ? ' gd-server--opened' : ''}`}>
                <span className="gd-server__time">{chinaTime(server.open_at)}</span>
                <span className="gd-server__name">
                  {names?.get(server.id) ? `${names.get(server.id)} · ` : ''}
                  {server.server_name}
                </span>
                <span className="gd-server__state">{server.opened ? '已开服' : '即将开服'}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function GameServers({ ids }: { ids: { game_id?: number; platform_game_id?: number } }) {
  const remote = useRemoteData('gameDetail', calls.game.getGameDetail, ids);
  const detail = useMemo(() => (remote.data ? decodeGameDetail(remote.data) : null), [remote.data]);
  if (remote.failed) return <LoadFailed message={remote.error} onRetry={remote.retry} />;
  if (remote.loading || !detail) return <div className="skeleton skeleton--block" aria-busy="true" aria-label="加载中" />;
  return (
    <>
      <p className="gd-opens__day">{detail.game.name}</p>
      <ServerDays servers={detail.open_servers} />
    </>
  );
}

type Raw = Record<string, unknown>;

function decodeToday(value: unknown): { servers: OpenServer[]; names: Map<number, string> } {
  const list = typeof value === 'object' && value !== null && Array.isArray((value as Raw).list) ? ((value as Raw).list as Raw[]) : [];
  const servers: OpenServer[] = [];
  const names = new Map<number, string>();
  for (const raw of list) {
    const id = typeof raw.server_id === 'number' ? raw.server_id : null;
    if (id === null || typeof raw.open_at !== 'string') continue;
    servers.push({ id, server_name: String(raw.server_name ?? ''), open_at: raw.open_at, opened: raw.opened === true });
    if (typeof raw.name === 'string') names.set(id, raw.name);
  }
  return { servers, names };
}

function TodayServers() {
  const remote = useRemoteData('openServers', calls.game.getOpenServers, { page: 1, limit: TODAY_LIMIT });
  const today = useMemo(() => decodeToday(remote.data), [remote.data]);
  if (remote.failed) return <LoadFailed message={remote.error} onRetry={remote.retry} />;
  if (remote.loading) return <div className="skeleton skeleton--block" aria-busy="true" aria-label="加载中" />;
  return <ServerDays servers={today.servers} names={today.names} />;
}

export default function OpenClothesPage({ data }: PageProps) {
  const navigate = useNavigate();
  const ids = gameIdsOf(data);
  return (
    <div className="gd-page">
      <PageHeader title="开服表" onBack={() => navigate('back')} />
      {ids ? <GameServers ids={ids} /> : <TodayServers />}
    </div>
  );
}
