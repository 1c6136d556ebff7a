import { describe, expect, it } from 'vitest';
import { eventually } from '../tests/helpers/eventually.ts';
import { insertPlayer } from '../tests/helpers/players.ts';
import { createTestDatabase } from '../tests/helpers/test-db.ts';
import { buildApp, MODULES } from './app.ts';
import { loadConfig } from './config.ts';
import { MemoryKvStore } from './kv-store.ts';

const DAY_MS = 86_400_000;

/** A server on a fresh database with one player whose cancellation fell due yesterday (the accounts module's job carries it out). */
async function serverWithDueCancellation(jobs: boolean | undefined) {
  const database = await createTestDatabase();
  const kv = new MemoryKvStore();
  const player = await insertPlayer(database.db, { phone: '13800000001', at: new Date(Date.now() - 20 * DAY_MS) });
  await database.db
    .insertInto('cancellation_requests')
    .values({ user_id: player.id, status: 'pending', requested_at: new Date(Date.now() - 16 * DAY_MS), effective_at: new Date(Date.now() - DAY_MS), resolved_at: null })
    .execute();
  const app = await buildApp({ config: loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent' }), db: database.db, kv, ...(jobs === undefined ? {} : { jobs }) });
  const status = async () => (await database.db.selectFrom('cancellation_requests').select('status').where('user_id', '=', player.id).executeTakeFirstOrThrow()).status;
  return {
    app,
    status,
    close: async () => {
      await app.close();
      await kv.close();
      await database.close();
    },
  };
}

describe('the modules’ scheduled jobs', () => {
  it('every module with jobs is listed once, by name', () => {
    const names = MODULES.map((domain) => domain.name);
    expect(new Set(names).size).toBe(names.length);
    expect(MODULES.filter((domain) => domain.jobs).map((domain) => domain.name)).toEqual(['accounts', 'tasks', 'wallet', 'help', 'trading']);
  });

  it('with jobs: true they start once the app listens (not on ready) and stop when it closes', async () => {
    const server = await serverWithDueCancellation(true);
    try {
      await server.app.ready();
      expect(await server.status()).toBe('pending');
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      await eventually(async () => expect(await server.status()).toBe('done'));
    } finally {
      await server.close();
    }
  });

  it('an app built without the option (as tests build theirs) runs none', async () => {
    const server = await serverWithDueCancellation(undefined);
    try {
      const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
      expect((await fetch(`${url}/healthz`)).ok).toBe(true);
      // The jobs' first run is immediate on start: had they started, the due row would be taken by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await server.status()).toBe('pending');
    } finally {
      await server.close();
    }
  });
});
