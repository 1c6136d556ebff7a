import { describe, expect, it } from 'vitest';
import {
  checkSignInPassword,
  dummyPasswordHash,
  FairHashQueue,
  HashQueueFullError,
  hashPassword,
  isAcceptablePassword,
  needsRehash,
  parsePasswordHash,
  SCRYPT_PARAMS,
  verifyPassword,
} from './passwords.ts';

/** Low cost for the tests that are about the format, not the cost (one OWASP-cost test below). */
const CHEAP = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('hashes at the OWASP parameters as scrypt$N$r$p$salt$hash and verifies in constant time', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await hashPassword('lewan2026');
    const parts = stored.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(32);
    expect(await verifyPassword('lewan2026', stored)).toBe(true);
    expect(await verifyPassword('lewan2027', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('abc123', CHEAP), hashPassword('abc123', CHEAP)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('abc123', a)).toBe(true);
    expect(await verifyPassword('abc123', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash and flags weaker ones for rehash', async () => {
    const weak = await hashPassword('abc123', CHEAP);
    expect(parsePasswordHash(weak)).toMatchObject(CHEAP);
    expect(await verifyPassword('abc123', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('refuses unparseable or absurd stored hashes without throwing', async () => {
    const good = await hashPassword('abc123', CHEAP);
    const [, , r, p, salt, hash] = good.split('$');
    for (const stored of [null, '', 'plain', `bcrypt$1024$${r}$${p}$${salt}$${hash}`, `scrypt$1000$${r}$${p}$${salt}$${hash}`, `scrypt$${2 ** 24}$${r}$${p}$${salt}$${hash}`, `scrypt$1024$${r}$${p}$$${hash}`]) {
      expect(await verifyPassword('abc123', stored)).toBe(false);
    }
    await expect(hashPassword('abc123', { N: 1000, r: 8, p: 1 })).rejects.toThrow();
  });

  it('accepts 6–15 letters and digits with at least one of each', () => {
    for (const ok of ['abc123', 'A1b2C3d4E5f6G7h', '1a2b3c', 'Lewan2026']) expect(isAcceptablePassword(ok)).toBe(true);
    for (const bad of ['abc12', 'abc123456789abcd', 'abcdefg', '1234567', 'abc 123', 'abc-123', '密码abc123', '', 123456, null]) {
      expect(isAcceptablePassword(bad)).toBe(false);
    }
  });
});

/** A job the test finishes by hand, recording when it started. */
function manualJobs() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    finishers.get(name)!();
    // Let the queue's settle handlers run and start the next job (a macrotask turn: no timer).
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { started, job, finish };
}

describe('the fair hash queue', () => {
  it('runs at most `running` jobs, one per key, and serves waiting keys round-robin', async () => {
    const queue = new FairHashQueue({ running: 1, waitingPerKey: 3, waiting: 10 });
    const { started, job, finish } = manualJobs();
    const done = [queue.run('flood', job('f1'), true), queue.run('flood', job('f2'), true), queue.run('flood', job('f3'), true), queue.run('quiet', job('q1'), true)];
    expect(started).toEqual(['f1']);
    expect(queue.size).toEqual({ running: 1, waiting: 3 });
    await finish('f1');
    // The quiet key goes next, ahead of the flood's second job.
    expect(started).toEqual(['f1', 'q1']);
    await finish('q1');
    await finish('f2');
    await finish('f3');
    expect(await Promise.all(done)).toEqual(['f1', 'f2', 'f3', 'q1']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('never runs two jobs of one key at once, even with free slots', async () => {
    const queue = new FairHashQueue({ running: 2, waitingPerKey: 3, waiting: 10 });
    const { started, job, finish } = manualJobs();
    void queue.run('a', job('a1'), true);
    void queue.run('a', job('a2'), true);
    void queue.run('b', job('b1'), true);
    expect(started).toEqual(['a1', 'b1']);
    await finish('b1');
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await finish('a2');
  });

  it('runs a low job (an address with recent attempts) alone and only when no ordinary job waits', async () => {
    const queue = new FairHashQueue({ running: 2, waitingPerKey: 2, waiting: 10 });
    const { started, job, finish } = manualJobs();
    void queue.run('guesser', job('g1'), true, true);
    void queue.run('guesser', job('g2'), true, true);
    void queue.run('other-guesser', job('o1'), true, true);
    expect(started).toEqual(['g1']);
    // The owner's check waits for the rest of g1 only, then runs with nothing beside it.
    void queue.run('owner', job('v1'), true);
    void queue.run('owner-2', job('w1'), true);
    expect(started).toEqual(['g1']);
    await finish('g1');
    expect(started).toEqual(['g1', 'v1', 'w1']);
    await finish('v1');
    expect(started).toEqual(['g1', 'v1', 'w1']);
    await finish('w1');
    expect(started).toEqual(['g1', 'v1', 'w1', 'o1']);
    await finish('o1');
    expect(started).toEqual(['g1', 'v1', 'w1', 'o1', 'g2']);
    await finish('g2');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses bounded jobs at once past the per-key and the overall waiting limits; unbounded ones wait', async () => {
    const queue = new FairHashQueue({ running: 1, waitingPerKey: 2, waiting: 3 });
    const { started, job, finish } = manualJobs();
    const first = [queue.run('a', job('a1'), true), queue.run('a', job('a2'), true), queue.run('a', job('a3'), true)];
    await expect(queue.run('a', job('a4'), true)).rejects.toEqual(new HashQueueFullError('key'));
    const b = queue.run('b', job('b1'), true);
    await expect(queue.run('c', job('c1'), true)).rejects.toEqual(new HashQueueFullError('all'));
    const unbounded = queue.run('c', job('c2'), false);
    expect(queue.size).toEqual({ running: 1, waiting: 4 });
    for (const name of ['a1', 'b1', 'c2', 'a2', 'a3']) await finish(name);
    expect(started).toEqual(['a1', 'b1', 'c2', 'a2', 'a3']);
    await Promise.all([...first, b, unbounded]);
  });

  it('counts under a flood: of many concurrent bounded jobs of one key, one runs, waitingPerKey wait, the rest are refused', async () => {
    const queue = new FairHashQueue({ running: 2, waitingPerKey: 2, waiting: 32 });
    const { job, finish } = manualJobs();
    const outcomes = Array.from({ length: 40 }, (_, i) => queue.run('flood', job(`f${i}`), true).then(() => 'ran', (error: unknown) => (error instanceof HashQueueFullError ? 'busy' : 'error')));
    for (const name of ['f0', 'f1', 'f2']) await finish(name);
    const answers = await Promise.all(outcomes);
    expect(answers.filter((a) => a === 'ran')).toHaveLength(3);
    expect(answers.filter((a) => a === 'busy')).toHaveLength(37);
  });
});

describe('sign-in password checks', () => {
  it('check unknown accounts and accounts without a password against a dummy hash at SCRYPT_PARAMS, made once', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(parsePasswordHash(dummy)).toMatchObject(SCRYPT_PARAMS);
    const turn = { key: 'test', bounded: true };
    for (const stored of [undefined, null, '', 'not-a-hash']) expect(await checkSignInPassword('abc123', stored, turn)).toBe(false);
    const real = await hashPassword('abc123', CHEAP);
    expect(await checkSignInPassword('abc123', real, turn)).toBe(true);
    expect(await checkSignInPassword('abc124', real, turn)).toBe(false);
  });
});
