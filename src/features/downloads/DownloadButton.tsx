import { type CSSProperties } from 'react';
import { useRuntime } from '../../app/runtime-context.tsx';
import type { DownloadGame } from '../../../machines/download.types.ts';
import type { DownloadEntryActor, DownloadListActor } from './download-runtime.ts';
import { useBrowserDownload } from './use-browser-download.ts';
import { downloadGameOf, runEntryAction, useDownloadList, useEntryActor, useEntryView } from './use-downloads.ts';
import { confirmDownloadNetwork } from './wifi-gate.ts';
import type { GameItem } from '../../components/game/game-item.ts';
import './download-button.css';

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
  const view = useBrowserDownload(game, isH5);
  return (
    <button
      type="button"
      className={`download-button download-button--${size}`}
      aria-label={`${view.action} ${game.name}`}
      aria-busy={view.busy}
      disabled={view.busy}
      onClick={(event) => {
        event.stopPropagation();
        if (view.asksNetwork) void confirmDownloadNetwork().then((go) => go && view.download());
        else view.download();
      }}
    >
      {view.label}
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
  const view = useEntryView(actor);
  return (
    <button
      type="button"
      className={`download-button download-button--${size}${view.downloading ? ' download-button--progress' : ''}`}
      style={view.downloading ? ({ '--progress': `${view.percent}%` } as CSSProperties) : undefined}
      data-state={view.state}
      aria-label={`${view.buttonAction} ${name}`}
      aria-busy={view.busy}
      disabled={view.disabled}
      onClick={(event) => {
        event.stopPropagation();
        runEntryAction(view);
      }}
    >
      {view.buttonLabel}
    </button>
  );
}
