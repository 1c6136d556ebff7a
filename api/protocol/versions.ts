import { DEFAULT_VERSION_CODE } from './wire.ts';

/** App versions (/down/appVersion): one comparison for the server and the update dialog. */

/** Compares dotted version codes numerically ("3.10.0" > "3.9.9"); non-numbers count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** A dotted version name: 2 to 4 numbers, e.g. 3.3.3. */
export const DOTTED_VERSION = /^\d{1,4}(\.\d{1,4}){1,3}$/;

export function isDottedVersion(value: unknown): value is string {
  return typeof value === 'string' && DOTTED_VERSION.test(value);
}

/**
 * The version of the app that is running (SPEC §3, §7): the wrapper's `version` (its version name,
 * 3.3.3) when dotted, else its `version_code` when dotted (the simulator's is a build number, 333),
 * else SPEC's default 3.3.3 (a plain browser).
 */
export function runningVersion(device: { version?: unknown; version_code?: unknown } | null | undefined): string {
  if (isDottedVersion(device?.version)) return device.version;
  if (isDottedVersion(device?.version_code)) return device.version_code;
  return DEFAULT_VERSION_CODE;
}
