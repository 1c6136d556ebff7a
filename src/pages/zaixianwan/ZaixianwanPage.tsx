import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import { MissingGame } from '../game-detail/MissingGame.tsx';
import './zaixianwan.css';

/**
 * /zaixianwan: an H5 game played in the page. Only the server's own H5 path (/play/h5/<id>) is
 * framed; any other address is refused.
 */

const H5_PATH = /^\/play\/h5\/\d{1,15}$/;

/** The frame's address, or null when the answer is not a same-origin H5 path. */
export function playableUrl(value: unknown): string | null {
  const url = typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : null;
  return typeof url === 'string' && H5_PATH.test(url) ? url : null;
}

function Player({ platformGameId, gameId }: { platformGameId: number; gameId?: number }) {
  const navigate = useNavigate();
  const [reloads, setReloads] = useState(0);
  const address = useRemoteData<unknown>('downUrl', '/api/game/getDownUrl', { id: platformGameId });
  const detail = useRemoteData<unknown>('gameDetail', '/api/game/getGameDetail', gameId ? { game_id: gameId, platform_game_id: platformGameId } : { platform_game_id: platformGameId });
  const url = useMemo(() => playableUrl(address.data), [address.data]);
  const name = detail.data && typeof (detail.data as { name?: unknown }).name === 'string' ? (detail.data as { name: string }).name : '在线玩';
  return (
    <div className="h5-play">
      <header className="h5-play__bar">
        <button type="button" className="h5-play__button" aria-label="返回" onClick={() => navigate('back')}>
          ‹
        </button>
        <h1 className="h5-play__title">{name}</h1>
        <button type="button" className="h5-play__button" aria-label="刷新" onClick={() => setReloads(reloads + 1)}>
          ↻
        </button>
      </header>
      {address.failed ? (
        <LoadFailed message={address.error} onRetry={address.retry} />
      ) : address.loading ? (
        <div className="h5-play__loading skeleton" aria-busy="true" aria-label="加载中" />
      ) : url ? (
        <iframe key={reloads} className="h5-play__frame" title={name} src={url} sandbox="allow-scripts allow-same-origin allow-forms" />
      ) : (
        <p className="h5-play__refused" role="alert">
          该游戏暂不支持在线玩
        </p>
      )}
    </div>
  );
}

export default function ZaixianwanPage({ data }: PageProps) {
  const ids = gameIdsOf(data);
  return ids?.platform_game_id ? <Player platformGameId={ids.platform_game_id} gameId={ids.game_id} /> : <MissingGame title="在线玩" />;
}
