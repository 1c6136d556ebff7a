/**
 * The wrapper's device info (SPEC §3). Inside the Android wrapper the native object
 * `window.LewanNative` answers getDeviceInfo() with a JSON string; in a plain browser there is
 * none and the app runs in browser mode. Every field is validated: unknown fields are dropped,
 * values must be short strings or finite numbers, anything else is ignored with a warning.
 */
import type { DeviceInfo } from '../api/device.ts';
import { BASIC_DEVICE_FIELDS, DEVICE_FIELDS } from '../api/device.ts';
import { NATIVE_OBJECT_NAME } from './definitions.ts';

export { NATIVE_OBJECT_NAME };

const MAX_VALUE_LENGTH = 512;

export function parseDeviceInfo(
  raw: unknown,
  warn: (message: string) => void = console.warn,
  fields: ReadonlyArray<keyof DeviceInfo> = DEVICE_FIELDS,
): DeviceInfo | null {
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
  for (const key of fields) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined || field === null || field === '') continue;
    if (typeof field === 'string' && field.length <= MAX_VALUE_LENGTH) info[key] = field;
    else if (typeof field === 'number' && Number.isFinite(field)) info[key] = field;
    else warn(`device info: field ${key} is malformed; ignored`);
  }
  return info as DeviceInfo;
}

type DeviceMethod = 'getDeviceInfo' | 'getBasicDeviceInfo';

function nativeMethod(host: Record<string, unknown>, method: DeviceMethod): (() => unknown) | null {
  try {
    const native = host[NATIVE_OBJECT_NAME] as Partial<Record<DeviceMethod, unknown>> | undefined;
    const fn = native?.[method];
    return typeof fn === 'function' ? () => (fn as () => unknown).call(native) : null;
  } catch {
    return null;
  }
}

function read(host: Record<string, unknown>, method: DeviceMethod, fields: ReadonlyArray<keyof DeviceInfo>): DeviceInfo | null {
  const fn = nativeMethod(host, method);
  if (!fn) return null;
  try {
    return parseDeviceInfo(fn(), console.warn, fields);
  } catch {
    return null;
  }
}

/**
 * The whole device info, identifiers included (getDeviceInfo); null in a plain browser. Never
 * throws. Only for a player who agreed to the privacy policy (src/app/device-source.ts decides).
 */
export function readDeviceInfo(host: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): DeviceInfo | null {
  return read(host, 'getDeviceInfo', DEVICE_FIELDS);
}

/**
 * The device info without identifiers (getBasicDeviceInfo); whatever native answers, only the
 * basic fields are kept. Null in a plain browser, and from a wrapper without the method (an older
 * one: it could only answer with the identifiers). Never throws.
 */
export function readBasicDeviceInfo(host: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): DeviceInfo | null {
  return read(host, 'getBasicDeviceInfo', BASIC_DEVICE_FIELDS);
}

/** Tells the wrapper the player's consent ("1" agreed, "0" not); false without a wrapper. Never throws. */
export function tellPrivacyConsent(host: Record<string, unknown>, granted: boolean): boolean {
  try {
    const native = host[NATIVE_OBJECT_NAME] as { setPrivacyConsent?: unknown } | undefined;
    if (typeof native?.setPrivacyConsent !== 'function') return false;
    (native.setPrivacyConsent as (value: string) => unknown).call(native, granted ? '1' : '0');
    return true;
  } catch {
    return false;
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
