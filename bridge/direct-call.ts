import { NATIVE_OBJECT_NAME, type BridgeResult, type NativeMethodName, type NativeMethods } from './definitions.ts';

/**
 * One call on the injected object only, answered at once (a JavascriptInterface answers
 * synchronously). For the calls made outside the download feature (device info, consent, network,
 * cache: src/app/, /systemsetting), which must not create a second adapter: an adapter owns the
 * page's event receiver. Never throws.
 */
export function callDirect<M extends NativeMethodName>(host: Record<string, unknown>, method: M, ...args: Parameters<NativeMethods[M]>): BridgeResult {
  let native: Record<string, unknown> | undefined;
  try {
    native = host[NATIVE_OBJECT_NAME] as Record<string, unknown> | undefined;
  } catch {
    native = undefined;
  }
  const fn = native?.[method];
  if (typeof fn !== 'function') return { ok: false, reason: 'unavailable', message: `${method}: no native object` };
  try {
    const answer: unknown = (fn as (...a: string[]) => unknown).apply(native, args as string[]);
    return { ok: true, value: typeof answer === 'string' ? answer : '' };
  } catch (error) {
    return { ok: false, reason: 'failed', message: `${method}: ${error instanceof Error ? error.message : 'native error'}` };
  }
}
