/**
 * What the replay journal (server/replay-guard.ts) costs per request on the embedded default:
 * claims of fresh signatures through the memory-only window (the kv store) and through the
 * journaled one (memory + one write(2) per claim), then a restart's reload of a full window.
 * Prints µs per claim, the journal's bytes per claim and the reload time. `npm run bench:replay`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryKvStore } from '../server/kv-store.ts';
import { JournaledReplayGuard, kvReplayGuard, REPLAY_JOURNAL_FILE, REPLAY_JOURNAL_PREVIOUS_FILE, type ReplayGuard } from '../server/replay-guard.ts';

const CLAIMS = Number(process.env.BENCH_CLAIMS || 200_000);
const signs = Array.from({ length: CLAIMS }, () => randomBytes(16).toString('hex'));
const start = Date.now();

async function run(name: string, guard: ReplayGuard): Promise<number> {
  // Warm-up, then the measured claims (fresh signatures: the path every accepted request takes).
  for (let i = 0; i < 2_000; i++) await guard.claim(signs[i]!, start - 1);
  const began = process.hrtime.bigint();
  for (let i = 0; i < CLAIMS; i++) await guard.claim(signs[i]!, start + i);
  const us = Number(process.hrtime.bigint() - began) / 1_000 / CLAIMS;
  console.log(`${name.padEnd(28)} ${us.toFixed(2)} µs per claim`);
  return us;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-replay-bench-'));
try {
  const kv = new MemoryKvStore();
  const memory = await run('memory (kv store)', kvReplayGuard(kv));
  await kv.close();
  const journal = new JournaledReplayGuard(dir);
  const journaled = await run('memory + journal (write(2))', journal);
  await journal.close();
  const bytes = statSync(path.join(dir, REPLAY_JOURNAL_FILE)).size;
  console.log(`journal cost: +${(journaled - memory).toFixed(2)} µs per accepted request, ${(bytes / (CLAIMS + 2_000)).toFixed(0)} bytes per claim`);
  const began = process.hrtime.bigint();
  const reloaded = new JournaledReplayGuard(dir);
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  console.log(`restart: reloaded ${reloaded.size} live signatures in ${ms.toFixed(0)} ms (compacted to ${statSync(path.join(dir, REPLAY_JOURNAL_PREVIOUS_FILE)).size} bytes)`);
  await reloaded.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
