import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { browserCrypto } from '../../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, signingClock, type Fields } from '../../api/protocol/wire.ts';
import { idFor } from '../helpers/money.ts';
import { admin, databaseUrl } from '../helpers/global-db.ts';

/** Shared by the fault tests (tests/faults/): server processes, fresh databases, a wire client, the write mix. */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A `[figure] …` line: the counts the closing note quotes. */
export function figure(line: string): void {
  console.log(`[figure] ${line}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Polls until check answers something truthy (a bound on a hang, not a timing requirement). */
export async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The server's entry: the build (dist/server/server/main.js, what production runs) when
 * FAULTS_SERVER=build — `npm test` runs the suite after its build step, and a built server starts in
 * a fraction of tsx's time — else server/main.ts through tsx.
 */
const SERVER_COMMAND = process.env.FAULTS_SERVER === 'build' ? ['--enable-source-maps', 'dist/server/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];

/** The server in its own process, as production runs it (no seeding: the databases come seeded). */
export function startServer(port: number, env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, SERVER_COMMAND, {
    env: { ...process.env, PORT: String(port), STATIC_DIR: 'none', LOG_LEVEL: 'warn', SMS_IP_HOURLY_LIMIT: '100000', SMS_IP_DAILY_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Waits for /healthz; fails with the server's output when it exits or does not come up. */
export async function healthy(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited before it listened:\n${server.output().slice(-3000)}`);
    if (await fetch(`${server.url}/healthz`).then((r) => r.ok, () => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the server did not listen within ${timeoutMs} ms:\n${server.output().slice(-3000)}`);
    await sleep(100);
  }
}

export async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  return server.exited;
}

/** A copy of the run's seeded PGlite folder: the server's DATA_DIR. */
export function freshPgliteDir(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'gp-fault-')), 'db');
  cpSync(inject('faultsPgliteDir'), dir, { recursive: true });
  return dir;
}

/** A copy of the run's seeded PostgreSQL template (dropped by the run's teardown), or null without TEST_DATABASE_URL. */
export async function freshPostgres(name: string): Promise<string | null> {
  const base = process.env.TEST_DATABASE_URL;
  const template = inject('faultsPgTemplate');
  if (!base || !template) return null;
  const database = `${inject('faultsPgPrefix')}_${name}`;
  await admin(base, (client) => client.query(`CREATE DATABASE ${database} TEMPLATE ${template}`));
  return databaseUrl(base, database);
}

// ---- The client ----

// Answers are read loosely; the tests assert what they need.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { code: number; msg: string; data: any };
export interface Who {
  token: string;
  uuid: string;
}

/** As the app's client: two identical calls never share a signature (replay cache). */
const timestamp = signingClock();

/**
 * The web app's call (signed, encrypted, decoded), with a bound: a call that takes longer than
 * timeoutMs throws 'hung' — the fault tests count those as failures of the server (never allowed).
 * A 5xx with a plain JSON body decodes like any answer (a clean failure).
 */
export function client(baseUrl: string, timeoutMs = 15_000) {
  return async function call(pathName: string, payload: Fields = {}, who: Who | null = null): Promise<Answer> {
    const signed = signRequest(payload, { path: pathName, timestamp: timestamp(), credentials: who, secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody(pathName, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
    let res: Response;
    try {
      res = await fetch(baseUrl + pathName, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw new HungError(pathName, timeoutMs);
      throw error;
    }
    const text = await res.text();
    const decoded = decodeResponse(text, { secrets: DEV_SECRETS, crypto: browserCrypto });
    if (!decoded.ok) throw new Error(`undecodable answer (HTTP ${res.status}) from ${pathName}: ${text.slice(0, 200)}`);
    return decoded.response as Answer;
  };
}

export class HungError extends Error {
  constructor(pathName: string, ms: number) {
    super(`${pathName} did not answer within ${ms} ms`);
    this.name = 'HungError';
  }
}

export async function devSmsCode(baseUrl: string, phone: string): Promise<string | null> {
  const res = await fetch(`${baseUrl}/dev/sms/${phone}`);
  if (!res.ok) return null;
  return ((await res.json()) as { code: string }).code;
}

// ---- The write mix ----

/** What the clients were told succeeded: each must be there after the fault. */
export interface Acknowledged {
  signUps: string[];
  realNames: string[];
  gifts: Array<{ uuid: string; packId: number; code: string }>;
  feedback: string[];
  /** Orders paid at the sandbox cashier (303): the notification, then (game) the delivery, must follow. */
  cashierPaid: Array<{ orderNumber: string; who: Who; kind: 'coins' | 'game' }>;
  /** Game top-ups paid from 余额 (wallet) or 乐玩币 (coins): paid at once; the delivery must follow. */
  balancePaid: Array<{ orderNumber: string; who: Who; method: 'wallet' | 'coins' }>;
}

export const emptyAcknowledged = (): Acknowledged => ({ signUps: [], realNames: [], gifts: [], feedback: [], cashierPaid: [], balancePaid: [] });

export interface MixOptions {
  baseUrl: string;
  /** Phones are `${phonePrefix}` + 6 digits; distinct per test. */
  phonePrefix: string;
  giftPacks: number[];
  /** Gives a player 余额 before a wallet payment (PostgreSQL: a ledger posting from the test); null: pay with 乐玩币 bought first. */
  fundWallet: ((uuid: string, cents: number) => Promise<void>) | null;
  acked: Acknowledged;
  /** Ends the loop (the fault came). */
  stopped: () => boolean;
  /** Counts every call's outcome. */
  outcomes: Map<string, number>;
}

let serial = 0;

/**
 * One client's loop of writes, player after player, until stopped: sign-up (sendCode + trendRegister),
 * 实名, a gift claim, a feedback message, a game top-up and a 乐玩币 top-up paid at the sandbox cashier,
 * a game top-up paid from the balance. Anything a call answers other than success ends that player's
 * turn; a thrown call (the server went away) too. Only OK answers are recorded as acknowledged.
 */
export async function writeMix(options: MixOptions): Promise<void> {
  const call = client(options.baseUrl);
  const count = (key: string) => options.outcomes.set(key, (options.outcomes.get(key) ?? 0) + 1);
  const step = async (name: string, run: () => Promise<Answer>, ok: (a: Answer) => boolean): Promise<Answer | null> => {
    if (options.stopped()) return null;
    try {
      const answer = await run();
      count(ok(answer) ? 'ok' : `answer ${answer.code} ${answer.msg}`);
      return ok(answer) ? answer : null;
    } catch (error) {
      count(error instanceof HungError ? 'hung' : 'no answer');
      return null;
    }
  };
  const { acked } = options;
  while (!options.stopped()) {
    const n = ++serial;
    const phone = `${options.phonePrefix}${String(n).padStart(11 - options.phonePrefix.length, '0')}`;
    if (!(await step('sendCode', () => call('/api/login/sendCode', { phone, type: '1' }), (a) => a.code === 1))) continue;
    const code = await devSmsCode(options.baseUrl, phone).catch(() => null);
    if (!code) continue;
    const registered = await step('trendRegister', () => call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 }), (a) => a.code === 200);
    if (!registered) continue;
    const who: Who = { token: registered.data.token, uuid: registered.data.user_uuid };
    acked.signUps.push(who.uuid);
    if (!(await step('realNameAuth', () => call('/api/user/realNameAuth', { real_name: '张三', id_card: idFor('1990-01-01') }, who), (a) => a.code === 1))) continue;
    acked.realNames.push(who.uuid);
    const packId = options.giftPacks[n % options.giftPacks.length]!;
    const gift = await step('receiveGift', () => call('/api/game/receiveGift', { gift_id: packId }, who), (a) => a.code === 1);
    if (!gift) continue;
    acked.gifts.push({ uuid: who.uuid, packId, code: gift.data.code });
    const requestId = `fault-${randomUUID()}`;
    if (!(await step('userOpinion', () => call('/api/user/userOpinion', { request_id: requestId, category: 'bug', content: '下载到一半总是失败，换了网络也一样，麻烦看看' }, who), (a) => a.code === 1))) continue;
    acked.feedback.push(requestId);
    const roles = await step('getGameRoles', () => call('/api/order/getGameRoles', { platform_game_id: 1 }, who), (a) => a.code === 1);
    if (!roles) continue;
    const sub = await step('addSubAccount', () => call('/api/order/addSubAccount', { platform_game_id: 1, server_name: roles.data.servers[0] }, who), (a) => a.code === 1);
    if (!sub) continue;
    const roleId = sub.data.roles[0].id;
    for (const kind of ['game', 'coins'] as const) {
      const fields = kind === 'game' ? { idempotency_key: randomUUID(), kind, amount_cents: 3000, role_id: roleId } : { idempotency_key: randomUUID(), kind, amount_cents: 600 };
      const order = await step('createOrder', () => call('/api/order/createOrder', fields, who), (a) => a.code === 1 && a.data.status === 'paying');
      if (!order) break;
      if (options.stopped()) break;
      try {
        const paid = await fetch(`${options.baseUrl}${order.data.pay_url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual', signal: AbortSignal.timeout(15_000) });
        count(paid.status === 303 ? 'ok' : `cashier HTTP ${paid.status}`);
        if (paid.status !== 303) break;
        acked.cashierPaid.push({ orderNumber: order.data.order_number, who, kind });
      } catch (error) {
        count((error as Error).name === 'TimeoutError' ? 'hung' : 'no answer');
        break;
      }
    }
    // A top-up paid from the balance: 余额 given by the test (PostgreSQL), else the 乐玩币 just bought once they arrive.
    let method: 'wallet' | 'coins' = 'coins';
    if (options.fundWallet) {
      try {
        await options.fundWallet(who.uuid, 3000);
        method = 'wallet';
      } catch {
        continue;
      }
    } else {
      const arrived = await until(async () => !options.stopped() && (await call('/api/user/getMoney', {}, who)).data.coins_cents >= 600, '乐玩币', 3_000, 100).catch(() => false);
      if (!arrived) continue;
    }
    const amount = method === 'wallet' ? 3000 : 600;
    const order = await step('createOrder', () => call('/api/order/createOrder', { idempotency_key: randomUUID(), kind: 'game', amount_cents: amount, role_id: roleId, pay_method: method }, who), (a) => a.code === 1 && (a.data.status === 'paid' || a.data.status === 'delivered'));
    if (order) acked.balancePaid.push({ orderNumber: order.data.order_number, who, method });
  }
}

export function describeOutcomes(outcomes: Map<string, number>): string {
  return [...outcomes].map(([key, n]) => `${key}: ${n}`).join(', ');
}
