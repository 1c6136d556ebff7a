import { createApiClient, type ApiClientOptions, type FullApiClient } from '../../api/client.ts';
import { browserCrypto } from '../../api/crypto-browser.ts';
import { apiBase, encryptRequests, secrets } from './env.ts';

/**
 * The players' api client with the browser's crypto, the build's secrets and its origin (env.ts). Its own chunk, loaded
 * by src/app/runtime.ts at start (api/lazy-client.ts): the entry chunk carries none of ky, crypto-js
 * or the wire protocol.
 */
export function createBrowserApiClient(options: Omit<ApiClientOptions, 'baseUrl' | 'secrets' | 'crypto' | 'encrypt'>): FullApiClient {
  return createApiClient({ ...options, baseUrl: apiBase, secrets, crypto: browserCrypto, encrypt: encryptRequests });
}
