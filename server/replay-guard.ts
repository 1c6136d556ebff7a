import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { REPLAY_WINDOW_MS } from '../api/protocol/wire.ts';
import type { ServerConfig } from './config.ts';
import type { KvStore } from './kv-store.ts';

/**
 * PROTOCOL §4 step 4: a signature is used once, whatever path it arrives on. The sign does not
 * cover the path (PROTOCOL §2.4–2.5), so keying by path let a body signed for one call be spent
 * again on another call with the same fields. The key is the sign and the timestamp; the clients
 * make every signed body of theirs unique (api/client.ts: strictly increasing timestamps).
 */
export interface ReplayGuard {
  /** True the first time this signature is seen within REPLAY_WINDOW_MS; false for a replay. */
  claim(sign: string, timestamp: number): Promise<boolean>;
  close(): Promise<void>;
}

export function replayKey(sign: string, timestamp: number): string {
  return `${sign}:${String(timestamp)}`;
}

/** The window in the kv store: shared by every process on one Redis, per process in memory. */
export function kvReplayGuard(kv: KvStore): ReplayGuard {
  return {
    claim: (sign, timestamp) => kv.setIfAbsent(`replay:${replayKey(sign, timestamp)}`, '1', REPLAY_WINDOW_MS),
    // The kv store has its own owner, which closes it.
    close: async () => {},
  };
}

/** The journal's folder in DATA_DIR. */
export const REPLAY_JOURNAL_DIR = 'replay';
export const REPLAY_JOURNAL_FILE = 'replay-window.log';
export const REPLAY_JOURNAL_PREVIOUS_FILE = 'replay-window.previous.log';

/**
 * The window in memory, written through to an append-only journal in the data folder, so that a
 * restarted process (a crash, a deploy, an attacker's doing) still refuses what it accepted in the
 * last REPLAY_WINDOW_MS: the embedded single-process default, without Redis.
 *
 * One line per accepted signature, `<expiresAt> <sign>:<timestamp>`, written with a synchronous
 * write(2) before the call runs: it is in the kernel when the handler starts, so it survives the
 * process being killed at any moment (not a power cut: no fsync per request; the machine's reboot
 * then takes part of the window). Two generations bound the file: every REPLAY_WINDOW_MS the
 * current file becomes the previous one, so the previous file holds only entries that expire
 * before the next rotation drops it. At start both are read, the live entries are written back as
 * the previous file and the current one starts empty.
 */
export class JournaledReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  private readonly current: string;
  private readonly previous: string;
  private fd: number;
  private rotatedAt: number;

  constructor(
    dir: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true });
    this.current = path.join(dir, REPLAY_JOURNAL_FILE);
    this.previous = path.join(dir, REPLAY_JOURNAL_PREVIOUS_FILE);
    const at = now();
    for (const file of [this.previous, this.current]) this.load(file, at);
    const live = [...this.seen].map(([key, expiresAt]) => `${expiresAt} ${key}\n`).join('');
    const temporary = `${this.previous}.tmp`;
    writeFileSync(temporary, live);
    renameSync(temporary, this.previous);
    this.fd = openSync(this.current, 'w');
    this.rotatedAt = at;
  }

  /** Signatures loaded or accepted that are still inside the window (tests, the bench). */
  get size(): number {
    return this.seen.size;
  }

  private load(file: string, at: number): void {
    if (!existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const space = line.indexOf(' ');
      // A torn last line (killed mid-write) has no key part or a short one: skipped.
      if (space <= 0) continue;
      const expiresAt = Number(line.slice(0, space));
      const key = line.slice(space + 1);
      if (!Number.isFinite(expiresAt) || expiresAt <= at || !/^[0-9a-f]{32}:\S+$/.test(key)) continue;
      this.seen.set(key, Math.max(expiresAt, this.seen.get(key) ?? 0));
    }
  }

  private rotate(at: number): void {
    closeSync(this.fd);
    renameSync(this.current, this.previous);
    this.fd = openSync(this.current, 'w');
    this.rotatedAt = at;
    for (const [key, expiresAt] of this.seen) if (expiresAt <= at) this.seen.delete(key);
  }

  async claim(sign: string, timestamp: number): Promise<boolean> {
    const at = this.now();
    const key = replayKey(sign, timestamp);
    const until = this.seen.get(key);
    if (until !== undefined && until > at) return false;
    if (at - this.rotatedAt >= REPLAY_WINDOW_MS) this.rotate(at);
    const expiresAt = at + REPLAY_WINDOW_MS;
    this.seen.set(key, expiresAt);
    writeSync(this.fd, `${expiresAt} ${key}\n`);
    return true;
  }

  async close(): Promise<void> {
    closeSync(this.fd);
    this.seen.clear();
  }
}

/**
 * The deployment's replay window: Redis when configured (shared by every process); else, on the
 * embedded database (one process by construction), the journaled window in DATA_DIR; else (a
 * development PostgreSQL without Redis) the process's memory. Production with DATABASE_URL
 * refuses to start without REDIS_URL (server/config.ts), so the last case is development only.
 */
export function createReplayGuard(config: Pick<ServerConfig, 'redisUrl' | 'databaseUrl' | 'dataDir'>, kv: KvStore, now: () => number = Date.now): ReplayGuard {
  // Beside the database's own files, as the uploads are (<DATA_DIR>/uploads).
  if (!config.redisUrl && !config.databaseUrl) return new JournaledReplayGuard(path.join(config.dataDir, REPLAY_JOURNAL_DIR), now);
  return kvReplayGuard(kv);
}
