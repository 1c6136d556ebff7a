import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with node:crypto scrypt at the OWASP Password Storage Cheat Sheet
 * parameters (N=2^17, r=8, p=1: ~128 MiB and ~0.1–0.4 s per hash).
 *
 * Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>` (16-byte salt, 32-byte hash). The
 * parameters travel with each hash, so verification honours whatever a hash was made with and
 * `needsRehash` tells the login call to upgrade hashes weaker than the current parameters.
 * The server itself only ever creates hashes at SCRYPT_PARAMS; tests that need many password
 * checks insert users whose hash was made at a low cost directly, instead of lowering the
 * server's cost through configuration.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
export const SALT_BYTES = 16;
export const HASH_BYTES = 32;

/** Upper bounds for parameters read back from storage (a corrupt row must not exhaust memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/**
 * The hash queue. Each scrypt call holds ~128·N·r bytes (~128 MiB at OWASP cost), so at most
 * `running` run at once. Waiting hashes are grouped by a key (the client address): at most one
 * hash per key runs at a time and free slots go round-robin across keys, so one address that
 * floods the server with guesses gets one hash at a time and a quiet address's sign-in takes the
 * next free slot instead of queueing behind the flood. Checks from an address with other
 * attempts counted in the window are `low`: one starts only when no other hash runs and no
 * ordinary check waits, and no ordinary check starts beside it, so a valid sign-in waits at most
 * for the rest of one guess and then runs alone (≤ 2× its time alone however loaded the machine:
 * two scrypts side by side on an oversubscribed host each take 2–4× as long). A check that would wait
 * beyond `waitingPerKey` for its key, or `waiting` in all, is refused at once
 * (HashQueueFullError, answered CODE.busy) instead of queueing: a queue nobody bounds only turns
 * guesses into delay for everyone.
 */
export const HASH_QUEUE_LIMITS = {
  running: 2,
  waitingPerKey: 2,
  waiting: 32,
} as const;

/** The hash queue is full for this caller: nothing was computed; answered CODE.busy. */
export class HashQueueFullError extends Error {
  constructor(readonly scope: 'key' | 'all') {
    super(scope === 'key' ? 'password hash queue full for this client' : 'password hash queue full');
    this.name = 'HashQueueFullError';
  }
}

interface HashJob {
  low: boolean;
  start: () => void;
}

export class FairHashQueue {
  private running = 0;
  private waitingCount = 0;
  /** Ordinary (not low) jobs running or waiting: while any is, no low job starts. */
  private ordinary = 0;
  /** Low jobs running (at most one): while one is, nothing else starts. */
  private lowRunning = 0;
  /** Keys with waiting jobs, in round-robin order (a served key moves to the end). */
  private readonly waiting = new Map<string, HashJob[]>();
  /** Keys with a job running. */
  private readonly busyKeys = new Set<string>();

  constructor(private readonly limits: { running: number; waitingPerKey: number; waiting: number } = HASH_QUEUE_LIMITS) {}

  /** Jobs running and waiting now (for tests and metrics). */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /**
   * Runs `work` when a slot is free and it is this key's turn. With `bounded` a job that would
   * wait past the limits is refused at once; unbounded jobs (hashes that follow a proof the
   * caller already gave: a valid SMS code, a session) always wait their turn. A `low` job runs
   * alone, and only when no ordinary one waits.
   */
  run<T>(key: string, work: () => Promise<T>, bounded: boolean, low = false): Promise<T> {
    if (!low) this.ordinary++;
    if (this.canStart(key, low)) return this.execute(key, work, low);
    const queue = this.waiting.get(key);
    if (bounded) {
      const scope = (queue?.length ?? 0) >= this.limits.waitingPerKey ? 'key' : this.waitingCount >= this.limits.waiting ? 'all' : null;
      if (scope) {
        if (!low) this.ordinary--;
        return Promise.reject(new HashQueueFullError(scope));
      }
    }
    return new Promise<T>((resolve, reject) => {
      const job: HashJob = { low, start: () => void this.execute(key, work, low).then(resolve, reject) };
      if (queue) queue.push(job);
      else this.waiting.set(key, [job]);
      this.waitingCount++;
    });
  }

  private canStart(key: string, low: boolean): boolean {
    if (this.running >= this.limits.running || this.busyKeys.has(key) || this.lowRunning > 0) return false;
    return !low || (this.running === 0 && this.ordinary === 0);
  }

  private async execute<T>(key: string, work: () => Promise<T>, low: boolean): Promise<T> {
    this.running++;
    if (low) this.lowRunning++;
    this.busyKeys.add(key);
    try {
      return await work();
    } finally {
      this.running--;
      if (low) this.lowRunning--;
      else this.ordinary--;
      this.busyKeys.delete(key);
      // The key just served goes behind every other waiting key.
      const queue = this.waiting.get(key);
      if (queue) {
        this.waiting.delete(key);
        this.waiting.set(key, queue);
      }
      this.startNext();
    }
  }

  /** Fills free slots from the first keys (round-robin order) whose next job may start. */
  private startNext(): void {
    for (const [key, queue] of this.waiting) {
      if (this.running >= this.limits.running) return;
      if (!this.canStart(key, queue[0]!.low)) continue;
      const job = queue.shift()!;
      this.waitingCount--;
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      job.start();
    }
  }
}

const hashQueue = new FairHashQueue();

/** Whose turn a hash takes in the queue: the client address; hashes of the server's own go under one key. */
export interface HashTurn {
  key: string;
  /** Refuse at once (HashQueueFullError) instead of waiting past the queue's limits. */
  bounded: boolean;
  /** The address failed recently: its checks give way to everyone else's. */
  low?: boolean;
}

const SERVER_TURN: HashTurn = { key: 'server', bounded: false };

function scryptOptions({ N, r, p }: ScryptParams): ScryptOptions {
  // Node refuses when 128·N·r exceeds maxmem; leave room for the p·128·r block as well.
  return { N, r, p, maxmem: 128 * N * r + 128 * r * p + 1024 * 1024 };
}

function derive(password: string, salt: Buffer, params: ScryptParams, turn: HashTurn): Promise<Buffer> {
  return hashQueue.run(
    turn.key,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, HASH_BYTES, scryptOptions(params), (error, key) => (error ? reject(error) : resolve(key)));
      }),
    turn.bounded,
    turn.low ?? false,
  );
}

function validParams({ N, r, p }: ScryptParams): boolean {
  return (
    Number.isInteger(N) && N >= 2 && N <= MAX_N && (N & (N - 1)) === 0 &&
    Number.isInteger(r) && r >= 1 && r <= MAX_R &&
    Number.isInteger(p) && p >= 1 && p <= MAX_P
  );
}

/** A new hash; it waits its turn (never refused: making one follows a proof the caller gave). */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS, turn: HashTurn = SERVER_TURN): Promise<string> {
  if (!validParams(params)) throw new Error('invalid scrypt parameters');
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params, { key: turn.key, bounded: false });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (!validParams({ N, r, p })) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { N, r, p, salt, hash };
}

/** Constant-time comparison of the derived key; false for anything unparseable. */
export async function verifyPassword(password: string, stored: string | null, turn: HashTurn = SERVER_TURN): Promise<boolean> {
  if (!stored) return false;
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const derived = await derive(password, parsed.salt, parsed, turn);
  return derived.length === parsed.hash.length && timingSafeEqual(derived, parsed.hash);
}

let dummyHash: Promise<string> | null = null;

/**
 * A hash at SCRYPT_PARAMS of a password nobody has, made once per process: checking against it
 * costs what checking a real account's hash costs.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64')).catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
  return dummyHash;
}

/**
 * Checks a sign-in password with the same work whether or not the account exists or has a
 * password: without a usable stored hash the password is checked against the dummy hash (one
 * real scrypt at SCRYPT_PARAMS) and the answer is false. The caller answers both alike.
 */
export async function checkSignInPassword(password: string, stored: string | null | undefined, turn: HashTurn): Promise<boolean> {
  const usable = stored && parsePasswordHash(stored) ? stored : null;
  const valid = await verifyPassword(password, usable ?? (await dummyPasswordHash()), turn);
  return usable !== null && valid;
}

/** True when the stored hash was made with weaker parameters than the current ones. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  return !parsed || parsed.N < params.N || parsed.r < params.r || parsed.p < params.p || parsed.hash.length < HASH_BYTES;
}

/** SPEC §5/§9: 6–15 characters, letters and digits only, at least one of each. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,15}$/;

export function isAcceptablePassword(password: unknown): password is string {
  return typeof password === 'string' && PASSWORD_PATTERN.test(password);
}

/**
 * A password check's turn in the hash queue: one per client address, refused when its share is
 * full; `suspect` (the address has other password attempts counted in the window) gives way.
 */
export function addressTurn(ip: string, suspect = false): HashTurn {
  return { key: `ip:${ip}`, bounded: true, low: suspect };
}
