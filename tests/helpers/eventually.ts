import { vi } from 'vitest';

/**
 * How long a test waits for something asynchronous that must happen (a lazily imported module, a
 * machine settling, a simulated download). It bounds a hang; it is no speed requirement (those
 * live in benchmarks): on CI's two busy cores a first dynamic import that Vitest transforms on
 * demand can take over a second, which is vi.waitFor's and Testing Library's 1 s default.
 */
export const EVENTUALLY_TIMEOUT_MS = 10_000;

/** vi.waitFor with EVENTUALLY_TIMEOUT_MS: retries the check until it passes or the time is up. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: EVENTUALLY_TIMEOUT_MS, interval: 10 });
}
