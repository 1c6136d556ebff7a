/**
 * The wrapper's device info (SPEC §3). Inside the Android wrapper the native object
 * `window.LewanNative` answers getDeviceInfo() with a JSON string; in a plain browser there is
 * none and the app runs in browser mode. Every field is validated: unknown fields are dropped,
 * values must be short strings or finite numbers, anything else is ignored with a warning.
 */
import type { DeviceInfo } from '../api/device.ts';
import { DEVICE_FIELDS } from '../api/device.ts';
import { NATIVE_OBJECT_NAME } from './definitions.ts';

export { NATIVE_OBJECT_NAME };

const MAX_VALUE_LENGTH = 512;

export function parseDeviceInfo(raw: unknown, warn: (message: string) => void = console.warn): DeviceInfo | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      warn('device info: not JSON; ignored');
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (raw !== undefined && raw !== null) warn('device info: not an object; ignored');
    return null;
  }
  const info: Record<string, string | number> = {};
  for (const key of DEVICE_FIELDS) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined || field === null || field === '') continue;
    if (typeof field === 'string' && field.length <= MAX_VALUE_LENGTH) info[key] = field;
    else if (typeof field === 'number' && Number.isFinite(field)) info[key] = field;
    else warn(`device info: field ${key} is malformed; ignored`);
  }
  return info as DeviceInfo;
}

interface NativeWithDeviceInfo {
  getDeviceInfo?: () => unknown;
}

/** Reads the wrapper's device info once; null in a plain browser. Never throws. */
export function readDeviceInfo(host: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): DeviceInfo | null {
  const native = host[NATIVE_OBJECT_NAME] as NativeWithDeviceInfo | undefined;
  if (!native || typeof native.getDeviceInfo !== 'function') return null;
  try {
    return parseDeviceInfo(native.getDeviceInfo());
  } catch {
    return null;
  }
}

/** SPEC §4: the app is inside the native wrapper when the device reports a StatusHeight. */
export function isInsideWrapper(device: DeviceInfo | null): boolean {
  return device !== null && device.StatusHeight !== undefined && device.StatusHeight !== '';
}

/** True on Android (the wrapper's system field, else the user agent). */
export function isAndroid(device: DeviceInfo | null, userAgent: string): boolean {
  if (device?.system) return /android/i.test(String(device.system));
  return /android/i.test(userAgent);
}
