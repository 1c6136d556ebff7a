import { memo } from 'react';
import { countRowRender } from './bench-probe.tsx';
import type { DownloadEntryActor } from './download-runtime.ts';
import { actionLabel, formatBytes, fractionOf, percentOf, STATE_TEXT } from './download-view.ts';
import { runEntryAction, useEntry, useEntryBusy } from './use-downloads.ts';

/**
 * One entry of /downlist. It subscribes to its own entry actor only: a progress event re-renders
 * this row and nothing else, and the bar moves by transform (no layout).
 */
export const DownloadRow = memo(function DownloadRow({
  entry: actor,
  onDelete,
  onOpenDetail,
}: {
  entry: DownloadEntryActor;
  onDelete: (actor: DownloadEntryActor, name: string) => void;
  onOpenDetail?: (platformGameId: number) => void;
}) {
  countRowRender();
  const entry = useEntry(actor);
  const busy = useEntryBusy(actor);
  const state = entry.down_state;
  const percent = percentOf(entry.curSize, entry.totalSize);
  const active = state === '1' || state === '2';
  const label = active ? '暂停' : actionLabel(state, percent);
  return (
    <li className={`download-row download-row--s${state}`} data-testid={`download-${entry.platform_game_id}`} data-state={state}>
      <button type="button" className="download-row__avatar" aria-label={`${entry.game_name} 下载详情`} onClick={() => onOpenDetail?.(entry.platform_game_id)}>
        {entry.game_name.slice(0, 1)}
      </button>
      <div className="download-row__main">
        <h3 className="download-row__name">{entry.game_name}</h3>
        <div className="download-row__bar" role="progressbar" aria-label={`${entry.game_name} 下载进度`} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <span className="download-row__fill" style={{ transform: `scaleX(${fractionOf(entry.curSize, entry.totalSize)})` }} />
        </div>
        <p className="download-row__meta">
          <span className="download-row__status">{STATE_TEXT[state]}</span>
          <span>
            {formatBytes(entry.curSize)}/{formatBytes(entry.totalSize)}
          </span>
          {active && <span className="download-row__speed">{entry.spent}</span>}
        </p>
      </div>
      <div className="download-row__actions">
        <button
          type="button"
          className={`download-row__action download-row__action--${state}`}
          disabled={busy || state === '0'}
          aria-label={`${label} ${entry.game_name}`}
          onClick={() => runEntryAction(actor, state)}
        >
          {label}
        </button>
        <button type="button" className="download-row__delete" disabled={busy} aria-label={`删除 ${entry.game_name}`} onClick={() => onDelete(actor, entry.game_name)}>
          删除
        </button>
      </div>
    </li>
  );
});
