/**
 * Server benchmark: a bare Fastify hello route against the real app's /down/appVersion (full
 * wire pipeline: envelope, timestamp, signature, replay cache, PGlite query, encrypted answer).
 *
 * Fairness: each server runs alone in its own child process (started, measured, stopped in turn),
 * while autocannon and the request signing run in this process; both targets get the same
 * connections, duration and warm-up. Every /down/appVersion request is freshly signed and sealed
 * (the replay cache refuses repeats), and every answer is decoded so only code 1 counts as success.
 *
 * Run: npm run bench:server   (≈30 s; exits by itself)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';
import { nodeCrypto } from '../server/wire-crypto.ts';

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
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// --- child process: one server ----------------------------------------------------------------
async function serve(kind: 'hello' | 'app'): Promise<void> {
  let close: () => Promise<void>;
  let url: string;
  if (kind === 'hello') {
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
    const { MemoryKvStore } = await import('../server/kv-store.ts');
    const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' });
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(database.db);
    await seedContent(database.db);
    const kv = new MemoryKvStore();
    const app = await buildApp({ config, db: database.db, kv });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
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
  process.send!({ url });
}

function startServer(kind: 'hello' | 'app'): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({ url: (message as { url: string }).url, child });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited early (code ${code})`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
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
/** Enough unique bodies for warm-up plus measurement at well above the expected rate. */
const POOL_SIZE = 240_000;

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
function bodyPool(size: number) {
  const started = Date.now();
  const bodies = Array.from({ length: size }, freshAppVersionBody);
  console.log(`pre-signed ${size} unique bodies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let next = 0;
  let madeLate = 0;
  return {
    take(): string {
      if (next < bodies.length) return bodies[next++]!;
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

// --- parent: measure ---------------------------------------------------------------------------
interface Row {
  name: string;
  result: AutocannonResult;
  notOk: number;
}

async function measure(name: string, url: string, path: string, pool: ReturnType<typeof bodyPool>, counter?: ReturnType<typeof answerCounter>): Promise<AutocannonResult> {
  process.stdout.write(`${name}: warm-up ${WARMUP_S} s… `);
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, requests: pooledRequests(path, pool) });
  process.stdout.write(`measuring ${DURATION_S} s… `);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, requests: pooledRequests(path, pool, counter) });
  console.log('done');
  return result;
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`server bench: ${CONNECTIONS} connections, ${DURATION_S} s per target (+${WARMUP_S} s warm-up), 127.0.0.1, node ${process.version}, ${os.cpus().length} CPUs`);
  const rows: Row[] = [];

  const hello = await startServer('hello');
  try {
    const result = await measure('hello  POST /hello', hello.url, '/hello', bodyPool(POOL_SIZE));
    rows.push({ name: 'fastify hello (POST /hello)', result, notOk: result.non2xx });
  } finally {
    await stopServer(hello.child);
  }

  const app = await startServer('app');
  const counter = answerCounter();
  let late = 0;
  try {
    await verifySample(app.url);
    const pool = bodyPool(POOL_SIZE);
    const result = await measure(`app    POST ${APP_PATH}`, app.url, APP_PATH, pool, counter);
    late = pool.madeLate;
    counter.decodeAll();
    const notOk = [...counter.failures.values()].reduce((a, b) => a + b, 0);
    rows.push({ name: `app ${APP_PATH} (POST, signed+sealed)`, result, notOk });
  } finally {
    await stopServer(app.child);
  }
  if (late > 0) console.log(`note: the body pool ran out; ${late} bodies were signed during the run`);

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log('');
  console.log(`${'target'.padEnd(40)}${pad('req/s mean', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('requests', 10)}${pad('errors', 8)}${pad('not ok', 8)}`);
  for (const { name, result, notOk } of rows) {
    console.log(
      `${name.padEnd(40)}${pad(result.requests.mean.toFixed(0), 12)}${pad(result.latency.p50, 9)}${pad(result.latency.p99, 9)}` +
        `${pad(result.requests.total, 10)}${pad(result.errors + result.timeouts, 8)}${pad(notOk, 8)}`,
    );
  }
  const ratio = rows[1]!.result.requests.mean / rows[0]!.result.requests.mean;
  console.log('');
  console.log(`ratio appVersion/hello: ${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}×) → ${ratio >= TARGET_RATIO ? 'MET' : 'BELOW TARGET'}`);
  console.log(`appVersion answers: ${counter.ok} code 1, ${rows[1]!.notOk} not code 1`);
  for (const [key, count] of counter.failures) console.log(`  ${count} × ${key}`);
  console.log(`total bench time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
}

if (process.argv[2] === 'serve') {
  serve(process.argv[3] === 'app' ? 'app' : 'hello').catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
