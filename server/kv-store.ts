import { Redis } from 'ioredis';

/**
 * Short-lived server state (replay cache, rate limits, SMS codes): in memory by default,
 * Redis when REDIS_URL is set so that several server processes share it.
 */
export interface KvStore {
  /** Sets key only if absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Adds `by` (1 unless told; -1 gives a slot back) to a counter, starting its expiry on creation; returns the new value. */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Remaining lifetime in ms, or null when the key is absent. */
  ttl(key: string): Promise<number | null>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryKvStore implements KvStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly now: () => number = Date.now, sweepEveryMs = 30_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref?.();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async increment(key: string, ttlMs: number, by = 1): Promise<number> {
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) : 0) + by;
    this.entries.set(key, { value: String(next), expiresAt: entry ? entry.expiresAt : this.now() + ttlMs });
    return next;
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.now() : null;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}

/** Where RedisKvStore reports connection errors: a logger's warn (details first, pino style). */
export type KvErrorLog = (details: { err: { code: string | null; message: string }; suppressed: number }, message: string) => void;

/** At most one connection-error line per this interval (a Redis outage retries several times a second). */
export const KV_ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * The kv store could not answer (Redis unreachable, a command timed out): nothing was stored or read.
 * The API pipeline answers CODE.busy '系统繁忙，请稍后再试' for it instead of a 500 or a hang.
 */
export class KvUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`kv store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'KvUnavailableError';
  }
}

/**
 * How long one Redis command may take before it fails (also while queued offline). ioredis's
 * defaults would hold a request for the whole reconnect cycle (or, on a black-holed address, the
 * 10 s connect timeout): a request answers 系统繁忙 within about this long instead.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export class RedisKvStore implements KvStore {
  private readonly redis: Redis;
  private lastErrorLogAt = -Infinity;
  private suppressedErrors = 0;

  constructor(
    url: string,
    private readonly prefix = 'gp:',
    options: { onError?: KvErrorLog; now?: () => number } = {},
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      // Commands wait offline only for the first reconnect attempt, and never past the command timeout.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Reconnects forever, at most a second apart, so the server recovers soon after Redis returns.
      retryStrategy: (times) => Math.min(times * 100, 1_000),
      // Commands issued in one event-loop turn (every request's replay-cache SET, under load many
      // at once) go to Redis in one write: fewer syscalls and fewer wake-ups of redis-server.
      enableAutoPipelining: true,
    });
    // Without a listener ioredis prints "[ioredis] Unhandled error event" on every retry. Logged
    // rate-limited, with the error's code and message only (never the URL, which may hold a password).
    const onError = options.onError ?? ((details, message) => console.warn(message, details));
    const now = options.now ?? Date.now;
    this.redis.on('error', (error: Error & { code?: string }) => {
      const at = now();
      if (at - this.lastErrorLogAt < KV_ERROR_LOG_INTERVAL_MS) {
        this.suppressedErrors++;
        return;
      }
      onError({ err: { code: error.code ?? null, message: error.message }, suppressed: this.suppressedErrors }, 'redis kv connection error');
      this.lastErrorLogAt = at;
      this.suppressedErrors = 0;
    });
  }

  /** Runs a command; any failure of Redis itself becomes KvUnavailableError. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new KvUnavailableError(error);
    }
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.run(() => this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'))) === 'OK';
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.run(() => this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async get(key: string): Promise<string | null> {
    return this.run(() => this.redis.get(this.prefix + key));
  }

  async delete(key: string): Promise<void> {
    await this.run(() => this.redis.del(this.prefix + key));
  }

  async increment(key: string, ttlMs: number, by = 1): Promise<number> {
    const full = this.prefix + key;
    const [[, value]] = (await this.run(() => this.redis.multi().incrby(full, by).pexpire(full, Math.max(1, Math.ceil(ttlMs)), 'NX').exec())) as [[null, number]];
    return value;
  }

  async ttl(key: string): Promise<number | null> {
    const ms = await this.run(() => this.redis.pttl(this.prefix + key));
    return ms < 0 ? null : ms;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createKvStore(redisUrl: string | null, prefix?: string, options?: { onError?: KvErrorLog }): KvStore {
  return redisUrl ? new RedisKvStore(redisUrl, prefix, options) : new MemoryKvStore();
}
