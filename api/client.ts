import ky, { HTTPError, isTimeoutError, type KyInstance } from 'ky';
import { BAD_RESPONSE, classifyResponse, type ApiOutcome } from './outcome.ts';
import type { DeviceInfo } from './device.ts';
import {
  decodeResponse,
  DEFAULT_VERSION_CODE,
  encodeRequestBody,
  REQUEST_TIMEOUT_MS,
  signRequest,
  type CryptoPrimitives,
  type Credentials,
  type Fields,
  type WireSecrets,
  signingClock,
} from './protocol/wire.ts';

export interface ApiClientOptions {
  /** Absolute origin (and optional path prefix) the calls go to. */
  baseUrl: string;
  secrets: WireSecrets;
  crypto: CryptoPrimitives;
  /** PROTOCOL §3: encrypt request bodies (default on). */
  encrypt?: boolean;
  getCredentials(): Credentials | null;
  getDevice?(): DeviceInfo | null;
  now?: () => number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Every outcome, after classification: the app forwards it to the session machine. */
  onOutcome?(outcome: ApiOutcome, path: string): void;
}

export interface CallOptions {
  /** The device-info variant (PROTOCOL §2.3). */
  device?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<T = unknown>(path: string, payload?: Fields, options?: CallOptions): Promise<ApiOutcome<T>>;
}

/** The client as created: it also takes answers that reached the page another way. */
export interface FullApiClient extends ApiClient {
  /**
   * An answer to `path` that came without a call (the server embedded it in the page): decoded,
   * classified and reported exactly like a call's answer.
   */
  accept<T = unknown>(path: string, body: string): ApiOutcome<T>;
}

const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

interface SignContext {
  path: string;
  payload: Fields;
  device: boolean;
}

/**
 * The shared client (SPEC §7 "Common behaviour"): POST, 15 s timeout, body signed (and by
 * default encrypted) in beforeRequest and signed again in beforeRetry, since the signature
 * carries a timestamp and the server refuses replays. It never throws for a server or network
 * problem: every call resolves to a typed ApiOutcome. It never toasts, navigates or reloads.
 */
export function createApiClient(options: ApiClientOptions): FullApiClient {
  const clock = options.now ?? Date.now;
  const now = signingClock(clock);
  const encrypt = options.encrypt ?? true;

  const build = (request: Request, context: SignContext): Request => {
    const device = context.device ? options.getDevice?.() ?? null : null;
    const signed = signRequest(context.payload, {
      path: context.path,
      timestamp: now(),
      versionCode: (device?.version_code as string | undefined) || DEFAULT_VERSION_CODE,
      credentials: options.getCredentials(),
      device: device as Fields | null,
      secrets: options.secrets,
      crypto: options.crypto,
    });
    const body = encodeRequestBody(context.path, signed, { encrypt, secrets: options.secrets, crypto: options.crypto });
    const headers = new Headers(request.headers);
    headers.set('content-type', body.contentType);
    return new Request(request.url, { method: 'POST', headers, body: body.body, signal: request.signal });
  };

  const http: KyInstance = ky.create({
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    // Calls are not idempotent (send a code, claim a gift): retry only when the server says it did
    // not process the request (502/503/504), never after a lost answer (a network error).
    retry: {
      limit: 1,
      methods: ['post'],
      statusCodes: [...RETRY_STATUSES],
      backoffLimit: 1_000,
      shouldRetry: ({ error }) => error instanceof HTTPError && RETRY_STATUSES.has(error.response.status),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [({ request, options: o }) => build(request, o.context as unknown as SignContext)],
      beforeRetry: [({ request, options: o }) => build(request, o.context as unknown as SignContext)],
    },
  });

  const report = <T>(outcome: ApiOutcome<T>, path: string): ApiOutcome<T> => {
    options.onOutcome?.(outcome as ApiOutcome, path);
    return outcome;
  };

  const accept = <T>(path: string, text: string): ApiOutcome<T> => {
    const decoded = decodeResponse(text, { secrets: options.secrets, crypto: options.crypto });
    if (!decoded.ok) {
      return report(BAD_RESPONSE, path);
    }
    return report(classifyResponse<T>(decoded.response, path), path);
  };

  return {
    accept,
    async call<T>(path: string, payload: Fields = {}, callOptions: CallOptions = {}): Promise<ApiOutcome<T>> {
      let text: string;
      try {
        const context: SignContext = { path, payload, device: callOptions.device ?? false };
        const response = await http.post(new URL(path, options.baseUrl).href, {
          context: context as unknown as Record<string, unknown>,
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        });
        text = await response.text();
      } catch (error) {
        if (error instanceof HTTPError) {
          return report({ kind: 'error', reason: 'http', code: error.response.status, msg: `HTTP ${error.response.status}` }, path);
        }
        if (isTimeoutError(error)) return report({ kind: 'error', reason: 'timeout', code: null, msg: '请求超时，请检查网络' }, path);
        if (callOptions.signal?.aborted) throw error;
        return report({ kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' }, path);
      }
      return accept<T>(path, text);
    },
  };
}
