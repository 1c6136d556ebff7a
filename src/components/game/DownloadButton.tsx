import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { browserDownloadMachine, type DownloadAddress } from '../../../machines/browser-download.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import type { GameItem } from './game-item.ts';
import './download-button.css';

export type DownloadButtonGame = Pick<GameItem, 'game_id' | 'platform_game_id' | 'name' | 'down_type' | 'is_h5'>;

/**
 * The download button of every game card and page. Outside the native wrapper the browser
 * downloads the package (address from getDownUrl) and H5 games open in /zaixianwan; the
 * wrapper's download states (0–6) are wired by the downloads issue.
 */
export function DownloadButton({ game, size = 'small' }: { game: DownloadButtonGame; size?: 'small' | 'large' }) {
  const runtime = useRuntime();
  const isH5 = game.is_h5 || game.down_type === 2;
  const machine = useMemo(
    () =>
      browserDownloadMachine.provide({
        actors: {
          lookUpAddress: fromPromise(({ input }: { input: { platformGameId: number } }) =>
            runtime.api.call<DownloadAddress>('/api/game/getDownUrl', { id: input.platformGameId }),
          ),
        },
        actions: {
          openH5: (_, params) => runtime.navigate('/zaixianwan', { platform_game_id: params.platformGameId, game_id: params.gameId }),
          startBrowserDownload: (_, params) => {
            void runtime.api.call('/api/game/recordDown', { platform_game_id: params.platformGameId, game_id: params.gameId });
            window.location.assign(new URL(params.url, window.location.origin).href);
          },
          showToast: (_, params) => showToast(params.message, params.durationMs),
        },
      }),
    [runtime],
  );
  const [snapshot, send] = useMachine(machine, { input: { platformGameId: game.platform_game_id, gameId: game.game_id, isH5 }, inspect: runtime.inspect });
  const busy = snapshot.hasTag('busy');
  return (
    <button
      type="button"
      className={`download-button download-button--${size}`}
      aria-label={`${isH5 ? '开始玩' : '下载'} ${game.name}`}
      aria-busy={busy}
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        send({ type: 'ui.download' });
      }}
    >
      {busy ? '请稍候' : isH5 ? '开始玩' : '下载'}
    </button>
  );
}
