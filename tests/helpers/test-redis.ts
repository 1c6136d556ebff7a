import net from 'node:net';

/** The Redis the Redis-backed tests use (`.ci/run` sets TEST_REDIS_URL to the local server). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether a TCP connection to the URL's host and port opens within timeoutMs. */
export function reachable(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether TEST_REDIS_URL answers; says so once when it does not (the Redis tests are then skipped). */
export async function redisReachable(): Promise<boolean> {
  const up = await reachable(TEST_REDIS_URL);
  if (!up) console.warn(`[redis tests] SKIPPED: no Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL or start redis-server)`);
  return up;
}
