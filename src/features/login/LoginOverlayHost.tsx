import { useSelector } from '@xstate/react';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { CHUNK_FAILED_MESSAGE, useDeferredActor } from '../deferred-actor.ts';
import { warmUp } from '../../app/warm-up.ts';
import type { LoginOverlayActor } from './login-runtime.ts';

/**
 * The overlay's place in the entry chunk: renders nothing until the overlay actor is there
 * (runtime.loginOverlay loads on the first openLogin) and first opens, then the lazily loaded
 * LoginOverlay (antd-mobile's Popup, Input, PasscodeInput stay in its chunk). The files of both
 * are fetched, not run, when the browser is idle (warmUp('login')), so the first tap on a
 * protected entry costs no round trip.
 */

const loadOverlay = () => import('./LoginOverlay.tsx');
/**
 * The auth pages' view (src/pages/auth/), imported from here, the entry chunk: an import() inside a
 * page chunk would list the entry's inlined stylesheet among its preloads (a 404).
 */
export const loadLoginPageView = () => import('./LoginPageView.tsx');
const createAttempt = (id: number) => ({ id, LoginOverlay: lazy(loadOverlay) });
/** selectIsSheetOpen of machines/login-overlay.selectors.ts, here so the selectors stay out of the entry chunk (the pages show their own). */
const selectIsOpen = (snapshot: SnapshotFrom<LoginOverlayActor>) => snapshot.matches('open') && snapshot.context.presentation === 'sheet';

/** A chunk that fails to load (offline, a deploy replaced it) closes the overlay instead of the app. */
class ChunkBoundary extends Component<{ onError(): void; children: ReactNode }, { failed: boolean }> {
  constructor(props: { onError(): void; children: ReactNode }) {
    super(props);
    // In the constructor, not a class field: the ES2020 build lowers a field with four helpers into the entry chunk.
    this.state = { failed: false };
  }
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

const prefetchWhenIdle = () => warmUp('login');

export function LoginOverlayHost() {
  const overlay = useDeferredActor(useRuntime().loginOverlay);
  useEffect(prefetchWhenIdle, []);
  return overlay ? <OverlayOnceOpened overlay={overlay} /> : null;
}

function OverlayOnceOpened({ overlay }: { overlay: LoginOverlayActor }) {
  const isOpen = useSelector(overlay, selectIsOpen);
  const [opened, setOpened] = useState(isOpen);
  // A fresh lazy component per attempt: React remembers a rejected lazy() for good.
  const [attempt, setAttempt] = useState(() => createAttempt(0));
  if (isOpen && !opened) setOpened(true);

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
