import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaff } from '../../tests/helpers/staff.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { MemoryKvStore } from '../kv-store.ts';
import { verifyPassword } from '../passwords.ts';
import { DEV_REAL_NAME_SECRET } from '../accounts/real-name-provider.ts';
import { registerStaffCalls } from './calls.ts';
import { DEV_STAFF_ACCOUNTS, seedDevStaff } from './dev-accounts.ts';
import { allStaffCalls } from '../app.ts';
import { sessionCookie, sessionTokenOf } from './sessions.ts';
import { staffKeys, totpCodeAt } from './totp.ts';

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/staff, 12 h, and Secure in production', () => {
    expect(sessionCookie('abc', { secure: false })).toBe('staff_session=abc; Path=/staff; HttpOnly; SameSite=Strict; Max-Age=43200');
    expect(sessionCookie('abc', { secure: true })).toBe('staff_session=abc; Path=/staff; HttpOnly; SameSite=Strict; Max-Age=43200; Secure');
    expect(sessionCookie(null, { secure: true })).toBe('staff_session=; Path=/staff; HttpOnly; SameSite=Strict; Max-Age=0; Secure');
  });

  it('is read only from its own name, and only when it looks like a token', () => {
    const token = 'A'.repeat(43);
    expect(sessionTokenOf(`a=1; staff_session=${token}; b=2`)).toBe(token);
    expect(sessionTokenOf(`token=${token}`)).toBeNull();
    expect(sessionTokenOf('staff_session=<script>')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });

  describe.each(DATABASE_KINDS)('a production server sets it Secure (%s)', (kind) => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.close());

    it('on sign-in', async () => {
      const config = { ...loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' }), production: true };
      const app = Fastify();
      const kv = new MemoryKvStore();
      registerStaffCalls(app, allStaffCalls(), { config, db: database.db, kv });
      const account = await insertStaff(database.db, 'agent');
      const answer = await app.inject({ method: 'POST', url: '/staff/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: account.name, password: account.password, code: totpCodeAt(account.totpSecret, Date.now()) }) });
      expect(answer.json()).toMatchObject({ code: 1 });
      // The session's cookie, then the known-device cookie (server/staff/devices.ts): both Secure.
      const [session, device] = answer.headers['set-cookie'] as string[];
      expect(session).toMatch(/^staff_session=[A-Za-z0-9_-]{43}; Path=\/staff; HttpOnly; SameSite=Strict; Max-Age=43200; Secure$/);
      expect(device).toMatch(/^staff_device=\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/staff\/api\/auth\/login; HttpOnly; SameSite=Strict; Max-Age=7776000; Secure$/);
      await app.close();
      await kv.close();
    });
  });
});

describe.each(DATABASE_KINDS)('development staff accounts (%s)', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('are never seeded in production', async () => {
    expect(await seedDevStaff(database.db, { production: true, secret: DEV_REAL_NAME_SECRET })).toBe(0);
    expect(await database.db.selectFrom('staff_accounts').select('id').where('name', 'in', DEV_STAFF_ACCOUNTS.map((a) => a.name)).execute()).toEqual([]);
  });

  it('are seeded once elsewhere, one per role, with the documented password and TOTP secret', async () => {
    expect(await seedDevStaff(database.db, { production: false, secret: DEV_REAL_NAME_SECRET })).toBe(5);
    expect(await seedDevStaff(database.db, { production: false, secret: DEV_REAL_NAME_SECRET })).toBe(0);
    const rows = await database.db.selectFrom('staff_accounts').selectAll().where('name', 'in', DEV_STAFF_ACCOUNTS.map((a) => a.name)).orderBy('id').execute();
    expect(rows.map((r) => r.role).sort()).toEqual(['admin', 'agent', 'finance', 'operator', 'reviewer']);
    const keys = staffKeys(DEV_REAL_NAME_SECRET);
    for (const dev of DEV_STAFF_ACCOUNTS) {
      const row = rows.find((r) => r.name === dev.name)!;
      expect(keys.totp.open(row.totp_secret_sealed)).toBe(dev.totpSecret);
      if (dev.role === 'admin') expect(await verifyPassword(dev.password, row.password_hash)).toBe(true);
    }
  });
});

describe('npm run staff:create -- NAME ROLE', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-staff-create-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff-create.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });

  it('creates the account in a fresh database, prints the password, secret and URI once, and refuses the name again', async () => {
    const first = run('boss', 'admin');
    expect(first.status, first.stderr).toBe(0);
    const password = /password: +(\S+)/.exec(first.stdout)?.[1];
    const secret = /TOTP secret: +(\S+)/.exec(first.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.stdout).toContain(`otpauth://totp/`);
    expect(first.stdout).toContain(`secret=${secret}`);
    const again = run('boss', 'agent');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(again.stdout).not.toContain('password');
    expect(run('boss').status).toBe(2);
    expect(run('x y', 'admin').status).toBe(2);
    expect(run('someone', 'owner').status).toBe(2);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.selectFrom('staff_accounts').selectAll().execute();
      expect(rows.map((r) => [r.name, r.role])).toEqual([['boss', 'admin']]);
      expect(await verifyPassword(password!, rows[0]!.password_hash)).toBe(true);
      expect(staffKeys(DEV_REAL_NAME_SECRET).totp.open(rows[0]!.totp_secret_sealed)).toBe(secret);
    } finally {
      await database.close();
    }
  }, 120_000);
});
