import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import type { RouteData } from '../../machines/navigation.types.ts';
import { useRuntime } from './runtime-context.tsx';

/** Asks the navigation machine for a move ('back' goes back); the guard may refuse or defer it. */
export function useNavigate() {
  const runtime = useRuntime();
  return useCallback(
    (to: string, data?: RouteData | null, options?: { replace?: boolean }) => runtime.navigate(to, data, options),
    [runtime],
  );
}

/** The path the machine has accepted (the URL, once the move's actions have run). */
export function useCurrentPath(): string {
  const runtime = useRuntime();
  return useSelector(runtime.navigation, (snapshot) => snapshot.context.current.path);
}

/** True while a cancelled protected move waits for the login popup. */
export function useAwaitingLogin(): boolean {
  const runtime = useRuntime();
  return useSelector(runtime.navigation, (snapshot) => snapshot.matches('awaitingLogin'));
}

export function useSignedIn(): boolean {
  const runtime = useRuntime();
  return useSelector(runtime.session, (snapshot) => snapshot.hasTag('signedIn'));
}

/** Changes after a login's soft reload: pages keyed by it remount and refetch. */
export function useViewEpoch(): number {
  const runtime = useRuntime();
  return useSyncExternalStore(runtime.viewEpoch.subscribe, runtime.viewEpoch.get);
}

const subscribeToScroll = (listener: () => void) => {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
};

/** Whether the window is scrolled past `threshold` px; re-renders only when that flips. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > threshold,
    () => false,
  );
}
