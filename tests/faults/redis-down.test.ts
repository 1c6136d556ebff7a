import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE, MSG } from '../../api/protocol/codes.ts';
import { client, devSmsCode, figure, freePort, freshPgliteDir, freshPostgres, healthy, startServer, stop, until, type ServerProcess } from './harness.ts';

/**
 * Redis goes away under a running server (a redis-server of the test's own, on a
 * spare port — never the machine's). Calls that need it (every API call: the replay cache; SMS
 * codes, password-guess and SMS limits, sessions' lockouts) answer 503 '系统繁忙，请稍后再试' at once, /readyz says not
 * ready, the process stays up; when Redis returns the server serves again by itself.
 */

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

function startRedis(port: number): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.on('exit', () => reject(new Error(`redis-server exited: ${out.slice(-500)}`)));
  });
  return { child, ready };
}

async function killRedis(redis: { child: ChildProcess }): Promise<void> {
  if (redis.child.exitCode !== null || redis.child.signalCode !== null) return;
  const exited = new Promise((r) => redis.child.once('exit', r));
  redis.child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!hasRedisServer)('Redis unreachable', () => {
  it('refuses what needs Redis with 503 系统繁忙，请稍后再试 at once, /readyz 503, and recovers when Redis returns', async () => {
    const redisPort = await freePort();
    let redis = startRedis(redisPort);
    await redis.ready;
    const pgUrl = await freshPostgres('redis');
    const dataDir = pgUrl ? null : freshPgliteDir();
    let server: ServerProcess | null = null;
    try {
      server = startServer(await freePort(), { REDIS_URL: `redis://127.0.0.1:${redisPort}`, ...(pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: dataDir! }) });
      await healthy(server);
      const call = client(server.url, 10_000);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const phone = '13740000001';
      expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
      const signed = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
      expect(signed.code).toBe(200);
      const who = { token: signed.data.token, uuid: signed.data.user_uuid };

      await killRedis(redis);
      // Each call is refused within the command timeout (1 s) plus the work around it; none hangs.
      let slowest = 0;
      const refusals: Array<{ code: number; msg: string }> = [];
      for (const [pathName, payload, as] of [
        ['/api/login/sendCode', { phone: '13740000002', type: '1' }, null],
        ['/api/user/getMoney', {}, who],
        ['/api/game/getGameList', {}, null],
        ['/api/login/sendCode', { phone: '13740000003', type: '1' }, null],
        // Password guesses are counted in Redis: without it none is checked (no hash, no bypass).
        ['/api/login/userlogin', { account: phone, password: 'wrong1234' }, null],
      ] as const) {
        const started = Date.now();
        const answer = await call(pathName, payload, as);
        slowest = Math.max(slowest, Date.now() - started);
        refusals.push({ code: answer.code, msg: answer.msg });
      }
      expect(refusals).toEqual(Array(5).fill({ code: CODE.busy, msg: MSG.busy }));
      expect(slowest).toBeLessThan(5_000);
      const readyStarted = Date.now();
      const ready = await fetch(`${server.url}/readyz`);
      const readyMs = Date.now() - readyStarted;
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, checks: { database: 'ok' } });
      expect(server.child.exitCode, 'the server process is still up').toBe(null);

      // Redis returns on the same port: the server reconnects by itself.
      const back = Date.now();
      redis = startRedis(redisPort);
      await redis.ready;
      await until(async () => (await fetch(`${server!.url}/readyz`)).status === 200, '/readyz after Redis returns', 30_000, 100);
      const recoveredMs = Date.now() - back;
      const again = '13740000004';
      expect(await call('/api/login/sendCode', { phone: again, type: '1' })).toMatchObject({ code: 1 });
      expect(await call('/api/login/trendRegister', { account: again, phone_code: await devSmsCode(server.url, again), agree_agreement: 1 })).toMatchObject({ code: 200 });
      // The session lives in the database: the player signed in before the outage is still signed in.
      expect(await call('/api/user/getMoney', {}, who)).toMatchObject({ code: 1 });
      figure(`Redis down: ${refusals.length}/5 calls answered ${CODE.busy} ${MSG.busy} (slowest ${slowest} ms), /readyz 503 in ${readyMs} ms, process up; /readyz 200 again ${recoveredMs} ms after Redis returned, sign-up works`);
    } finally {
      if (server) await stop(server, 'SIGKILL');
      await killRedis(redis);
      if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
