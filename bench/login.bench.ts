/**
 * Password sign-in under a guessing attack: how long one valid userlogin takes alone, and while
 * 40 wrong-password logins against 4 accounts run at once from another client address. The
 * target: under attack ≤ 2× alone (the fair hash queue gives the attacking address one hash at a
 * time and refuses the rest at once; the per-address limit makes it wait after 20 failures).
 *
 * The server (PGlite in memory, memory kv store, TRUST_PROXY so X-Forwarded-For names the client
 * address) runs in a child process; the requests are signed and sealed here, as the web app does.
 * Every account's hash is made at the server's full cost (SCRYPT_PARAMS).
 *
 * The valid login arrives at a random moment within the first alone-median of each attack round.
 * For scale it also prints what this machine does with two scrypts side by side (each against
 * one alone): on an oversubscribed host that contention, not queueing, is what a valid sign-in
 * would suffer next to a guess, which is why the queue never runs a guess beside it.
 *
 * Run: npm run bench:login   (≈1 min; exits by itself). BENCH_LOGIN_SAMPLES=<n> (default 9).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { scrypt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, type WireResponse } from '../api/protocol/wire.ts';
import { nodeCrypto } from '../server/wire-crypto.ts';

const ATTACK_REQUESTS = 40;
const ATTACKED_ACCOUNTS = 4;
const TARGET_RATIO = 2;
const SAMPLES = Number(process.env.BENCH_LOGIN_SAMPLES) || 9;
const PASSWORD = 'right2026';
const OWNER_PHONE = '13500000000';
const ATTACKED = Array.from({ length: ATTACKED_ACCOUNTS }, (_, i) => `1350000010${i}`);

// --- the server (child process) ------------------------------------------------------------
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { openDatabase, migrateToLatest } = await import('../server/db/database.ts');
  const { MemoryKvStore } = await import('../server/kv-store.ts');
  const { hashPassword } = await import('../server/passwords.ts');
  const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', SEED: 'false' });
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  for (const phone of [OWNER_PHONE, ...ATTACKED]) {
    await database.db
      .insertInto('users')
      .values({ uuid: randomUUID(), phone, nickname: `玩家${phone.slice(-4)}`, avatar: '', password_hash: await hashPassword(PASSWORD), bd_vid: null, created_at: new Date(), last_active_at: null })
      .execute();
  }
  const kv = new MemoryKvStore();
  const app = await buildApp({ config, db: database.db, kv });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const close = async () => {
    await app.close();
    await kv.close();
    await database.close();
  };
  process.on('message', (message) => {
    if (message === 'stop') void close().finally(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ url });
}

// --- the client (this process) -------------------------------------------------------------
function login(url: string, ip: string, account: string, password: string): Promise<{ ms: number; answer: WireResponse }> {
  const path = '/api/login/userlogin';
  const signed = signRequest({ account, password }, { path, timestamp: Date.now(), credentials: null, secrets: DEV_SECRETS, crypto: nodeCrypto });
  const body = encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: nodeCrypto });
  const started = performance.now();
  return fetch(url + path, { method: 'POST', headers: { 'content-type': body.contentType, 'x-forwarded-for': ip }, body: body.body }).then(async (res) => {
    const text = await res.text();
    const ms = performance.now() - started;
    const decoded = decodeResponse(text, { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!decoded.ok) throw new Error(`undecodable answer: ${decoded.reason}`);
    return { ms, answer: decoded.response };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
function scryptOnce(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    scrypt('bench', 'bench-salt-0001', 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (error) => (error ? reject(error) : resolve(performance.now() - started))),
  );
}

/** Median time of two scrypts run side by side, against one alone (this machine's contention now). */
async function contention(rounds = 3): Promise<{ alone: number; pair: number }> {
  const alone: number[] = [];
  const pair: number[] = [];
  for (let i = 0; i < rounds; i++) {
    alone.push(await scryptOnce());
    pair.push(...(await Promise.all([scryptOnce(), scryptOnce()])));
  }
  return { alone: median(alone), pair: median(pair) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function validLogin(url: string, ip: string): Promise<number> {
  const { ms, answer } = await login(url, ip, OWNER_PHONE, PASSWORD);
  if (answer.code !== 200) throw new Error(`the valid login was refused: ${answer.code} ${answer.msg}`);
  return ms;
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_LOGIN_ROLE: 'server' }, execArgv: process.execArgv });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  try {
    console.log(`login bench: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    // Warm-up: the first check of an unknown phone makes the process's dummy hash.
    await validLogin(url, '10.10.0.1');
    await login(url, '10.10.0.1', '13599999999', 'wrong2026');

    const alone: number[] = [];
    for (let i = 0; i < SAMPLES; i++) alone.push(await validLogin(url, '10.10.0.1'));

    const underAttack: number[] = [];
    const answers = new Map<string, number>();
    let attackMs = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const attackStarted = performance.now();
      const attack = Array.from({ length: ATTACK_REQUESTS }, (_, n) => login(url, '10.66.0.1', ATTACKED[n % ATTACKED_ACCOUNTS]!, `wrong${n}x`));
      // The valid login arrives at a random moment of the attack (not in step with the guesses).
      await pause(20 + Math.random() * median(alone));
      underAttack.push(await validLogin(url, '10.10.0.2'));
      for (const { answer } of await Promise.all(attack)) {
        const key = `${answer.code} ${answer.msg}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
      attackMs += performance.now() - attackStarted;
    }

    const [a, b] = [median(alone), median(underAttack)];
    const ratio = b / a;
    console.log(`valid login alone:          median ${a.toFixed(0)} ms  (${alone.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`valid login under attack:   median ${b.toFixed(0)} ms  (${underAttack.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`ratio: ${ratio.toFixed(2)}×  (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`);
    const c = await contention();
    console.log(`this machine now: one scrypt alone ${c.alone.toFixed(0)} ms, two side by side ${c.pair.toFixed(0)} ms each (${(c.pair / c.alone).toFixed(2)}×)`);
    console.log(`attack: ${SAMPLES} rounds × ${ATTACK_REQUESTS} concurrent wrong-password logins from one address against ${ATTACKED_ACCOUNTS} accounts (${(attackMs / SAMPLES).toFixed(0)} ms a round), answered:`);
    for (const [key, count] of [...answers].sort((x, y) => y[1] - x[1])) console.log(`  ${String(count).padStart(4)}  ${key}`);
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.env.BENCH_LOGIN_ROLE === 'server') await serve();
else await main();
