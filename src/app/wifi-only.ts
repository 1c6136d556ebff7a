import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { NATIVE_OBJECT_NAME } from '../../bridge/definitions.ts';

/**
 * 仅Wi-Fi下载 (/systemsetting): one flag in localStorage (STORAGE_KEYS.wifiOnly), off by
 * default. When on and the device is on a mobile network, a download asks first
 * (src/features/downloads/wifi-gate.ts). The network comes from the wrapper's getNetworkType,
 * else the browser's navigator.connection; an unknown network does not ask.
 */

export const DEFAULT_WIFI_ONLY = false;

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** '1' on, '0' off (what encodeWifiOnly writes); nothing or anything else is the default. */
export function decodeWifiOnly(raw: string | null, warn: (message: string) => void = console.warn): boolean {
  if (raw === null) return DEFAULT_WIFI_ONLY;
  if (raw === '1') return true;
  if (raw === '0') return false;
  warn(`wifi-only preference: unreadable ${STORAGE_KEYS.wifiOnly} value ignored`);
  return DEFAULT_WIFI_ONLY;
}

export const encodeWifiOnly = (on: boolean): string => (on ? '1' : '0');

export function readWifiOnly(storage: PreferenceStorage): boolean {
  try {
    return decodeWifiOnly(storage.getItem(STORAGE_KEYS.wifiOnly));
  } catch {
    return DEFAULT_WIFI_ONLY;
  }
}

const listeners = new Set<() => void>();
let unsaved: boolean | null = null;

export function setWifiOnly(on: boolean, storage: PreferenceStorage = window.localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.wifiOnly, encodeWifiOnly(on));
    unsaved = null;
  } catch {
    // A full or private storage: the choice holds for this page's lifetime.
    unsaved = on;
  }
  for (const listener of listeners) listener();
}

export function currentWifiOnly(storage: PreferenceStorage = window.localStorage): boolean {
  return unsaved ?? readWifiOnly(storage);
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.wifiOnly) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useWifiOnly(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, () => currentWifiOnly(), () => DEFAULT_WIFI_ONLY);
  return [on, useCallback((next: boolean) => setWifiOnly(next), [])];
}

export type NetworkType = 'wifi' | 'cellular' | 'none' | 'unknown';

/** The wrapper's answer (getNetworkType), else the browser's navigator.connection.type. Never throws. */
export function readNetworkType(host: Record<string, unknown>): NetworkType {
  try {
    const native = host[NATIVE_OBJECT_NAME] as { getNetworkType?: unknown } | undefined;
    if (typeof native?.getNetworkType === 'function') {
      const answer: unknown = (native.getNetworkType as () => unknown).call(native);
      if (answer === 'wifi' || answer === 'cellular' || answer === 'none' || answer === 'unknown') return answer;
    }
    const type = (host.navigator as { connection?: { type?: unknown } } | undefined)?.connection?.type;
    if (type === 'wifi' || type === 'ethernet') return 'wifi';
    if (type === 'cellular' || type === 'none') return type;
  } catch {
    // An unreadable network is an unknown one.
  }
  return 'unknown';
}

/** Ask before downloading: the switch is on and the device is on a mobile network. */
export function mustAskBeforeDownload(wifiOnly: boolean, network: NetworkType): boolean {
  return wifiOnly && network === 'cellular';
}
