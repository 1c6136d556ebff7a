import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../api/protocol/wire.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';
import { SDK_LIST } from '../db/seed-sdk-list.ts';
import { seedSdkList } from '../db/seed-sdk-list.ts';
import { COLLECTION_MSG } from './collections.ts';

function monotonicClock() {
  let last = Date.UTC(2026, 10, 20, 4, 0, 0);
  return () => (last = Math.max(Date.now(), last + 1000));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
type Item = Record<string, any>;

describe.each(DATABASE_KINDS)('favourites and the SDK list on %s', (kind) => {
  const now = monotonicClock();
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;
  let games: Array<{ id: number; versions: number[] }> = [];
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ kind, now });
    call = wireClient(server.url, now);
    const rows = await db().selectFrom('platform_games').select(['id', 'game_id']).orderBy('game_id').orderBy('id').execute();
    const byGame = new Map<number, number[]>();
    for (const row of rows) byGame.set(row.game_id, [...(byGame.get(row.game_id) ?? []), row.id]);
    games = [...byGame].slice(0, 6).map(([id, versions]) => ({ id, versions }));
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Credentials & { id: number }> {
    const phone = `1350000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    const user = await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, id: user.id };
  }

  const rowsOf = (userId: number) => db().selectFrom('collections').selectAll().where('user_id', '=', userId).execute();

  it('needs a token to favourite or list; the status call answers 0 signed out', async () => {
    expect(await call('/api/user/collectGame', { game_id: games[0]!.id, collect: 1 })).toMatchObject({ code: 105 });
    expect(await call('/api/user/getMyCollection', {})).toMatchObject({ code: 105 });
    expect(await call('/api/user/getCollectStatus', { game_id: games[0]!.id })).toEqual({ code: 1, msg: 'success', data: { game_id: games[0]!.id, collected: 0 } });
  });

  it('favourites, lists newest first in the game-list shape, and un-favourites; repeats change nothing', async () => {
    const user = await signUp();
    const [a, b] = games;
    expect(await call('/api/user/collectGame', { game_id: a!.id, collect: 1 }, user)).toEqual({ code: 1, msg: COLLECTION_MSG.collected, data: { game_id: a!.id, collected: 1 } });
    expect(await call('/api/user/collectGame', { game_id: a!.id, collect: '1' }, user)).toEqual({ code: 1, msg: COLLECTION_MSG.collected, data: { game_id: a!.id, collected: 1 } });
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await call('/api/user/collectGame', { game_id: String(b!.id), collect: 1, platform_game_id: b!.versions[0] }, user)).toMatchObject({ code: 1 });
    expect(await call('/api/user/getCollectStatus', { game_id: b!.id }, user)).toMatchObject({ data: { collected: 1 } });

    const list = await call('/api/user/getMyCollection', {}, user);
    expect(list).toMatchObject({ code: 1, data: { total: 2, page: 1, limit: 20 } });
    const items = list.data.list as Item[];
    expect(items.map((item) => item.game_id)).toEqual([b!.id, a!.id]);
    // The same item as the other game lists (search, reservations): game and main version ids, icon, size …
    const [reference] = (await call('/api/game/searchGame', { keyword: items[0]!.name })).data?.list ?? [];
    const keys = Object.keys(items[0]!).filter((key) => key !== 'collected_at').sort();
    if (reference) expect(keys).toEqual(Object.keys(reference).sort());
    expect(items[0]).toMatchObject({ game_id: b!.id, platform_game_id: expect.any(Number), icon: expect.stringMatching(/^\/art\/icon\//), collected_at: expect.any(String) });

    const page2 = await call('/api/user/getMyCollection', { page: 2, limit: 1 }, user);
    expect(page2.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page2.data.list.map((item: Item) => item.game_id)).toEqual([a!.id]);
    expect((await call('/api/user/getMyCollection', { page: 3, limit: 1 }, user)).data).toMatchObject({ list: [], total: 2 });

    expect(await call('/api/user/collectGame', { game_id: a!.id, collect: 0 }, user)).toEqual({ code: 1, msg: COLLECTION_MSG.uncollected, data: { game_id: a!.id, collected: 0 } });
    expect(await call('/api/user/collectGame', { game_id: a!.id, collect: 0 }, user)).toEqual({ code: 1, msg: COLLECTION_MSG.uncollected, data: { game_id: a!.id, collected: 0 } });
    expect((await rowsOf(user.id)).map((row) => row.game_id)).toEqual([b!.id]);
    expect(await call('/api/user/getCollectStatus', { game_id: a!.id }, user)).toMatchObject({ data: { collected: 0 } });
  });

  it("never shows or changes another player's favourites", async () => {
    const owner = await signUp();
    const other = await signUp();
    const game = games[2]!;
    await call('/api/user/collectGame', { game_id: game.id, collect: 1 }, owner);
    expect((await call('/api/user/getMyCollection', {}, other)).data).toMatchObject({ list: [], total: 0 });
    expect(await call('/api/user/getCollectStatus', { game_id: game.id }, other)).toMatchObject({ data: { collected: 0 } });
    // The other player's un-favourite touches only their own (absent) row.
    await call('/api/user/collectGame', { game_id: game.id, collect: 0 }, other);
    expect((await rowsOf(owner.id)).map((row) => row.game_id)).toEqual([game.id]);
    expect((await call('/api/user/getMyCollection', {}, owner)).data.total).toBe(1);
  });

  it('two toggles at once leave one row', async () => {
    const user = await signUp();
    const game = games[3]!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('/api/user/collectGame', { game_id: game.id, collect: 1 }, user)));
    for (const answer of answers) expect(answer).toMatchObject({ code: 1, data: { collected: 1 } });
    expect(await rowsOf(user.id)).toHaveLength(1);
    const removals = await Promise.all(Array.from({ length: 4 }, () => call('/api/user/collectGame', { game_id: game.id, collect: 0 }, user)));
    for (const answer of removals) expect(answer).toMatchObject({ code: 1, data: { collected: 0 } });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('refuses bad fields with their messages and an unknown game or a version of another game', async () => {
    const user = await signUp();
    const game = games[4]!;
    const otherVersion = games[5]!.versions[0]!;
    expect(await call('/api/user/collectGame', { collect: 1 }, user)).toMatchObject({ code: -1, msg: '参数错误' });
    expect(await call('/api/user/collectGame', { game_id: game.id }, user)).toMatchObject({ code: -1, msg: '参数错误' });
    expect(await call('/api/user/collectGame', { game_id: game.id, collect: 2 }, user)).toMatchObject({ code: -1, msg: '参数错误' });
    expect(await call('/api/user/collectGame', { game_id: 9_999_999, collect: 1 }, user)).toMatchObject({ code: -1, msg: COLLECTION_MSG.missingGame });
    expect(await call('/api/user/collectGame', { game_id: game.id, collect: 1, platform_game_id: otherVersion }, user)).toMatchObject({ code: -1, msg: COLLECTION_MSG.missingGame });
    expect(await call('/api/user/getMyCollection', { page: 0 }, user)).toMatchObject({ code: -1, msg: '分页参数错误' });
    expect(await call('/api/user/getMyCollection', { limit: 'x' }, user)).toMatchObject({ code: -1, msg: '分页参数错误' });
    expect((await call('/api/user/getMyCollection', { limit: 500 }, user)).data.limit).toBe(50);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('answers the third-party SDK list: push, analytics, payment and share, each with company, purpose, data and policy link', async () => {
    await seedSdkList(db());
    const answer = await call('/api/down/sdkListDesc', {});
    expect(answer).toMatchObject({ code: 1, data: { title: '第三方SDK目录', list: SDK_LIST } });
    const html: string = answer.data.content;
    for (const sdk of SDK_LIST) {
      expect(html).toContain(sdk.name);
      expect(html).toContain(sdk.company);
    }
    expect(html).toMatch(/推送/);
    expect(html).toMatch(/统计/);
    expect(html).toMatch(/支付/);
    expect(html).toMatch(/分享/);
    for (const sdk of SDK_LIST) expect(sdk.policy_url).toMatch(/^https:\/\//);
  });
});
