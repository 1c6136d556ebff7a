import type { ApiClient, CallOptions } from '../../api/client.ts';
import type { ApiOutcome } from '../../api/outcome.ts';
import type { Fields } from '../../api/protocol/wire.ts';

/**
 * Calls started before their caller exists. At a cold start the page that needs a call only
 * mounts once the entry chunk has run and the page's own chunk has arrived; on a slow phone that
 * is a second or more in which the call could already be on the wire. src/app/route-prefetch.ts
 * starts the first page's first call at start-up, and the page's own `call` (same path, same
 * payload) takes that answer instead of asking again. The answer is handed over once, and only
 * while it is fresh: anything later calls the server as usual. Outcomes reach the session as for
 * any call (the client reports them when they arrive).
 */

/** A prefetched answer older than this is dropped: the page asks the server itself. */
export const PREFETCH_MAX_AGE_MS = 10_000;

export interface PrefetchingClient extends ApiClient {
  /**
   * Starts `path` with `payload` now; the next matching `call` gets its answer. With `embedded`
   * (the answer the server put in the page, server/first-paint.ts) nothing goes on the wire: the
   * answer is decoded, classified and reported like any other.
   */
  prefetch(path: string, payload?: Fields, embedded?: string): void;
}

export interface PrefetchOptions {
  now?: () => number;
  /** Takes an embedded answer (the api client's `accept`, or its deferred one: api/lazy-client.ts). */
  accept?: (path: string, body: string) => ApiOutcome | Promise<ApiOutcome>;
}

const keyOf = (path: string, payload: Fields) => `${path} ${JSON.stringify(payload)}`;

export function withPrefetch(api: ApiClient, { now = () => performance.now(), accept }: PrefetchOptions = {}): PrefetchingClient {
  const early = new Map<string, { at: number; answer: Promise<ApiOutcome> }>();
  return {
    prefetch(path, payload = {}, embedded) {
      const answer = embedded !== undefined && accept ? Promise.resolve(accept(path, embedded)) : api.call(path, payload);
      early.set(keyOf(path, payload), { at: now(), answer });
    },
    call<T>(path: string, payload: Fields = {}, options: CallOptions = {}): Promise<ApiOutcome<T>> {
      const key = keyOf(path, payload);
      const waiting = early.get(key);
      early.delete(key);
      // A caller that can abort, or that sends the device info, made a different call.
      if (waiting && !options.signal && !options.device && now() - waiting.at <= PREFETCH_MAX_AGE_MS) {
        return waiting.answer as Promise<ApiOutcome<T>>;
      }
      return api.call<T>(path, payload, options);
    },
  };
}
