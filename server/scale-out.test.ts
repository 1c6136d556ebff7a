import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_MSG, CODE, MSG } from '../api/protocol/codes.ts';
import { DEV_SECRETS, encodeRequestBody, signRequest } from '../api/protocol/wire.ts';
import { browserCrypto } from '../api/crypto-browser.ts';
import { databaseUrl } from '../tests/helpers/global-db.ts';
import { idFor } from '../tests/helpers/money.ts';
import { redisReachable, TEST_REDIS_URL } from '../tests/helpers/test-redis.ts';
import { devSmsCode, wireClient } from '../tests/helpers/wire-client.ts';
import { LOGIN_LIMITS } from './password-attempts.ts';
import { hashPassword } from './passwords.ts';
import { WEAK_SCRYPT } from '../tests/helpers/players.ts';
import { CODE_MAX_TRIES, CODE_MSG } from './verification-codes.ts';
import { DEV_STAFF_ACCOUNTS } from './staff/dev-accounts.ts';
import { TOTP_PERIOD_S, totpCodeAt } from './staff/totp.ts';
import { cookieOf, staffCall } from '../tests/helpers/staff.ts';
import { signingClock } from '../api/protocol/wire.ts';

/**
 * Several processes: two real server processes (server/main.ts) on one PostgreSQL database and one
 * Redis (a key prefix of their own) serve the same players: every step below goes through process A
 * and process B alternately over the wire protocol, and what one process counted, stored or refused
 * holds on the other. Skipped (with a message) without TEST_DATABASE_URL or a reachable Redis.
 */

const PG_URL = process.env.TEST_DATABASE_URL;
const redisUp = await redisReachable();
if (!PG_URL) console.warn('[scale-out test] SKIPPED: TEST_DATABASE_URL is not set (two processes need one PostgreSQL)');
const IP_HOURLY_LIMIT = 6;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startProcess(name: string, env: NodeJS.ProcessEnv): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { name, url: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function ready(proc: Proc): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (proc.child.exitCode !== null) throw new Error(`process ${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    if (await fetch(`${proc.url}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`process ${proc.name} not ready in 90 s:\n${proc.output()}`);
}

/** A fresh phone number for this run (many runs share the CI Redis; the key prefix separates them too). */
let phoneSerial = 0;
const phoneBase = 17_000_000_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000) * 1000;
const newPhone = () => String(phoneBase + ++phoneSerial);

describe.skipIf(!PG_URL || !redisUp)('two server processes on one PostgreSQL and one Redis', () => {
  const dbName = `gp_scale_${randomBytes(5).toString('hex')}`;
  const prefix = `gp-scale-${randomBytes(4).toString('hex')}:`;
  let a: Proc;
  let b: Proc;
  let sql: pg.Client;
  // One signing clock for every client of the test: two identical calls in one millisecond would be
  // the same signed request, which the replay cache rightly refuses.
  const uniqueNow = signingClock();
  const call = (proc: Proc) => wireClient(proc.url, uniqueNow);

  beforeAll(async () => {
    // A copy of the run's migrated and seeded template (tests/helpers/global-db.ts): both processes
    // still run their start-up migration check and seeders, at the same moment, under the start-up lock.
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
    } finally {
      await admin.end();
    }
    const env = {
      DATABASE_URL: databaseUrl(PG_URL!, dbName),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      SMS_IP_HOURLY_LIMIT: String(IP_HOURLY_LIMIT),
      // Both processes run the money jobs often, racing for the same notifications and deliveries.
      MONEY_JOB_INTERVAL_MS: '300',
    };
    [a, b] = await Promise.all([startProcess('A', env), startProcess('B', env)]);
    await Promise.all([ready(a), ready(b)]);
    sql = new pg.Client({ connectionString: databaseUrl(PG_URL!, dbName) });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    const exits = [a, b].filter(Boolean).map((p) => new Promise<void>((resolve) => (p.child.exitCode !== null ? resolve() : p.child.once('exit', () => resolve()))));
    for (const p of [a, b]) p?.child.kill('SIGTERM');
    await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 10_000))]);
    for (const p of [a, b]) p?.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    // Only this run's keys (its own prefix).
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }, 30_000);

  /** Signs in with an SMS code asked for on `sender` and used on `verifier`. */
  async function signIn(sender: Proc, verifier: Proc, phone = newPhone()) {
    expect(await call(sender)('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const code = await devSmsCode(sender.url, phone);
    const answer = await call(verifier)('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 });
    expect(answer).toMatchObject({ code: 200 });
    return { token: answer.data.token as string, uuid: answer.data.user_uuid as string, phone };
  }

  let player: { token: string; uuid: string; phone: string };
  let smsSends = 0;

  it('SMS: a code asked for on A signs in on B; the per-phone cooldown and the code attempts count across both', async () => {
    const phone = newPhone();
    expect(await call(a)('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    smsSends++;
    // Cooldown set by A refuses the send on B.
    expect(await call(b)('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: -1, msg: CODE_MSG.cooldown });
    const code = (await devSmsCode(a.url, phone))!;
    const wrong = code === '0000' ? '1111' : '0000';
    // Wrong guesses alternate between the processes: the tries of one code are counted once.
    for (let i = 1; i < CODE_MAX_TRIES; i++) {
      expect(await call(i % 2 ? b : a)('/api/login/trendRegister', { account: phone, phone_code: wrong, agree_agreement: 1 })).toMatchObject({ code: -1, msg: CODE_MSG.wrong });
    }
    expect(await call(b)('/api/login/trendRegister', { account: phone, phone_code: wrong, agree_agreement: 1 })).toMatchObject({ code: -1, msg: CODE_MSG.exhausted });
    expect(await call(a)('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 })).toMatchObject({ code: -1 });

    player = await signIn(a, b);
    smsSends++;
  });

  it('sessions: signed in on B, the token works on A; signed out on A, refused on B', async () => {
    const info = await call(a)('/api/user/getUserInfo', {}, player);
    expect(info).toMatchObject({ code: 1, data: { uuid: player.uuid } });
    const other = await signIn(b, a);
    smsSends++;
    expect(await call(b)('/api/user/getUserInfo', {}, other)).toMatchObject({ code: 1 });
    expect(await call(a)('/api/user/logout', {}, other)).toMatchObject({ code: 1 });
    expect(await call(b)('/api/user/getUserInfo', {}, other)).toMatchObject({ code: CODE.tokenInvalid });
  });

  it('a signed request answered by A is refused as a replay by B (and by A)', async () => {
    const path = '/down/appVersion';
    const signed = signRequest({}, { path, timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
    const post = async (proc: Proc) => {
      const res = await fetch(proc.url + path, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
      const { decodeResponse } = await import('../api/protocol/wire.ts');
      const decoded = decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
      if (!decoded.ok) throw new Error(decoded.reason);
      return decoded.response;
    };
    expect(await post(a)).toMatchObject({ code: 1 });
    expect(await post(b)).toMatchObject({ code: CODE.badRequest, msg: MSG.badSign });
    expect(await post(a)).toMatchObject({ code: CODE.badRequest, msg: MSG.badSign });
  });

  it('password login: registered on A, signed in on B; failures on A and B from one address lock the phone for that address on both', async () => {
    const phone = newPhone();
    expect(await call(b)('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    smsSends++;
    const registered = await call(a)('/api/login/userRegister', { account: phone, phone_code: await devSmsCode(b.url, phone), password: 'abc123', agree_agreement: 1 });
    expect(registered).toMatchObject({ code: 200 });
    expect(await call(b)('/api/login/userlogin', { account: phone, password: 'abc123' })).toMatchObject({ code: 200 });
    // The lockout counts per (phone, address) whether or not the phone has an account (no
    // enumeration); both processes see this test's one address.
    const target = newPhone();
    const failures = [];
    for (let i = 0; i < LOGIN_LIMITS.maxFailures; i++) failures.push(await call(i % 2 ? a : b)('/api/login/userlogin', { account: target, password: 'wrong99' }));
    // The last failure allowed (the 10th, on A) already says the phone is locked; then both refuse.
    expect(failures.map((f) => f.msg)).toEqual([...Array(LOGIN_LIMITS.maxFailures - 1).fill(AUTH_MSG.badCredentials), CODE_MSG.loginLocked]);
    expect(await call(b)('/api/login/userlogin', { account: target, password: 'abc123' })).toMatchObject({ code: -1, msg: CODE_MSG.loginLocked });
    expect(await call(a)('/api/login/userlogin', { account: target, password: 'abc123' })).toMatchObject({ code: -1, msg: CODE_MSG.loginLocked });
  }, 60_000);

  it('gift and coupon claims raced on both processes: one claim wins, every answer names the same code', async () => {
    const pack = (await sql.query<{ id: number }>(`SELECT id FROM gift_packs WHERE valid_until > now() AND vip_level = 0 ORDER BY id LIMIT 1`)).rows[0]!;
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => call(i % 2 ? a : b)('/api/game/receiveGift', { gift_id: pack.id }, player)));
    expect(claims.map((c) => [c.code, c.msg]).sort()).toEqual([[1, '领取成功'], ...Array(7).fill([1, '已领取'])].sort());
    expect(new Set(claims.map((c) => c.data.code)).size).toBe(1);
    const held = await sql.query(`SELECT code FROM gift_codes g JOIN users u ON u.id = g.claimed_by WHERE g.pack_id = $1 AND u.uuid = $2`, [pack.id, player.uuid]);
    expect(held.rowCount).toBe(1);

    const coupon = (await sql.query<{ id: number; claimed: number }>(`SELECT id, claimed FROM coupons WHERE type = 'normal' AND game_id IS NOT NULL AND claimed < total ORDER BY id LIMIT 1`)).rows[0]!;
    const got = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? a : b)('/api/coupon/receiveCoupon', { coupon_id: coupon.id }, player)));
    expect(got.filter((g) => g.code === 1)).toHaveLength(1);
    expect(got.filter((g) => g.code === -1).every((g) => g.msg === '已领取')).toBe(true);
    expect((await sql.query(`SELECT claimed FROM coupons WHERE id = $1`, [coupon.id])).rows[0].claimed).toBe(coupon.claimed + 1);
  });

  it('orders: the same idempotency key on A and B is one order; notifications on B and both money jobs pay it once; the game delivery goes out once', async () => {
    expect(await call(b)('/api/user/realNameAuth', { real_name: '张三', id_card: idFor('1990-01-01') }, player)).toMatchObject({ code: 1 });
    const key = randomUUID();
    const first = await call(a)('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 600 }, player);
    expect(first).toMatchObject({ code: 1 });
    const again = await call(b)('/api/order/createOrder', { idempotency_key: key, kind: 'coins', amount_cents: 600 }, player);
    expect(again).toMatchObject({ code: 1, data: { order_number: first.data.order_number } });
    // Raced: the same key on both at once is still one order.
    const raced = randomUUID();
    const both = await Promise.all([a, b, a, b].map((p) => call(p)('/api/order/createOrder', { idempotency_key: raced, kind: 'coins', amount_cents: 600 }, player)));
    const numbers = new Set(both.filter((r) => r.code === 1).map((r) => r.data.order_number));
    expect(numbers.size).toBe(1);
    for (const r of both) if (r.code !== 1) expect(r.msg).toBe((await import('../api/protocol/money.ts')).MONEY_MSG.inFlight);
    const orders = await sql.query(`SELECT count(*)::int AS n FROM order_requests r JOIN users u ON u.id = r.user_id WHERE u.uuid = $1`, [player.uuid]);
    expect(orders.rows[0].n).toBe(2);

    // The player pays at the sandbox cashier on A; the provider's notification is posted to B (6 times at once) and to A.
    expect((await fetch(`${a.url}${first.data.pay_url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })).status).toBe(303);
    const note = (await sql.query<{ url: string; body: string }>(`SELECT n.url, n.body FROM payment_notifications n JOIN sandbox_trades t ON t.trade_no = n.trade_no WHERE t.out_trade_no = $1`, [first.data.order_number])).rows[0]!;
    const notifyPath = new URL(note.url).pathname;
    const post = (proc: Proc) => fetch(proc.url + notifyPath, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: note.body }).then((r) => r.text());
    expect(await Promise.all([b, b, b, a, b, b, b].map(post))).toEqual(Array(7).fill('success'));
    const paid = await sql.query(`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = $1`, [`order:${first.data.order_number}:paid`]);
    expect(paid.rows[0].n).toBe(1);
    expect(await call(b)('/api/order/getOneOrder', { order_number: first.data.order_number }, player)).toMatchObject({ code: 1, data: { status: 'delivered' } });

    // A game top-up paid on B: the delivery job runs in both processes, the game is called once.
    const pgId = (await sql.query<{ id: number }>(`SELECT id FROM platform_games ORDER BY id LIMIT 1`)).rows[0]!.id;
    const roles = await call(a)('/api/order/getGameRoles', { platform_game_id: pgId }, player);
    const added = await call(b)('/api/order/addSubAccount', { platform_game_id: pgId, server_name: roles.data.servers[0] }, player);
    expect(added).toMatchObject({ code: 1 });
    const game = await call(a)('/api/order/createOrder', { idempotency_key: randomUUID(), kind: 'game', amount_cents: 600, role_id: added.data.roles[0].id }, player);
    expect(game).toMatchObject({ code: 1 });
    expect((await fetch(`${b.url}${game.data.pay_url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })).status).toBe(303);
    let delivery: { status: string; attempts: number } | undefined;
    for (let i = 0; i < 150 && delivery?.status !== 'acknowledged'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      delivery = (await sql.query(`SELECT d.status, d.attempts FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE o.order_number = $1`, [game.data.order_number])).rows[0];
    }
    expect(delivery).toEqual({ status: 'acknowledged', attempts: 1 });
    expect((await sql.query(`SELECT count(*)::int AS n FROM sim_game_deliveries WHERE order_number = $1`, [game.data.order_number])).rows[0].n).toBe(1);
    const notes = (await sql.query(`SELECT n.attempts, n.acknowledged_at FROM payment_notifications n JOIN sandbox_trades t ON t.trade_no = n.trade_no WHERE t.out_trade_no = $1`, [game.data.order_number])).rows[0];
    expect(notes.attempts).toBe(1);
  }, 60_000);

  it('the per-address SMS limit counts the sends of both processes', async () => {
    // Earlier sends from 127.0.0.1 (the refused one by the cooldown is not counted).
    const answers = [];
    for (let i = smsSends; i < IP_HOURLY_LIMIT; i++) answers.push(await call(i % 2 ? a : b)('/api/login/sendCode', { phone: newPhone(), type: '1' }));
    expect(answers.every((x) => x.code === 1)).toBe(true);
    expect(await call(a)('/api/login/sendCode', { phone: newPhone(), type: '1' })).toMatchObject({ code: -1, msg: CODE_MSG.ip });
    expect(await call(b)('/api/login/sendCode', { phone: newPhone(), type: '1' })).toMatchObject({ code: -1, msg: CODE_MSG.ip });
  });

  it('the holiday calendar: a year saved through A is in force on B at once (B had already read the calendar)', async () => {
    const before = await (await fetch(`${b.url}/readyz`)).json();
    const year = before.details.holidayCalendar.next_year_needed as number;
    expect(before.details.holidayCalendar.last_covered_date).toBe(`${year - 1}-12-31`);
    const admin = DEV_STAFF_ACCOUNTS.find((account) => account.role === 'admin')!;
    // This step's code, else the next step's (each code works once per account).
    let login = await staffCall(a.url, '/staff/api/auth/login', { name: admin.name, password: admin.password, code: totpCodeAt(admin.totpSecret, Date.now()) });
    if (login.body.code !== 1) login = await staffCall(a.url, '/staff/api/auth/login', { name: admin.name, password: admin.password, code: totpCodeAt(admin.totpSecret, Date.now() + TOTP_PERIOD_S * 1000) });
    expect(login.body.code).toBe(1);
    const session = { cookie: cookieOf(login.setCookie), csrf: login.body.data.csrf_token as string };
    const saved = await staffCall(a.url, '/staff/api/holidays/save', { year, revision: 0, entries: [{ date: `${year}-01-01`, kind: 'holiday', name: '元旦' }] }, session);
    expect(saved.body).toMatchObject({ code: 1, data: { source: 'operator', revision: 1 } });
    const after = await (await fetch(`${b.url}/readyz`)).json();
    expect(after.details.holidayCalendar).toMatchObject({ last_covered_date: `${year}-12-31`, next_year_needed: year + 1 });
    // B's staff calls see it too (same session: sessions live in the database).
    expect((await staffCall(b.url, '/staff/api/holidays/year', { year }, session)).body.data).toMatchObject({ source: 'operator', revision: 1, entries: [{ date: `${year}-01-01`, kind: 'holiday', name: '元旦' }] });
  });

  it('a player banned through A is refused on B at its next call and at sign-in; unbanned through B, signs in on A', async () => {
    // Inserted with a password: this run's address has used up its SMS sends by now.
    const phone = newPhone();
    const passwordHash = await hashPassword('ban123', WEAK_SCRYPT);
    const id = (await sql.query<{ id: number }>(`INSERT INTO users (uuid, phone, nickname, avatar, password_hash) VALUES ($1, $2, '封禁测试', '', $3) RETURNING id`, [randomUUID(), phone, passwordHash])).rows[0]!.id;
    const signIn = (proc: Proc) => call(proc)('/api/login/userlogin', { account: phone, password: 'ban123' });
    const first = await signIn(a);
    expect(first.code).toBe(200);
    const banned = { token: first.data.token as string, uuid: first.data.user_uuid as string };
    expect(await call(b)('/api/user/getUserInfo', {}, banned)).toMatchObject({ code: 1 });

    const agent = DEV_STAFF_ACCOUNTS.find((account) => account.role === 'agent')!;
    let login = await staffCall(a.url, '/staff/api/auth/login', { name: agent.name, password: agent.password, code: totpCodeAt(agent.totpSecret, Date.now()) });
    if (login.body.code !== 1) login = await staffCall(a.url, '/staff/api/auth/login', { name: agent.name, password: agent.password, code: totpCodeAt(agent.totpSecret, Date.now() + TOTP_PERIOD_S * 1000) });
    expect(login.body.code).toBe(1);
    const session = { cookie: cookieOf(login.setCookie), csrf: login.body.data.csrf_token as string };
    expect((await staffCall(a.url, '/staff/api/players/ban', { id, reason: '多进程' }, session)).body).toMatchObject({ code: 1, data: { changed: true } });
    expect(await call(b)('/api/user/getUserInfo', {}, banned)).toMatchObject({ code: CODE.accountDisabled, msg: MSG.accountDisabled });
    expect(await signIn(b)).toMatchObject({ code: -1, msg: MSG.accountDisabled });

    expect((await staffCall(b.url, '/staff/api/players/unban', { id }, session)).body).toMatchObject({ code: 1, data: { changed: true } });
    expect((await signIn(a)).code).toBe(200);
  });
});
