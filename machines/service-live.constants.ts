import { SERVICE_POLL_MS } from './constants.ts';

/** /service's push channel: timings of the connection statechart. */

/** SPEC §7/§9: while the stream is down (or the service is off hours) the page polls this often. */
export const LIVE_POLL_MS = SERVICE_POLL_MS;
/** An EventSource that has not opened by then counts as failed. */
export const STREAM_OPEN_TIMEOUT_MS = 10_000;
/** The first retry of the stream after a failure; each further failure doubles it, up to the cap. */
export const STREAM_RETRY_BASE_MS = 2_000;
export const STREAM_RETRY_MAX_MS = 30_000;

/** The wait before the next stream attempt after `attempt` failures in a row (1, 2, …): 2 s, 4 s, 8 s, 16 s, 30 s, 30 s … */
export function retryDelay(attempt: number): number {
  const exponent = Math.max(0, Math.min(attempt, 31) - 1);
  return Math.min(STREAM_RETRY_BASE_MS * 2 ** exponent, STREAM_RETRY_MAX_MS);
}

/** What the connection line of /service says in each state. */
export const LIVE_LABELS = {
  connecting: '正在连接客服…',
  live: '实时连接',
  fallback: '连接不稳定，每20秒刷新',
  offline: '客服已下线',
} as const;
