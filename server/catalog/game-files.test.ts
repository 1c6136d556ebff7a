import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { wireClient } from '../../tests/helpers/wire-client.ts';
import { signingClock } from '../../api/protocol/wire.ts';


describe.each(DATABASE_KINDS)('game package files on %s', (kind) => {
  const now = signingClock();
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ kind, now });
  });
  afterAll(() => server.close());

  async function smallPackages(count: number) {
    return db()
      .selectFrom('platform_games as p')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .select(['p.id', 'p.package_name', 'p.size_bytes', 'p.file_md5'])
      .where('p.down_type', '=', 1)
      .where('g.online_at', '<=', new Date())
      .orderBy('p.size_bytes')
      .limit(count)
      .execute();
  }

  it('sends x-content-md5 (the whole file) on 200 and 206, even before any getDownUrl', async () => {
    const [pg] = await smallPackages(1);
    expect(pg!.file_md5).toBeNull();
    const url = `${server.url}/down/game/${pg!.id}/${pg!.package_name}.apk`;

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(pg!.size_bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(whole.headers.get('x-content-md5')).toBe(md5);

    const tail = await fetch(url, { headers: { range: 'bytes=1000-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('x-content-md5')).toBe(md5);
    await tail.arrayBuffer();

    const refused = await fetch(url, { headers: { range: `bytes=${pg!.size_bytes}-` } });
    expect(refused.status).toBe(416);
    expect(refused.headers.get('x-content-md5')).toBeNull();
    expect((await fetch(`${server.url}/down/game/${pg!.id}/other.apk`)).headers.get('x-content-md5')).toBeNull();

    // The same lazily computed value getDownUrl answers and keeps.
    const stored = await db().selectFrom('platform_games').select('file_md5').where('id', '=', pg!.id).executeTakeFirstOrThrow();
    expect(stored.file_md5).toBe(md5);
    const answer = await wireClient(server.url, now)('/api/game/getDownUrl', { id: pg!.id });
    expect(answer.data.md5).toBe(md5);
  });

  it('concurrent first requests agree on one MD5', async () => {
    const [, pg] = await smallPackages(2);
    const url = `${server.url}/down/game/${pg!.id}/${pg!.package_name}.apk`;
    const answers = await Promise.all([0, 1, 2].map(() => fetch(url, { headers: { range: 'bytes=0-99' } })));
    const headers = await Promise.all(answers.map(async (a) => (await a.arrayBuffer(), a.headers.get('x-content-md5'))));
    expect(new Set(headers).size).toBe(1);
    expect(headers[0]).toMatch(/^[0-9a-f]{32}$/);
  });
});
