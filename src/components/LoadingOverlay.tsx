import { useSelector } from '@xstate/react';
import { useRuntime } from '../app/runtime-context.tsx';
import './loading-overlay.css';

/**
 * SPEC §2 "Global loading overlay": shown while the app has been busy for 300 ms or more
 * (machines/loading.machine.ts); it blocks taps so the same work is not started twice.
 */
export function LoadingOverlay() {
  const runtime = useRuntime();
  const visible = useSelector(runtime.loading, (snapshot) => snapshot.hasTag('visible'));
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-label="加载中">
      <div className="loading-overlay__box">
        <span className="loading-overlay__spinner" aria-hidden="true" />
        <span className="loading-overlay__text">加载中…</span>
      </div>
    </div>
  );
}
