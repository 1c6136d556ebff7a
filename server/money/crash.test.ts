import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { idFor } from '../../tests/helpers/money.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';
import { openDatabase } from '../db/database.ts';
import { checkLedger } from './ledger.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until check answers something truthy (a bound on a hang, not a timing requirement). */
async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

describe('a server killed between payment and delivery', () => {
  it('comes back and delivers exactly once (SIGKILL, restart, the ledger checks clean)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-money-kill-'));
    const dataDir = path.join(dir, 'db');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: 'none', LOG_LEVEL: 'warn' };
    // A fresh data folder is created, migrated and seeded first: ~10 s on a loaded 2-core machine.
    const healthy = () => until(() => fetch(`${url}/healthz`).then((r) => r.ok, () => false), 'the server to listen', 600);
    const call = wireClient(url);
    // The first process runs its money jobs at start-up and then only hourly: the paid order's
    // delivery is still due when it is killed.
    let server = startServer({ ...env, MONEY_JOB_INTERVAL_MS: String(3600_000) });
    try {
      await healthy();
      const phone = '13820000001';
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      const signed = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(url, phone), agree_agreement: 1 });
      const who = { token: signed.data.token, uuid: signed.data.user_uuid };
      expect(await call('/api/user/realNameAuth', { real_name: '张三', id_card: idFor('1990-01-01') }, who)).toMatchObject({ code: 1 });
      const { data: game } = await call('/api/order/getGameRoles', { platform_game_id: 1 }, who);
      const { data: account } = await call('/api/order/addSubAccount', { platform_game_id: 1, server_name: game.servers[0] }, who);
      const roleId = account.roles[0].id;
      const { data: order } = await call('/api/order/createOrder', { idempotency_key: randomUUID(), kind: 'game', amount_cents: 6800, role_id: roleId }, who);
      expect(order.status).toBe('paying');
      // 支付 at the sandbox cashier: the trade is paid and its notification goes out at once.
      const paid = await fetch(`${url}${order.pay_url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
      expect(paid.status).toBe(303);
      await until(async () => (await call('/api/order/getOneOrder', { order_number: order.order_number }, who)).data.status === 'paid', 'the notification');
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');

      server = startServer(env);
      await healthy();
      const delivered = await until(async () => {
        const answer = await call('/api/order/getOneOrder', { order_number: order.order_number }, who);
        return answer.data.status === 'delivered' ? answer.data : null;
      }, 'the delivery after the restart');
      expect(delivered.delivered_at).not.toBeNull();
      const roles = (await call('/api/order/getGameRoles', { platform_game_id: 1 }, who)).data;
      expect(roles.sub_accounts[0]).toMatchObject({ total_topup_cents: 6800, roles: [{ id: roleId, balance_cents: 6800 }] });
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      // npm run ledger:check over the same folder.
      const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
      console.log(`[figure] ${check.stdout.trim().replaceAll('\n', ' | ')}`);
      expect(check.status).toBe(0);
      expect(check.stdout).toContain('ledger:check: OK');

      const database = await openDatabase({ dataDir });
      try {
        const credits = await database.db.selectFrom('sim_game_deliveries').selectAll().where('order_number', '=', order.order_number).execute();
        const postings = await database.db.selectFrom('ledger_transactions').select('reference').where('order_id', 'is not', null).where('reference', 'like', `order:${order.order_number}:%`).orderBy('id').execute();
        console.log(`[figure] after SIGKILL and restart: ${credits.length} game credit(s) of ${order.order_number}; postings ${postings.map((p) => p.reference).join(', ')}`);
        expect(credits).toHaveLength(1);
        expect(postings.map((p) => p.reference)).toEqual([`order:${order.order_number}:paid`, `order:${order.order_number}:delivered`]);
        expect((await checkLedger(database.db)).problems).toEqual([]);
        // A materialised balance that no longer matches its entries: the check fails.
        await database.db.updateTable('ledger_accounts').set({ balance: 1 }).where('kind', '=', 'game_settlement').execute();
      } finally {
        await database.close();
      }
      const broken = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain('balance: account');
      expect(broken.stdout).toContain('ledger:check: 1 problem(s)');
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
