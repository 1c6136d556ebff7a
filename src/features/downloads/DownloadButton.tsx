import { useSelector } from '@xstate/react';
import { type CSSProperties } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { browserDownloadMachine, type DownloadAddress } from '../../../machines/browser-download.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import type { DownloadGame } from '../../../machines/download.types.ts';
import type { DownloadEntryActor, DownloadListActor } from './download-runtime.ts';
import { actionLabel, percentOf } from './download-view.ts';
import { downloadGameOf, runEntryAction, useDownloadList, useEntry, useEntryActor, useEntryBusy } from './use-downloads.ts';
import { confirmDownloadNetwork } from './wifi-gate.ts';
import type { GameItem } from '../../components/game/game-item.ts';
import './download-button.css';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';

export type DownloadButtonGame = Pick<GameItem, 'game_id' | 'platform_game_id' | 'platform_id' | 'name' | 'icon' | 'package_name' | 'down_type' | 'is_h5'>;
type Size = 'small' | 'large';

/**
 * The download button of every game card and page. Inside the native wrapper it shows the
 * game's download entry (SPEC §4 states 0–6) and its next action; elsewhere the browser
 * downloads the package (address from getDownUrl). H5 games open in /zaixianwan everywhere.
 */
export function DownloadButton({ game, size = 'small' }: { game: DownloadButtonGame; size?: Size }) {
  const list = useDownloadList();
  const isH5 = game.is_h5 || game.down_type === 2;
  if (list === null || isH5) return <BrowserDownloadButton game={game} size={size} isH5={isH5} />;
  return <WrapperDownloadButton game={game} size={size} list={list} />;
}

function BrowserDownloadButton({ game, size, isH5 }: { game: DownloadButtonGame; size: Size; isH5: boolean }) {
  const runtime = useRuntime();
  const actor = useFeatureActor(browserDownloadMachine, {
    input: { platformGameId: game.platform_game_id, gameId: game.game_id, isH5 },
    implementations: {
      actors: {
        lookUpAddress: fromPromise(({ input }: { input: { platformGameId: number } }) =>
          // getDownUrl's answer is declared without a type yet: the machine reads it as an address
          request(runtime.api, calls.game.getDownUrl, { id: input.platformGameId }) as Promise<ApiOutcome<DownloadAddress>>,
        ),
      },
      actions: {
        openH5: (_, params) => runtime.navigate('/zaixianwan', { platform_game_id: params.platformGameId, game_id: params.gameId }),
        startBrowserDownload: (_, params) => {
          void request(runtime.api, calls.game.recordDown, { platform_game_id: params.platformGameId, game_id: params.gameId });
          window.location.assign(new URL(params.url, window.location.origin).href);
        },
        showToast: (_, params) => showToast(params.message, params.durationMs),
      },
    },
  });
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
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
        // 仅Wi-Fi下载 asks first on a mobile network (an H5 game downloads nothing).
        if (isH5) send({ type: 'ui.download' });
        else void confirmDownloadNetwork().then((go) => go && send({ type: 'ui.download' }));
      }}
    >
      {busy ? '请稍候' : isH5 ? '开始玩' : '下载'}
    </button>
  );
}

/** Inside the wrapper: '下载' adds the game to the list; then the button follows its entry. */
function WrapperDownloadButton({ game, size, list }: { game: DownloadButtonGame; size: Size; list: DownloadListActor | undefined }) {
  const runtime = useRuntime();
  if (list) return <ListedDownloadButton game={game} size={size} list={list} />;
  // The list's chunk is still loading: a tap waits for it rather than being lost.
  return <AddButton game={game} size={size} onAdd={(added) => void runtime.downloads?.ready.then((loaded) => loaded.send({ type: 'ui.add', game: added }))} />;
}

function ListedDownloadButton({ game, size, list }: { game: DownloadButtonGame; size: Size; list: DownloadListActor }) {
  const entry = useEntryActor(list, game.platform_game_id);
  if (entry) return <EntryDownloadButton entry={entry} size={size} name={game.name} />;
  return <AddButton game={game} size={size} onAdd={(added) => list.send({ type: 'ui.add', game: added })} />;
}

/** '下载' for a game the list does not hold yet. */
function AddButton({ game, size, onAdd }: { game: DownloadButtonGame; size: Size; onAdd: (game: DownloadGame) => void }) {
  return (
    <button
      type="button"
      className={`download-button download-button--${size}`}
      aria-label={`下载 ${game.name}`}
      onClick={(event) => {
        event.stopPropagation();
        void confirmDownloadNetwork().then((go) => go && onAdd(downloadGameOf(game)));
      }}
    >
      下载
    </button>
  );
}

function EntryDownloadButton({ entry: actor, size, name }: { entry: DownloadEntryActor; size: Size; name: string }) {
  const entry = useEntry(actor);
  const busy = useEntryBusy(actor);
  const state = entry.down_state;
  const percent = percentOf(entry.curSize, entry.totalSize);
  const label = actionLabel(state, percent);
  const downloading = state === '1' || state === '2';
  return (
    <button
      type="button"
      className={`download-button download-button--${size}${downloading ? ' download-button--progress' : ''}`}
      style={downloading ? ({ '--progress': `${percent}%` } as CSSProperties) : undefined}
      data-state={state}
      aria-label={`${downloading ? '暂停' : label} ${name}`}
      aria-busy={busy}
      disabled={busy || state === '0'}
      onClick={(event) => {
        event.stopPropagation();
        runEntryAction(actor, state);
      }}
    >
      {label}
    </button>
  );
}
