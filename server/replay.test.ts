import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserCrypto } from '../api/crypto-browser.ts';
import { ALL_CALL_SPECS } from '../api/protocol/calls/all.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, POINT_PATH, REPLAY_WINDOW_MS, secretKindForPath, signRequest, type Credentials, type Fields } from '../api/protocol/wire.ts';
import { moneyHarness } from '../tests/helpers/money.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { ManualClock } from '../tests/helpers/wire-client.ts';
import { balanceOf, player } from './money/ledger.ts';
import { createReplayGuard, JournaledReplayGuard, REPLAY_JOURNAL_DIR, REPLAY_JOURNAL_FILE, REPLAY_JOURNAL_PREVIOUS_FILE } from './replay-guard.ts';
import { MemoryKvStore } from './kv-store.ts';

/** One signed body, as the web app would send it to `path`, without sending it. */
function signedBody(path: string, payload: Fields, timestamp: number, credentials: Credentials | null = null): { body: string; contentType: string } {
  const signed = signRequest(payload, { path, timestamp, credentials, secrets: DEV_SECRETS, crypto: browserCrypto });
  return encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
}

async function post(url: string, path: string, body: { body: string; contentType: string }) {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
  const decoded = decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
  if (!decoded.ok) throw new Error(`undecodable answer from ${path}`);
  return decoded.response;
}

const REPLAYED = { code: 101, msg: '签名错误' };

describe.each(DATABASE_KINDS)('a signature is used once, whatever the path (%s)', (kind) => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  const h = moneyHarness(() => server, clock, '1396000');

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
  });
  afterAll(() => server.close());

  it('a body used on getUserInfo is refused by logout (the player stays signed in), getMoney, readAllMessages, signOnPoint (no points) and firstRechargeSeen', async () => {
    const p = await h.signUp();
    const body = signedBody('/api/user/getUserInfo', {}, clock.now(), p);
    expect(await post(server.url, '/api/user/getUserInfo', body)).toMatchObject({ code: 1 });
    const pointsBefore = await balanceOf(server.database.db, player(p.id, 'points'));
    for (const path of ['/api/user/logout', '/api/user/getMoney', '/api/user/readAllMessages', '/api/user/signOnPoint', '/api/user/firstRechargeSeen']) {
      expect(await post(server.url, path, body), path).toMatchObject(REPLAYED);
    }
    expect(await balanceOf(server.database.db, player(p.id, 'points'))).toBe(pointsBefore);
    // Still signed in: the replayed logout did nothing.
    expect(await h.call('/api/user/getUserInfo', {}, p)).toMatchObject({ code: 1 });
    // The same paths answer a body of their own (the refusals above were the replay check's).
    expect(await h.call('/api/user/signOnPoint', {}, p)).not.toMatchObject({ code: 101 });
    expect(await balanceOf(server.database.db, player(p.id, 'points'))).toBeGreaterThan(pointsBefore);
  });

  it('for every declared path: a body used once is refused on every other path signed with the same secret, and on its own', async () => {
    const paths = ALL_CALL_SPECS.map((spec) => spec.path);
    expect(paths).toContain(POINT_PATH);
    expect(paths).toContain('/down/appVersion');
    const byKind = new Map<string, string[]>();
    for (const path of paths) byKind.set(secretKindForPath(path), [...(byKind.get(secretKindForPath(path)) ?? []), path]);
    for (const [secretKind, group] of byKind) {
      const first = group[0]!;
      // Fields every call of the group reads as valid-looking, without a token: the first use is answered,
      // whatever its outcome; a later one on any path must be the replay refusal.
      const body = signedBody(first, secretKind === 'point' ? { point_id: 1, point_title: '登录' } : {}, clock.now());
      expect(await post(server.url, first, body), first).not.toMatchObject(REPLAYED);
      for (const path of group) expect(await post(server.url, path, body), `${first} → ${path}`).toMatchObject(REPLAYED);
    }
    // /point and the down calls were among them.
    expect(byKind.get('point')).toEqual([POINT_PATH]);
  });

  it('/down/* and /api/down/*: a body used on one is refused on the other', async () => {
    const body = signedBody('/down/appVersion', {}, clock.now());
    expect(await post(server.url, '/down/appVersion', body)).toMatchObject({ code: 1 });
    expect(await post(server.url, '/api/down/getAboutUs', body)).toMatchObject(REPLAYED);
    const other = signedBody('/api/down/getAboutUs', {}, clock.now());
    expect(await post(server.url, '/api/down/getAboutUs', other)).toMatchObject({ code: 1 });
    expect(await post(server.url, '/down/appVersion', other)).toMatchObject(REPLAYED);
  });
});

describe('the replay window outlives a restart on the embedded default (journal in DATA_DIR)', () => {
  let dir: string;
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('createReplayGuard: a journal without Redis and DATABASE_URL, the kv store otherwise', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-replay-'));
    const kv = new MemoryKvStore();
    const embedded = createReplayGuard({ redisUrl: null, databaseUrl: null, dataDir: dir }, kv);
    expect(embedded).toBeInstanceOf(JournaledReplayGuard);
    await embedded.close();
    expect(existsSync(path.join(dir, REPLAY_JOURNAL_DIR, REPLAY_JOURNAL_FILE))).toBe(true);
    expect(createReplayGuard({ redisUrl: 'redis://x', databaseUrl: null, dataDir: dir }, kv)).not.toBeInstanceOf(JournaledReplayGuard);
    expect(createReplayGuard({ redisUrl: null, databaseUrl: 'postgres://x', dataDir: dir }, kv)).not.toBeInstanceOf(JournaledReplayGuard);
    await kv.close();
  });

  it('a body accepted before a restart (the process killed, its guard never closed) is refused after it; a fresh one is accepted', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-replay-'));
    const clock = new ManualClock(Date.now());
    const config = { redisUrl: null, databaseUrl: null, dataDir: dir };
    const before = await startTestServer({ now: clock.now, replay: createReplayGuard(config, new MemoryKvStore(), clock.now) });
    servers.push(before);
    const body = signedBody('/api/down/getAboutUs', {}, clock.now());
    expect(await post(before.url, '/api/down/getAboutUs', body)).toMatchObject({ code: 1 });
    expect(await post(before.url, '/down/appVersion', body)).toMatchObject(REPLAYED);

    // A new process: a new memory, the same data folder, 4 minutes on (the timestamp is still in the ±300 s window).
    clock.advance(240_000);
    const after = await startTestServer({ now: clock.now, replay: createReplayGuard(config, new MemoryKvStore(), clock.now) });
    servers.push(after);
    expect(await post(after.url, '/api/down/getAboutUs', body)).toMatchObject(REPLAYED);
    expect(await post(after.url, '/down/appVersion', body)).toMatchObject(REPLAYED);
    expect(await post(after.url, '/api/down/getAboutUs', signedBody('/api/down/getAboutUs', {}, clock.now()))).toMatchObject({ code: 1 });
  });
});

describe('JournaledReplayGuard', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const sign = (n: number) => n.toString(16).padStart(32, 'a');

  it('refuses a second claim, forgets after the window, and keeps the files to two generations', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-replay-'));
    let now = 1_000_000;
    const guard = new JournaledReplayGuard(dir, () => now);
    expect(await guard.claim(sign(1), 5)).toBe(true);
    expect(await guard.claim(sign(1), 5)).toBe(false);
    expect(await guard.claim(sign(1), 6)).toBe(true); // another timestamp, another signature
    now += REPLAY_WINDOW_MS - 1;
    expect(await guard.claim(sign(1), 5)).toBe(false);
    now += 1;
    expect(await guard.claim(sign(1), 5)).toBe(true); // rotated: the first entry moved to the previous file
    expect(readFileSync(path.join(dir, REPLAY_JOURNAL_PREVIOUS_FILE), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    now += REPLAY_WINDOW_MS;
    expect(await guard.claim(sign(2), 5)).toBe(true); // rotated again: the oldest generation is gone
    const previous = readFileSync(path.join(dir, REPLAY_JOURNAL_PREVIOUS_FILE), 'utf8');
    expect(previous.trim().split('\n')).toEqual([`${1_000_000 + 2 * REPLAY_WINDOW_MS} ${sign(1)}:5`]);
    expect(guard.size).toBe(1);
    await guard.close();
  });

  it('reloads live entries at start (both files), skips expired and torn lines, and compacts', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-replay-'));
    const now = 5_000_000;
    writeFileSync(path.join(dir, REPLAY_JOURNAL_PREVIOUS_FILE), `${now + 10} ${sign(1)}:1\n${now - 1} ${sign(2)}:1\n`);
    writeFileSync(path.join(dir, REPLAY_JOURNAL_FILE), `${now + 20} ${sign(3)}:1\nnot a line\n${now + 30} ${sign(4)}:`);
    const guard = new JournaledReplayGuard(dir, () => now);
    expect(guard.size).toBe(2);
    expect(await guard.claim(sign(1), 1)).toBe(false);
    expect(await guard.claim(sign(3), 1)).toBe(false);
    expect(await guard.claim(sign(2), 1)).toBe(true); // expired before the start
    expect(await guard.claim(sign(4), 1)).toBe(true); // torn line
    await guard.close();
    expect(readFileSync(path.join(dir, REPLAY_JOURNAL_PREVIOUS_FILE), 'utf8')).toBe(`${now + 10} ${sign(1)}:1\n${now + 20} ${sign(3)}:1\n`);
    expect(readFileSync(path.join(dir, REPLAY_JOURNAL_FILE), 'utf8').trim().split('\n')).toHaveLength(2);
  });
});
