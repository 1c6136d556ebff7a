import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../machines/constants.ts';

/**
 * SPEC §2 "Mute preference is saved and applied to all videos": one boolean in localStorage
 * ('mutedState'), shared by every <Video> of every tab. Muted by default: mobile browsers only
 * autoplay muted video, and a game page should not start shouting.
 */

export const DEFAULT_MUTED = true;

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** 'true' / 'false' (what encodeMuted writes; '1' / '0' accepted); anything else is the default. */
export function decodeMuted(raw: string | null, warn: (message: string) => void = console.warn): boolean {
  if (raw === null) return DEFAULT_MUTED;
  const value = raw.trim();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  warn(`mute preference: unreadable ${STORAGE_KEYS.muted} value ignored`);
  return DEFAULT_MUTED;
}

export function encodeMuted(muted: boolean): string {
  return muted ? 'true' : 'false';
}

export function readMuted(storage: PreferenceStorage): boolean {
  try {
    return decodeMuted(storage.getItem(STORAGE_KEYS.muted));
  } catch {
    return DEFAULT_MUTED;
  }
}

const listeners = new Set<() => void>();
let cached: boolean | null = null;

function current(): boolean {
  cached ??= readMuted(window.localStorage);
  return cached;
}

function subscribe(listener: () => void): () => void {
  // Another tab changed it: every video here follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.muted) return;
    cached = null;
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setMutedPreference(muted: boolean, storage: PreferenceStorage = window.localStorage): void {
  cached = muted;
  try {
    storage.setItem(STORAGE_KEYS.muted, encodeMuted(muted));
  } catch {
    // A full or private storage: the preference holds for this page's lifetime.
  }
  for (const listener of listeners) listener();
}

/** The saved preference and its setter; every component using it re-renders on a change. */
export function useMutedPreference(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribe, current, () => DEFAULT_MUTED);
  const setMuted = useCallback((next: boolean) => setMutedPreference(next), []);
  return [muted, setMuted];
}
