import { useEffect, useRef } from 'react';
import type { Screenshot } from '../../features/games/game-detail.ts';

/** Full-screen screenshots: swipe sideways (scroll snap), tap or '×' to close. */
export function ScreenshotViewer({ shots, start, onClose }: { shots: readonly Screenshot[]; start: number; onClose: () => void }) {
  const track = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = track.current;
    if (el) el.scrollLeft = start * el.clientWidth;
  }, [start]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="shot-viewer" role="dialog" aria-modal="true" aria-label="截图预览" data-testid="shot-viewer">
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
    </div>
  );
}
