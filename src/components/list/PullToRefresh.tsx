import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import './list.css';

/** Pull this far (px, after damping) and release to refresh. */
export const PULL_THRESHOLD_PX = 60;
const MAX_PULL_PX = 90;
const DAMPING = 0.5;

/**
 * Pull to refresh under the window's scroll, by hand (antd-mobile's would pull its gesture library
 * into every list page): a pull that starts at the top moves the content down; released past the
 * threshold it calls onRefresh. `refreshing` keeps the indicator open until the reload ends.
 */
export function PullToRefresh({ onRefresh, refreshing, children }: { onRefresh: () => void; refreshing: boolean; children: ReactNode }) {
  const startY = useRef<number | null>(null);
  const [pull, setPull] = useState(0);

  const onTouchStart = (event: TouchEvent) => {
    startY.current = window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (startY.current === null) return;
    const distance = ((event.touches[0]?.clientY ?? startY.current) - startY.current) * DAMPING;
    setPull(distance > 0 ? Math.min(distance, MAX_PULL_PX) : 0);
  };
  const onTouchEnd = () => {
    if (startY.current !== null && pull >= PULL_THRESHOLD_PX) onRefresh();
    startY.current = null;
    setPull(0);
  };

  const offset = refreshing ? Math.max(pull, 40) : pull;
  const label = refreshing ? '刷新中…' : pull >= PULL_THRESHOLD_PX ? '释放立即刷新' : '下拉刷新';
  return (
    <div className="pull-to-refresh" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className="pull-to-refresh__indicator" style={{ height: offset }} aria-live="polite">
        {offset > 0 && <span>{label}</span>}
      </div>
      {children}
    </div>
  );
}
