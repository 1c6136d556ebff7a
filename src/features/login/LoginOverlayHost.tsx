import { useSelector } from '@xstate/react';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { selectIsOpen } from '../../../machines/login-overlay.selectors.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';

/**
 * The overlay's place in the entry chunk: renders nothing until the overlay first opens, then
 * the lazily loaded LoginOverlay (antd-mobile's Popup, Input, PasscodeInput stay in its chunk).
 * The chunk is fetched when the browser is idle, so the first tap on a protected entry is quick.
 */

const loadOverlay = () => import('./LoginOverlay.tsx');
const createAttempt = (id: number) => ({ id, LoginOverlay: lazy(loadOverlay) });
const CHUNK_FAILED_MESSAGE = '网络异常，请稍后再试';

/** A chunk that fails to load (offline, a deploy replaced it) closes the overlay instead of the app. */
class ChunkBoundary extends Component<{ onError(): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function prefetchWhenIdle(): () => void {
  const host = window as Window & { requestIdleCallback?: (cb: () => void) => number; cancelIdleCallback?: (id: number) => void };
  const prefetch = () => void loadOverlay().catch(() => {});
  if (host.requestIdleCallback) {
    const id = host.requestIdleCallback(prefetch);
    return () => host.cancelIdleCallback?.(id);
  }
  const id = setTimeout(prefetch, 2_000);
  return () => clearTimeout(id);
}

export function LoginOverlayHost() {
  const overlay = useRuntime().loginOverlay;
  const isOpen = useSelector(overlay, selectIsOpen);
  const [opened, setOpened] = useState(isOpen);
  // A fresh lazy component per attempt: React remembers a rejected lazy() for good.
  const [attempt, setAttempt] = useState(() => createAttempt(0));
  if (isOpen && !opened) setOpened(true);
  useEffect(prefetchWhenIdle, []);

  if (!opened) return null;
  const { LoginOverlay } = attempt;
  const failed = () => {
    overlay.send({ type: 'ui.close' });
    showToast(CHUNK_FAILED_MESSAGE);
    setOpened(false);
    setAttempt(createAttempt(attempt.id + 1));
  };
  return (
    <ChunkBoundary key={attempt.id} onError={failed}>
      <Suspense fallback={null}>
        <LoginOverlay overlay={overlay} />
      </Suspense>
    </ChunkBoundary>
  );
}
