/**
 * Caches a rarely changing read (the published app version, about-us content) for a few
 * seconds, so hot public calls cost no database round trip; concurrent misses share one load.
 */
export function memoizeFor<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: { at: number; pending: Promise<T> } | null = null;
  return () => {
    const at = now();
    if (!value || at - value.at >= ttlMs) {
      const pending = load();
      value = { at, pending };
      // A failed load is not kept: the next call tries again.
      pending.catch(() => {
        if (value?.pending === pending) value = null;
      });
    }
    return value.pending;
  };
}
