/**
 * Whether this page load may run the wrapper simulator: a `wrapper` parameter in the URL, the
 * remembered choice in sessionStorage, or the build's flag. Only then does the start load
 * bridge/simulator-activation.ts, which decides (and remembers or forgets the choice); a normal
 * start carries only these lines in the entry chunk. Never false where the activation would turn
 * the simulator on or touch the storage (simulator-hint.test.ts). Never throws.
 */
export const WRAPPER_SIM_STORAGE_KEY = 'wrapperSim';

export function simulatorHinted(search: string, envFlag: unknown, storage: () => Pick<Storage, 'getItem'> | null | undefined = () => globalThis.sessionStorage): boolean {
  if (envFlag === '1' || envFlag === 1 || envFlag === true) return true;
  try {
    if (new URLSearchParams(typeof search === 'string' ? search : '').has('wrapper')) return true;
  } catch {
    // An unreadable query: the activation reads it as empty too.
  }
  try {
    return !!storage()?.getItem(WRAPPER_SIM_STORAGE_KEY);
  } catch {
    return false;
  }
}
