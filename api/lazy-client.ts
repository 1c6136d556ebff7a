import type { ApiClient, ApiClientOptions, CallOptions, FullApiClient } from './client.ts';
import type { ApiOutcome } from './outcome.ts';
import type { Fields } from './protocol/wire.ts';

/** What a call answers when the client's own code could not be loaded (offline, a deploy replaced the chunk). */
export const CLIENT_CHUNK_FAILED: ApiOutcome<never> = { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' };

/** The client, with its embedded answers taken asynchronously: its code may still be on its way. */
export interface DeferredApiClient extends ApiClient {
  accept<T = unknown>(path: string, body: string): Promise<ApiOutcome<T>>;
}

/**
 * The api client whose code (ky, crypto-js, the wire protocol: about 17 KB gzip) loads in its own
 * chunk, started at once, beside the first page's chunk: the first paint needs none of it (its data
 * is embedded in the page, server/first-paint.ts, and decoded once the chunk is there). Calls made
 * before it arrives wait for it. It keeps the client's promise never to throw for a network problem:
 * a chunk that does not load answers CLIENT_CHUNK_FAILED (reported like any outcome), and the next
 * call tries to load it again.
 */
export function deferApiClient(load: () => Promise<FullApiClient>, onOutcome?: ApiClientOptions['onOutcome']): DeferredApiClient {
  let loading: Promise<FullApiClient> | null = null;
  const client = (): Promise<FullApiClient | null> => {
    loading ??= load();
    return loading.catch((error: unknown) => {
      console.warn(error);
      loading = null;
      return null;
    });
  };
  void client();
  const failed = <T>(path: string): ApiOutcome<T> => {
    onOutcome?.(CLIENT_CHUNK_FAILED, path);
    return CLIENT_CHUNK_FAILED;
  };
  return {
    async call<T>(path: string, payload?: Fields, options?: CallOptions): Promise<ApiOutcome<T>> {
      const loaded = await client();
      if (!loaded) return failed<T>(path);
      // The same arguments as given: a call without options stays one.
      return options ? loaded.call<T>(path, payload, options) : payload === undefined ? loaded.call<T>(path) : loaded.call<T>(path, payload);
    },
    async accept<T>(path: string, body: string): Promise<ApiOutcome<T>> {
      const loaded = await client();
      return loaded ? loaded.accept<T>(path, body) : failed<T>(path);
    },
  };
}
