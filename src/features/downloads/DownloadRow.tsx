import { memo } from 'react';
import { countRowRender } from './bench-probe.tsx';
import type { DownloadEntryActor } from './download-runtime.ts';
import { runEntryAction, useEntryView } from './use-downloads.ts';

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
  const view = useEntryView(actor);
  const { state, percent, name } = view;
  return (
    <li className={`download-row download-row--s${state}`} data-testid={`download-${view.platformGameId}`} data-state={state}>
      <button type="button" className="download-row__avatar" aria-label={`${name} 下载详情`} onClick={() => onOpenDetail?.(view.platformGameId)}>
        {name.slice(0, 1)}
      </button>
      <div className="download-row__main">
        <h3 className="download-row__name">{name}</h3>
        <div className="download-row__bar" role="progressbar" aria-label={`${name} 下载进度`} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <span className="download-row__fill" style={{ transform: `scaleX(${view.fraction})` }} />
        </div>
        <p className="download-row__meta">
          <span className="download-row__status">{view.statusText}</span>
          <span>{view.sizeText}</span>
          {view.speed !== null && <span className="download-row__speed">{view.speed}</span>}
        </p>
      </div>
      <div className="download-row__actions">
        <button
          type="button"
          className={`download-row__action download-row__action--${state}`}
          disabled={view.disabled}
          aria-label={`${view.rowLabel} ${name}`}
          onClick={() => runEntryAction(view)}
        >
          {view.rowLabel}
        </button>
        <button type="button" className="download-row__delete" disabled={view.busy} aria-label={`删除 ${name}`} onClick={() => onDelete(actor, name)}>
          删除
        </button>
      </div>
    </li>
  );
});
