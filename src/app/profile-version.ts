import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The player's profile changed (avatar, nickname, sex, birthday): pages that show it reload it.
 * Kept-alive pages (/mine) are hidden in an <Activity> and miss a plain event; they compare the
 * version they last loaded with this one when they show again.
 */
let version = 0;
const listeners = new Set<() => void>();

export function profileChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => version;

/** Calls `refresh` when the profile changed since this component last saw it (also on being shown again). */
export function useRefreshOnProfileChange(refresh: () => void): void {
  const now = useSyncExternalStore(subscribe, current, current);
  const seen = useRef(now);
  useEffect(() => {
    if (seen.current === now) return;
    seen.current = now;
    refresh();
  }, [now, refresh]);
}
