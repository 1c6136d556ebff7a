/**
 * Server benchmark: a bare Fastify hello route against the real app's /down/appVersion
 * (full wire pipeline: envelope, timestamp, signature, replay cache, database query, encrypted
 * answer) on 1 process (PGlite; PostgreSQL+Redis) and on 2 processes (PostgreSQL+Redis, the load
 * split across them); then a realistic mix of player calls at 50 and 200 connections on PGlite and
 * on PostgreSQL (see MIX), with 200 real-name verified players signed up beforehand.
 *
 * Fairness: each server runs in its own child process, while autocannon and the request signing
 * run in this process; every target gets the same connections, duration and warm-up. Every
 * request is freshly signed and sealed before the clock starts (the replay cache refuses repeats),
 * and every answer is decoded after it stops, so only the expected code counts as success.
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created and dropped); Redis:
 * BENCH_REDIS_URL or TEST_REDIS_URL (default redis://127.0.0.1:6379, a key prefix of its own,
 * removed after). Without PostgreSQL those rows are skipped, and it says so.
 *
 * Run: npm run bench:server   (≈3–5 min; exits by itself)
 *      BENCH_MIX_ONLY=1 — only the mixes; BENCH_CPU_PROF=<dir> — CPU profiles of the app
 *      processes (read them with `npx tsx bench/profile-top.ts <file>`)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { idCardCheckChar } from '../api/protocol/real-name.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';
import { nodeCrypto } from '../server/wire-crypto.ts';
import { uniqueTimestamp } from './support.ts';
import { reachable } from '../tests/helpers/test-redis.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;
const TARGET_RATIO = 0.4;
const APP_PATH = '/down/appVersion';

// --- autocannon (CommonJS, no bundled types): the small part of its API used here -----------
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: unknown) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: unknown) => void;
}
interface AutocannonResult {
  requests: { mean: number; total: number };
  latency: { p50: number; p99: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string | string[];
  connections: number;
  duration: number;
  pipelining?: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// --- child process: one server ----------------------------------------------------------------
/** What a child server runs on: the embedded PGlite + in-memory kv, or a PostgreSQL database and (optionally) Redis. */
interface ServeOptions {
  kind: 'hello' | 'app';
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix?: string;
}

/** Ids the mix calls use, read by the app child from its database. */
export interface Fixtures {
  gamePackIds: number[];
  gameIds: number[];
  keywords: string[];
}

async function serve(options: ServeOptions): Promise<void> {
  let close: () => Promise<void>;
  let url: string;
  let fixtures: Fixtures | null = null;
  if (options.kind === 'hello') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    // Same request shape as the app route (POST, JSON body of the same size), so both targets
    // cost the load generator the same and the ratio compares the servers.
    app.post('/hello', async () => ({ hello: 'world' }));
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
  } else {
    const { buildApp } = await import('../server/app.ts');
    const { loadConfig } = await import('../server/config.ts');
    const { openDatabase, migrateToLatest } = await import('../server/db/database.ts');
    const { seedContent } = await import('../server/db/seed-content.ts');
    const { seedCatalog } = await import('../server/db/seed-catalog.ts');
    const { createKvStore } = await import('../server/kv-store.ts');
    // The bench signs up hundreds of players from 127.0.0.1: the per-address SMS brake is lifted.
    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', SMS_IP_HOURLY_LIMIT: '1000000', SMS_IP_DAILY_LIMIT: '1000000' });
    const database = await openDatabase(options.databaseUrl ? { url: options.databaseUrl, poolSize: 10 } : { dataDir: 'memory://' });
    await database.startupLock(async () => {
      await migrateToLatest(database.db);
      await seedContent(database.db);
      await seedCatalog(database.db);
    });
    const kv = createKvStore(options.redisUrl ?? null, options.redisPrefix);
    const app = await buildApp({ config, db: database.db, kv });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    const db = database.db;
    // The packs with the most codes (every mix player claims some of them).
    const packs = await db.selectFrom('gift_packs').select('id').where('valid_until', '>', new Date()).where('vip_level', '=', 0).orderBy('total', 'desc').orderBy('id').limit(20).execute();
    if (packs.length === 0) throw new Error('no open gift pack in the seeded catalogue');
    const games = await db.selectFrom('games').select(['id', 'name']).orderBy('id').limit(60).execute();
    fixtures = { gamePackIds: packs.map((p) => p.id), gameIds: games.map((g) => g.id), keywords: games.slice(0, 20).map((g) => [...g.name].slice(0, 2).join('')) };
    close = async () => {
      await app.close();
      await kv.close();
      await database.close();
    };
  }
  process.on('message', (message) => {
    if (message === 'stop') void close().finally(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0)); // the parent went away: never linger
  process.send!({ url, fixtures });
}

/** BENCH_CPU_PROF=<dir>: the app children write a V8 CPU profile there when stopped (node --cpu-prof). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF || null;

function startServer(options: ServeOptions): Promise<{ url: string; child: ChildProcess; fixtures: Fixtures | null }> {
  const execArgv = [...process.execArgv, ...(CPU_PROF_DIR && options.kind === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [])];
  const child = fork(fileURLToPath(import.meta.url), ['serve', JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${options.kind} server did not start within 120 s`)), 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      const { url, fixtures } = message as { url: string; fixtures: Fixtures | null };
      resolve({ url, child, fixtures });
    });
    child.once('exit', (code) => reject(new Error(`${options.kind} server exited early (code ${code})`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.send('stop');
  });
}

// --- request bodies and answers ---------------------------------------------------------------
let sequence = 0;
const runId = randomBytes(4).toString('hex');
/**
 * Unique appVersion bodies made before each app run (≈ warm-up plus measurement at the rates seen
 * on 2 cores; more are signed during the run if it runs out, and the bench says so). Sealing is
 * the load generator's main cost (≈10 k bodies/s on an idle core), so the pool is not oversized.
 */
const POOL_SIZE = 160_000;
/** The hello route ignores its body: a smaller pool, cycled, costs the load generator the same per request. */
const HELLO_POOL_SIZE = 5_000;

/** A freshly signed and sealed /down/appVersion body: new timestamp and a unique nonce each time. */
function freshAppVersionBody(): string {
  const signed = signRequest(
    { nonce: `${runId}-${++sequence}` },
    { path: APP_PATH, timestamp: Date.now(), secrets: DEV_SECRETS, crypto: nodeCrypto },
  );
  return encodeRequestBody(APP_PATH, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: nodeCrypto }).body;
}

/**
 * Bodies are made before the clock starts and answers decoded after it stops, so the load
 * generator (same 2 cores) spends no crypto time during the measurement.
 */
function bodyPool(size: number, cycle = false) {
  const started = Date.now();
  const bodies = Array.from({ length: size }, freshAppVersionBody);
  console.log(`pre-signed ${size} unique bodies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let next = 0;
  let madeLate = 0;
  return {
    take(): string {
      if (next < bodies.length) return bodies[next++]!;
      if (cycle) return bodies[next++ % bodies.length]!;
      madeLate++;
      return freshAppVersionBody();
    },
    get madeLate() {
      return madeLate;
    },
  };
}

/** Tally of answers that were not code 1, by HTTP status, code and message. */
function answerCounter() {
  const failures = new Map<string, number>();
  const answers: Array<[number, string]> = [];
  let ok = 0;
  return {
    keep(status: number, body: string) {
      answers.push([status, body]);
    },
    decodeAll() {
      for (const [status, body] of answers) {
        const decoded = decodeResponse(body, { secrets: DEV_SECRETS, crypto: nodeCrypto });
        if (status === 200 && decoded.ok && decoded.response.code === 1) {
          ok++;
          continue;
        }
        const key = decoded.ok ? `HTTP ${status} code ${decoded.response.code} ${decoded.response.msg}` : `HTTP ${status} undecodable (${decoded.reason})`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      answers.length = 0;
    },
    get ok() {
      return ok;
    },
    failures,
  };
}

function pooledRequests(path: string, pool: ReturnType<typeof bodyPool>, counter?: ReturnType<typeof answerCounter>): AutocannonRequest[] {
  return [
    {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: pool.take() }),
      ...(counter ? { onResponse: (status: number, body: string) => counter.keep(status, body) } : {}),
    },
  ];
}

async function verifySample(url: string): Promise<void> {
  const body = freshAppVersionBody();
  const post = () => fetch(url + APP_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const first = decodeResponse(await (await post()).text(), { secrets: DEV_SECRETS, crypto: nodeCrypto });
  if (!first.ok || first.response.code !== 1) throw new Error(`sample /down/appVersion did not answer code 1: ${JSON.stringify(first)}`);
  const again = decodeResponse(await (await post()).text(), { secrets: DEV_SECRETS, crypto: nodeCrypto });
  if (!again.ok || again.response.code !== 101) throw new Error(`the replayed sample was not refused with 101: ${JSON.stringify(again)}`);
  console.log(`sample check: fresh body → code 1 (${first.form} answer, version ${(first.response.data as { version_code?: string }).version_code}); same body again → code 101`);
}

// --- the realistic mix -----------------------------------------------------------------------
const MIX_DURATION_S = 8;
const MIX_CONNECTIONS = [50, 200] as const;
const MIX_PLAYERS = 200;
/** Sign-ins per mix run at most (each uses a fresh SMS code, consumed once). */
const SIGN_INS_PER_RUN = 60;
const MIX_TARGET_P99_MS = 25;
const MIX_TARGET_ERRORS = 0.001;

interface Player {
  token: string;
  uuid: string;
}

/** One call of the mix: its share (per 1000), and how to make its fields. */
interface MixCall {
  name: string;
  path: string;
  weight: number;
  /** The answer code that counts as success (1, or 200 for sign-in). */
  ok: number;
  fields: (player: Player, n: number, fixtures: Fixtures) => Record<string, unknown>;
  auth: boolean;
}

const pick = <T>(list: T[], n: number): T => list[n % list.length]!;

/**
 * What a player does, by share of requests (per 1000): mostly reading (lists, game pages, search,
 * the message poll every open app makes), some gift claims and orders, and a few sign-ins.
 */
const MIX: MixCall[] = [
  { name: 'game list', path: '/api/game/getGameList', weight: 150, ok: 1, auth: false, fields: (_p, n) => ({ page: 1 + (n % 5) }) },
  { name: 'topic list', path: '/api/topic/getTopicList', weight: 40, ok: 1, auth: false, fields: () => ({ page: 1 }) },
  { name: 'open servers', path: '/api/game/getOpenServers', weight: 40, ok: 1, auth: false, fields: () => ({ page: 1 }) },
  { name: 'search', path: '/api/game/getSearchGames', weight: 100, ok: 1, auth: false, fields: (_p, n, f) => ({ keyword: pick(f.keywords, n), page: 1 }) },
  { name: 'game page', path: '/api/game/getGameDetail', weight: 150, ok: 1, auth: true, fields: (_p, n, f) => ({ game_id: pick(f.gameIds, n) }) },
  { name: 'gift list', path: '/api/game/getGiftList', weight: 50, ok: 1, auth: true, fields: (_p, n, f) => ({ game_id: pick(f.gameIds, n), page: 1 }) },
  { name: 'gift claim', path: '/api/game/receiveGift', weight: 80, ok: 1, auth: true, fields: (_p, n, f) => ({ gift_id: pick(f.gamePackIds, n) }) },
  { name: 'order create', path: '/api/order/createOrder', weight: 40, ok: 1, auth: true, fields: (_p, n) => ({ idempotency_key: `${runId}-order-${n}`, kind: 'coins', amount_cents: 600 }) },
  { name: 'message poll', path: '/api/user/getUnreadMessage', weight: 250, ok: 1, auth: true, fields: () => ({}) },
  { name: 'message list', path: '/api/user/getMessageList', weight: 90, ok: 1, auth: true, fields: () => ({ page: 1 }) },
  // Sign-in by SMS code (trendRegister): each pre-issued code once; `fields` is not used for it.
  { name: 'sign-in (SMS code)', path: '/api/login/trendRegister', weight: 10, ok: 200, auth: false, fields: () => ({}) },
];

function sealed(path: string, fields: Record<string, unknown>, player: Player | null): string {
  const signed = signRequest(fields as Parameters<typeof signRequest>[0], {
    path,
    timestamp: uniqueTimestamp(),
    ...(player ? { credentials: { token: player.token, uuid: player.uuid } } : {}),
    secrets: DEV_SECRETS,
    crypto: nodeCrypto,
  });
  return encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: nodeCrypto }).body;
}

async function wire(url: string, path: string, fields: Record<string, unknown>, player: Player | null = null) {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sealed(`${path}`, { ...fields, nonce: `${runId}-${++sequence}` }, player) });
  const decoded = decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: nodeCrypto });
  if (!decoded.ok) throw new Error(`${path}: undecodable answer (${decoded.reason})`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return decoded.response as { code: number; msg: string; data: any };
}

let phoneSerial = 0;
const phoneBase = 16_600_000_000 + (randomBytes(3).readUIntBE(0, 3) % 90_000) * 1000;

/** Asks for a login code and reads it from the development outbox (PROTOCOL §9). */
async function loginCode(url: string, phone: string): Promise<string> {
  await fetch(`${url}/dev/sms/${phone}/cooldown`, { method: 'DELETE' });
  const sent = await wire(url, '/api/login/sendCode', { phone, type: '1' });
  if (sent.code !== 1) throw new Error(`sendCode ${phone}: ${sent.code} ${sent.msg}`);
  const res = await fetch(`${url}/dev/sms/${phone}`);
  return ((await res.json()) as { code: string }).code;
}

/** Signs up a real-name verified adult over the wire. */
async function signUp(url: string, realName = true): Promise<Player & { phone: string }> {
  const serial = ++phoneSerial;
  const phone = String(phoneBase + serial);
  const answer = await wire(url, '/api/login/trendRegister', { account: phone, phone_code: await loginCode(url, phone), agree_agreement: 1 });
  if (answer.code !== 200) throw new Error(`sign-up ${phone}: ${answer.code} ${answer.msg}`);
  const player = { token: answer.data.token as string, uuid: answer.data.user_uuid as string, phone };
  if (!realName) return player;
  // One identity per player (an ID number binds at most 3 accounts): a birth date per serial.
  const birth = new Date(Date.UTC(1970, 0, 1) + (serial % 10_000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110105${birth}123`;
  const named = await wire(url, '/api/user/realNameAuth', { real_name: '张三', id_card: first17 + idCardCheckChar(first17) }, player);
  if (named.code !== 1) throw new Error(`realNameAuth ${phone}: ${named.code} ${named.msg}`);
  return player;
}

async function inBatches<T>(count: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => make(i + j)))));
  return out;
}

interface MixRun {
  label: string;
  connections: number;
  result: AutocannonResult;
  total: number;
  notOk: number;
  failures: Map<string, number>;
  byCall: Map<string, number>;
  latencies: Map<string, number[]>;
  cpu: CpuSample | null;
}

// --- where the CPU went ------------------------------------------------------------------------
/** CPU µs per answered request of the server children, PostgreSQL, Redis and this process (the load generator). */
interface CpuSample {
  server: number;
  postgres: number;
  redis: number;
  loadGenerator: number;
}
type CpuGroup = keyof CpuSample;
/** Per process: its group and the CPU time (ms, user + system) it has used so far. */
type CpuSnapshot = Map<number, { group: CpuGroup; ms: number }>;
/** Linux's clock ticks are 100 per second (USER_HZ) on every common build. */
const MS_PER_TICK = 10;

function procCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Reads /proc (Linux); null elsewhere, and the bench then prints no CPU split. */
function cpuSample(serverPids: number[]): CpuSnapshot | null {
  try {
    const snapshot: CpuSnapshot = new Map();
    const servers = new Set(serverPids);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      const pid = Number(entry);
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const group: CpuGroup | null = servers.has(pid)
        ? 'server'
        : pid === process.pid
          ? 'loadGenerator'
          : comm === 'postgres'
            ? 'postgres'
            : comm.startsWith('redis-server')
              ? 'redis'
              : null;
      if (group) snapshot.set(pid, { group, ms: procCpuMs(stat) });
    }
    return snapshot;
  } catch {
    return null;
  }
}

/**
 * CPU µs per answered request by process group between two snapshots: per process alive at the end
 * (a PostgreSQL backend started meanwhile counts whole; one that ended meanwhile is not seen).
 */
function cpuPerRequest(before: CpuSnapshot | null, after: CpuSnapshot | null, requests: number): CpuSample | null {
  if (!before || !after || requests === 0) return null;
  const used: CpuSample = { server: 0, postgres: 0, redis: 0, loadGenerator: 0 };
  for (const [pid, { group, ms }] of after) used[group] += ms - (before.get(pid)?.ms ?? 0);
  return { server: (used.server * 1000) / requests, postgres: (used.postgres * 1000) / requests, redis: (used.redis * 1000) / requests, loadGenerator: (used.loadGenerator * 1000) / requests };
}

function formatCpu(cpu: CpuSample | null): string {
  if (!cpu) return '';
  return `CPU per request: server ${cpu.server.toFixed(0)} µs, PostgreSQL ${cpu.postgres.toFixed(0)} µs, Redis ${cpu.redis.toFixed(0)} µs, load generator ${cpu.loadGenerator.toFixed(0)} µs`;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One mix run on a started app: players signed up beforehand, bodies sealed before the clock starts. */
async function runMix(label: string, url: string, serverPids: number[], fixtures: Fixtures, players: Player[], signInPhones: string[], connections: number): Promise<MixRun> {
  const signInBodies: string[] = [];
  const codes = await inBatches(signInPhones.length, 20, (i) => loginCode(url, signInPhones[i]!));
  signInPhones.forEach((phone, i) => signInBodies.push(sealed('/api/login/trendRegister', { account: phone, phone_code: codes[i]!, agree_agreement: 1, nonce: `${runId}-${++sequence}` }, null)));
  // Weighted schedule of 1000 slots, shuffled deterministically.
  const schedule: MixCall[] = MIX.flatMap((call) => Array<MixCall>(call.weight).fill(call));
  for (let i = schedule.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [schedule[i], schedule[j]] = [schedule[j]!, schedule[i]!];
  }
  let n = 0;
  const nextBody = (): { call: MixCall; body: string } => {
    const at = n++;
    let call = schedule[at % schedule.length]!;
    if (call.path === '/api/login/trendRegister') {
      const body = signInBodies.pop();
      if (body) return { call, body };
      call = MIX.find((c) => c.name === 'message poll')!;
    }
    const player = players[at % players.length]!;
    return { call, body: sealed(call.path, { ...call.fields(player, at, fixtures), nonce: `${runId}-${++sequence}` }, call.auth ? player : null) };
  };
  const poolSize = 24_000;
  const started = Date.now();
  const signIns = signInBodies.length;
  const pool = Array.from({ length: poolSize }, nextBody);
  console.log(`${label}: ${players.length} players, ${signIns} sign-in codes; sealed ${poolSize} bodies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let next = 0;
  let late = 0;
  const answers: Array<[MixCall, number, string]> = [];
  /** Per call: ms from the request's setup to its answer (as this process saw it). */
  const latencies = new Map<string, number[]>();
  const request = (record: boolean): AutocannonRequest[] => [
    {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req, context) => {
        let item = pool[next++];
        if (!item) {
          late++;
          item = nextBody();
        }
        (context as { call?: MixCall; at?: number }).call = item.call;
        (context as { at?: number }).at = performance.now();
        return { ...req, path: item.call.path, body: item.body };
      },
      ...(record
        ? {
            onResponse: (status: number, body: string, context: unknown) => {
              const { call, at } = context as { call: MixCall; at: number };
              answers.push([call, status, body]);
              let list = latencies.get(call.name);
              if (!list) latencies.set(call.name, (list = []));
              list.push(performance.now() - at);
            },
          }
        : {}),
    },
  ];
  process.stdout.write(`${label}: warm-up ${WARMUP_S} s… `);
  await autocannon({ url, connections, duration: WARMUP_S, requests: request(false) });
  process.stdout.write(`measuring ${MIX_DURATION_S} s… `);
  const cpuBefore = cpuSample(serverPids);
  const result = await autocannon({ url, connections, duration: MIX_DURATION_S, pipelining: 1, requests: request(true) });
  const cpuAfter = cpuSample(serverPids);
  console.log(`done${late > 0 ? ` (${late} bodies sealed during the run)` : ''}`);
  const failures = new Map<string, number>();
  const byCall = new Map<string, number>();
  let notOk = 0;
  for (const [call, status, body] of answers) {
    byCall.set(call.name, (byCall.get(call.name) ?? 0) + 1);
    const decoded = decodeResponse(body, { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (status === 200 && decoded.ok && decoded.response.code === call.ok) continue;
    notOk++;
    const key = `${call.name}: ${decoded.ok ? `HTTP ${status} code ${decoded.response.code} ${decoded.response.msg}` : `HTTP ${status} undecodable (${decoded.reason})`}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  return { label, connections, result, total: answers.length, notOk: notOk + result.errors + result.timeouts, failures, byCall, latencies, cpu: cpuPerRequest(cpuBefore, cpuAfter, result.requests.total) };
}

/** Signs up the mix's players and sign-in phones, then runs the mix at each connection count. */
async function mixOn(label: string, url: string, serverPid: number, fixtures: Fixtures): Promise<MixRun[]> {
  const started = Date.now();
  const players = await inBatches(MIX_PLAYERS, 20, () => signUp(url));
  const signInPlayers = await inBatches(SIGN_INS_PER_RUN * MIX_CONNECTIONS.length, 20, () => signUp(url, false));
  console.log(`${label}: signed up ${players.length + signInPlayers.length} players in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const runs: MixRun[] = [];
  for (const [i, connections] of MIX_CONNECTIONS.entries()) {
    const phones = signInPlayers.slice(i * SIGN_INS_PER_RUN, (i + 1) * SIGN_INS_PER_RUN).map((p) => p.phone);
    runs.push(await runMix(`mix ${label} ${connections} conns`, url, [serverPid], fixtures, players, phones, connections));
  }
  return runs;
}

// --- PostgreSQL and Redis for the PostgreSQL figures --------------------------------------------
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function pgAdmin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL! });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// --- parent: measure ---------------------------------------------------------------------------
interface Row {
  name: string;
  result: AutocannonResult;
  notOk: number;
  cpu: CpuSample | null;
}

async function measure(
  name: string,
  url: string | string[],
  serverPids: number[],
  path: string,
  pool: ReturnType<typeof bodyPool>,
  counter?: ReturnType<typeof answerCounter>,
): Promise<{ result: AutocannonResult; cpu: CpuSample | null }> {
  process.stdout.write(`${name}: warm-up ${WARMUP_S} s… `);
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, requests: pooledRequests(path, pool) });
  process.stdout.write(`measuring ${DURATION_S} s… `);
  const before = cpuSample(serverPids);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, requests: pooledRequests(path, pool, counter) });
  const cpu = cpuPerRequest(before, cpuSample(serverPids), result.requests.total);
  console.log('done');
  return { result, cpu };
}

/** appVersion on the given server(s): load split across them when several (autocannon spreads the connections over the URLs). */
async function measureAppVersion(name: string, servers: Array<{ url: string; child: ChildProcess }>, rows: Row[], counters: Array<[string, ReturnType<typeof answerCounter>]>): Promise<void> {
  const urls = servers.map((server) => server.url);
  const counter = answerCounter();
  for (const url of urls) await verifySample(url);
  const pool = bodyPool(POOL_SIZE);
  const { result, cpu } = await measure(name, urls.length === 1 ? urls[0]! : urls, servers.map((server) => server.child.pid!), APP_PATH, pool, counter);
  if (pool.madeLate > 0) console.log(`note: the body pool ran out; ${pool.madeLate} bodies were signed during the run`);
  counter.decodeAll();
  rows.push({ name, result, notOk: [...counter.failures.values()].reduce((a, b) => a + b, 0), cpu });
  counters.push([name, counter]);
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`server bench: ${CONNECTIONS} connections, ${DURATION_S} s per target (+${WARMUP_S} s warm-up); mix ${MIX_CONNECTIONS.join(' and ')} connections, ${MIX_DURATION_S} s; 127.0.0.1, node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
  const rows: Row[] = [];
  const counters: Array<[string, ReturnType<typeof answerCounter>]> = [];
  const mixes: MixRun[] = [];

  // BENCH_MIX_ONLY=1: only the mixes (profiling runs).
  const ratios = !process.env.BENCH_MIX_ONLY;
  const hello = ratios ? await startServer({ kind: 'hello' }) : null;
  if (hello) {
    try {
      const { result, cpu } = await measure('fastify hello (POST /hello)', hello.url, [hello.child.pid!], '/hello', bodyPool(HELLO_POOL_SIZE, true));
      rows.push({ name: 'fastify hello (POST /hello)', result, notOk: result.non2xx, cpu });
    } finally {
      await stopServer(hello.child);
    }
  }

  // PGlite (the embedded default): one process, in-memory kv.
  const app = await startServer({ kind: 'app' });
  try {
    if (ratios) await measureAppVersion(`app ${APP_PATH}, 1 process, PGlite`, [app], rows, counters);
    if (!process.env.BENCH_SKIP_MIX) mixes.push(...(await mixOn('PGlite', app.url, app.child.pid!, app.fixtures!)));
  } finally {
    await stopServer(app.child);
  }

  // PostgreSQL (+ Redis when it answers): one process, then two sharing the database and Redis.
  const skipped: string[] = [];
  if (!PG_URL) skipped.push('PostgreSQL figures SKIPPED: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  else {
    const dbName = `gp_bench_${runId}`;
    const redisUp = await reachable(REDIS_URL);
    if (!redisUp) skipped.push(`no Redis at ${REDIS_URL}: PostgreSQL figures use the in-memory kv; the 2-process figure is SKIPPED (two processes need a shared Redis)`);
    const redisPrefix = `gp-bench-${runId}:`;
    await pgAdmin(`CREATE DATABASE ${dbName}`);
    const options: ServeOptions = { kind: 'app', databaseUrl: withDatabase(PG_URL, dbName), ...(redisUp ? { redisUrl: REDIS_URL, redisPrefix } : {}) };
    const children: ChildProcess[] = [];
    try {
      const first = await startServer(options);
      children.push(first.child);
      if (ratios) await measureAppVersion(`app ${APP_PATH}, 1 process, PostgreSQL${redisUp ? '+Redis' : ''}`, [first], rows, counters);
      if (redisUp && ratios) {
        const second = await startServer(options);
        children.push(second.child);
        await measureAppVersion(`app ${APP_PATH}, 2 processes, PostgreSQL+Redis`, [first, second], rows, counters);
        await stopServer(second.child);
      }
      if (!process.env.BENCH_SKIP_MIX) mixes.push(...(await mixOn(`PostgreSQL${redisUp ? '+Redis' : ''}`, first.url, first.child.pid!, first.fixtures!)));
    } finally {
      await Promise.all(children.map(stopServer));
      await pgAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      if (redisUp) {
        const { Redis } = await import('ioredis');
        const redis = new Redis(REDIS_URL);
        for (let cursor = '0'; ; ) {
          const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
          if (keys.length > 0) await redis.del(...keys);
          if ((cursor = nextCursor) === '0') break;
        }
        await redis.quit();
      }
    }
  }

  console.log('');
  console.log(`${'target'.padEnd(52)}${pad('req/s mean', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('requests', 10)}${pad('errors', 8)}${pad('not ok', 8)}`);
  for (const { name, result, notOk } of rows) {
    console.log(
      `${name.padEnd(52)}${pad(result.requests.mean.toFixed(0), 12)}${pad(result.latency.p50, 9)}${pad(result.latency.p99, 9)}` +
        `${pad(result.requests.total, 10)}${pad(result.errors + result.timeouts, 8)}${pad(notOk, 8)}`,
    );
  }
  const helloRate = rows[0]?.result.requests.mean ?? NaN;
  console.log('');
  for (const row of rows.slice(1)) {
    const ratio = row.result.requests.mean / helloRate;
    console.log(`ratio ${row.name} / hello: ${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}×) → ${verdict(ratio >= TARGET_RATIO)}`);
  }
  for (const { name, cpu } of rows) if (cpu) console.log(`${name}: ${formatCpu(cpu)}`);
  for (const [name, counter] of counters) {
    console.log(`${name}: ${counter.ok} code 1, ${[...counter.failures.values()].reduce((a, b) => a + b, 0)} not code 1`);
    for (const [key, count] of counter.failures) console.log(`  ${count} × ${key}`);
  }

  if (mixes.length > 0) {
    console.log('');
    console.log(`mix (per 1000 requests: ${MIX.map((c) => `${c.name} ${c.weight}`).join(', ')}; ${MIX_PLAYERS} signed-in players)`);
    console.log(`${'mix run'.padEnd(40)}${pad('req/s mean', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('requests', 10)}${pad('error %', 9)}  p99 ≤ ${MIX_TARGET_P99_MS} ms @50   errors < ${MIX_TARGET_ERRORS * 100} %`);
    for (const run of mixes) {
      const errorRate = run.total === 0 ? 1 : run.notOk / run.total;
      const p99 = run.connections === 50 ? verdict(run.result.latency.p99 <= MIX_TARGET_P99_MS) : '(n/a)';
      console.log(
        `${run.label.padEnd(40)}${pad(run.result.requests.mean.toFixed(0), 12)}${pad(run.result.latency.p50, 9)}${pad(run.result.latency.p99, 9)}${pad(run.total, 10)}${pad((errorRate * 100).toFixed(3), 9)}  ${p99.padEnd(17)}${verdict(errorRate < MIX_TARGET_ERRORS)}`,
      );
    }
    for (const run of mixes) {
      if (run.cpu) console.log(`${run.label}: ${formatCpu(run.cpu)}`);
      console.log(`${run.label}, per call (answers, p50 / p99 ms as the load generator saw them):`);
      const calls = [...run.latencies].map(([name, list]) => [name, list.sort((x, y) => x - y)] as const).sort((x, y) => percentile(y[1], 50) - percentile(x[1], 50));
      console.log(`  ${calls.map(([name, list]) => `${name} ${list.length}: ${percentile(list, 50).toFixed(0)} / ${percentile(list, 99).toFixed(0)}`).join('; ')}`);
      for (const [key, count] of run.failures) console.log(`  ${count} × ${key}`);
      if (run.total === 0) console.log('  no answer at all within the run (the server or the machine was saturated)');
    }
  }
  for (const line of skipped) console.log(line);
  // Figures from a busy machine say little: the load average says how busy it was.
  console.log(`load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs${os.loadavg()[0]! > os.cpus().length ? ' — other work competed with the bench: compare figures only within this run' : ''}`);
  console.log(`total bench time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
}

if (process.argv[2] === 'serve') {
  serve(JSON.parse(process.argv[3] ?? '{"kind":"hello"}') as ServeOptions).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
