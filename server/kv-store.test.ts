import { describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../tests/helpers/test-redis.ts';
import { KV_ERROR_LOG_INTERVAL_MS, MemoryKvStore, RedisKvStore, type KvErrorLog } from './kv-store.ts';

describe('RedisKvStore connection errors', () => {
  it('are logged through onError, at most once per interval with the count suppressed, never with the URL', async () => {
    const lines: Array<Parameters<KvErrorLog>> = [];
    let clock = 1_000_000;
    // Nothing listens on port 1: ioredis retries and emits an error each time.
    const kv = new RedisKvStore('redis://user:s3cret-pass@127.0.0.1:1', 'gp-kv-test:', { onError: (...line) => lines.push(line), now: () => clock });
    const emit = (kv as unknown as { redis: { emit(event: string, error: Error): void; disconnect(): void } }).redis;
    try {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
      for (let i = 0; i < 5; i++) emit.emit('error', refused);
      const before = lines.length;
      expect(before).toBeGreaterThanOrEqual(1);
      expect(lines[0]).toEqual([{ err: { code: 'ECONNREFUSED', message: expect.stringContaining('ECONNREFUSED') }, suppressed: 0 }, 'redis kv connection error']);
      // Within the interval: counted, not logged.
      emit.emit('error', refused);
      expect(lines.length).toBe(before);
      clock += KV_ERROR_LOG_INTERVAL_MS;
      emit.emit('error', refused);
      expect(lines.length).toBe(before + 1);
      expect(lines.at(-1)![0].suppressed).toBeGreaterThanOrEqual(5);
      expect(JSON.stringify(lines)).not.toContain('s3cret');
    } finally {
      emit.disconnect();
    }
  });
});

describe('increment by a step (a slot given back)', () => {
  it.each(['memory', 'redis'] as const)('%s: adds the step, keeps the expiry from creation', async (kind) => {
    if (kind === 'redis' && !(await redisReachable())) return;
    let now = 1_000;
    const kv = kind === 'memory' ? new MemoryKvStore(() => now) : new RedisKvStore(TEST_REDIS_URL, `gp-test-${process.pid}-${Date.now()}:`);
    try {
      expect(await kv.increment('n', 10_000)).toBe(1);
      expect(await kv.increment('n', 10_000)).toBe(2);
      now += 5_000;
      expect(await kv.increment('n', 10_000, -1)).toBe(1);
      expect(await kv.ttl('n')).toBeLessThanOrEqual(kind === 'memory' ? 5_000 : 10_000);
      expect(await kv.increment('n', 10_000, 3)).toBe(4);
    } finally {
      await kv.delete('n');
      await kv.close();
    }
  });
});
