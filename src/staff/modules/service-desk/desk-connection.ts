import { AGENT_STREAM_PATH, type DeskStreamEvent } from '../../../../api/protocol/service-desk.ts';
import type { DeskConnectionState } from '../../../../machines/service-desk.types.ts';
import { decodeDeskStreamEvent } from './decode.ts';

/**
 * How the desk hears of changes: the agents' stream (server-sent events; EventSource sends the
 * session cookie), falling back to polling while the stream is down.
 *
 *   connecting ──open──▶ live ──error──▶ polling ──(retry after 2, 5, 10, 30, 30 … s)──▶ open ──▶ live
 *
 * - live: events arrive as they happen; every (re)open asks the page to reload what it shows
 *   (`resync`), since the stream sends no history (it has no ids).
 * - polling: the stream is closed (EventSource's own reconnection is never used); the page
 *   reloads at once and then every DESK_POLL_MS, and the stream is tried again with a backoff.
 * - Without EventSource the desk only polls.
 * A stream the server refuses (the session ended) errors like any other; the polls' calls then
 * answer 401 and the console goes back to sign-in.
 */

export type { DeskConnectionState };

export const DESK_POLL_MS = 10_000;
export const DESK_RETRY_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

export const CONNECTION_LABELS: Record<DeskConnectionState, string> = {
  connecting: '正在连接…',
  live: '实时',
  polling: `连接不稳定，每${DESK_POLL_MS / 1000}秒刷新`,
};

/** What the desk needs of an EventSource. */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface DeskConnectionOptions {
  onEvent(event: DeskStreamEvent): void;
  onState(state: DeskConnectionState): void;
  /** Reload the lists and the open conversation (on every stream open, and on every poll). */
  resync(): void;
  /** null when the browser has no EventSource. */
  createEventSource?: ((url: string) => EventSourceLike) | null;
  timers?: Timers;
  url?: string;
  pollMs?: number;
  retryMs?: readonly number[];
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
};

const browserEventSource = typeof EventSource === 'function' ? (url: string): EventSourceLike => new EventSource(url, { withCredentials: true }) : null;

export interface DeskConnection {
  close(): void;
  readonly state: DeskConnectionState;
}

export function connectDesk(options: DeskConnectionOptions): DeskConnection {
  const timers = options.timers ?? browserTimers;
  const create = options.createEventSource === undefined ? browserEventSource : options.createEventSource;
  const pollMs = options.pollMs ?? DESK_POLL_MS;
  const retryMs = options.retryMs ?? DESK_RETRY_MS;
  let state: DeskConnectionState = 'connecting';
  let source: EventSourceLike | null = null;
  let poll: unknown = null;
  let retry: unknown = null;
  let failures = 0;
  let closed = false;

  const setState = (next: DeskConnectionState) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };

  const stopPolling = () => {
    if (poll !== null) timers.clearInterval(poll);
    poll = null;
  };

  const startPolling = () => {
    setState('polling');
    if (poll !== null) return;
    options.resync();
    poll = timers.setInterval(() => options.resync(), pollMs);
  };

  const open = () => {
    retry = null;
    if (closed || !create) return;
    const es = create(options.url ?? AGENT_STREAM_PATH);
    source = es;
    es.onopen = () => {
      if (closed || source !== es) return;
      failures = 0;
      stopPolling();
      setState('live');
      options.resync();
    };
    es.onerror = () => {
      if (closed || source !== es) return;
      es.close();
      source = null;
      startPolling();
      const wait = retryMs[Math.min(failures, retryMs.length - 1)] ?? 30_000;
      failures += 1;
      retry = timers.setTimeout(open, wait);
    };
    for (const name of ['conversation', 'message']) {
      es.addEventListener(name, (event) => {
        if (closed || source !== es) return;
        const decoded = decodeDeskStreamEvent(name, event.data);
        if (decoded) options.onEvent(decoded);
      });
    }
  };

  if (create) open();
  else startPolling();

  return {
    close() {
      closed = true;
      source?.close();
      source = null;
      stopPolling();
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    },
    get state() {
      return state;
    },
  };
}
