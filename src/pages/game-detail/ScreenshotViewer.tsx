import { useCallback } from 'react';
import { CenterDialog } from '../../components/CenterDialog.tsx';
import type { Screenshot } from '../../features/games/game-detail.ts';

/** Full-screen screenshots: swipe sideways (scroll snap), tap, '×' or Escape to close. */
export function ScreenshotViewer({ shots, start, onClose }: { shots: readonly Screenshot[]; start: number; onClose: () => void }) {
  // The track mounts inside the dialog's portal: it is scrolled to the tapped shot once it is there.
  const track = useCallback(
    (el: HTMLDivElement | null) => {
      if (el) el.scrollLeft = start * el.clientWidth;
    },
    [start],
  );
  return (
    <CenterDialog open onClose={onClose} fullScreen label="截图预览" testId="shot-viewer" className="shot-viewer">
      <div className="shot-viewer__track" ref={track} onClick={onClose}>
        {shots.map((shot, index) => (
          <figure className="shot-viewer__slide" key={shot.url}>
            <img className="shot-viewer__image" src={shot.url} alt={shot.caption || `截图 ${index + 1}`} width={360} height={640} decoding="async" />
            <figcaption className="shot-viewer__count">
              {index + 1}/{shots.length}
            </figcaption>
          </figure>
        ))}
      </div>
      <button type="button" className="shot-viewer__close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
    </CenterDialog>
  );
}
