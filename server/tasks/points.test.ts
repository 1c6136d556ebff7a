import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCrypto } from '../../api/crypto-browser.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, type Fields } from '../../api/protocol/wire.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';
import { POINT_RECORDED_MSG, POINT_TITLE_MAX_LENGTH } from './points.ts';

const PARAM_ERROR = { code: -1, msg: '参数错误', data: null };

describe.each(DATABASE_KINDS)('/point analytics on %s', (kind) => {
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    call = wireClient(server.url);
  });
  afterAll(() => server.close());

  const events = () => server.database.db.selectFrom('point_events').selectAll().orderBy('id').execute();
  const countEvents = async () => (await events()).length;

  async function signIn(phone: string) {
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer).toMatchObject({ code: 200 });
    const user = await server.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token as string, uuid: answer.data.user_uuid as string, userId: user.id };
  }

  it('records an anonymous point and answers code 1 with the suppressed message', async () => {
    const before = await countEvents();
    expect(await call('/point', { point_title: '登录', point_id: 1 })).toEqual({ code: 1, msg: POINT_RECORDED_MSG, data: null });
    const [row] = (await events()).slice(before);
    expect(row).toMatchObject({ user_id: null, point_id: 1, point_title: '登录', game_id: null, platform_game_id: null, platform_id: null });
    expect(Date.now() - new Date(row!.created_at).getTime()).toBeLessThan(60_000);
  });

  it("attaches a signed-in user's token to the point, and records a stale token's point anonymously", async () => {
    const { token, uuid, userId } = await signIn('13900001001');
    const before = await countEvents();
    expect(await call('/point', { point_title: '注册', point_id: 2 }, { token, uuid })).toMatchObject({ code: 1 });
    expect(await call('/api/user/logout', {}, { token, uuid })).toMatchObject({ code: 1 });
    expect(await call('/point', { point_title: '登录', point_id: 1 }, { token, uuid })).toMatchObject({ code: 1 });
    expect((await events()).slice(before).map((row) => [row.user_id, row.point_title])).toEqual([
      [userId, '注册'],
      [null, '登录'],
    ]);
  });

  it('records the download-tracking variant with its game fields (ids as numbers or digit strings)', async () => {
    const before = await countEvents();
    const answer = await call('/point', { point_title: '下载完成', point_id: 49, game_id: 425346, platform_game_id: '9001', platform_id: 'android-3' });
    expect(answer).toMatchObject({ code: 1, msg: POINT_RECORDED_MSG });
    expect((await events()).slice(before)).toEqual([
      expect.objectContaining({ point_id: 49, point_title: '下载完成', game_id: 425346, platform_game_id: 9001, platform_id: 'android-3' }),
    ]);
  });

  it.each<[string, Fields]>([
    ['a missing point_id', { point_title: '登录' }],
    ['point_id 0', { point_title: '登录', point_id: 0 }],
    ['a negative point_id', { point_title: '登录', point_id: -3 }],
    ['a fractional point_id', { point_title: '登录', point_id: 1.5 }],
    ['a non-numeric point_id', { point_title: '登录', point_id: 'abc' }],
    ['a point_id beyond a 32-bit integer', { point_title: '登录', point_id: 2 ** 31 }],
    ['a missing point_title', { point_id: 1 }],
    ['a blank point_title', { point_title: '   ', point_id: 1 }],
    ['a non-string point_title', { point_title: 12, point_id: 1 }],
    [`a point_title over ${POINT_TITLE_MAX_LENGTH} characters`, { point_title: '埋'.repeat(POINT_TITLE_MAX_LENGTH + 1), point_id: 1 }],
    ['a malformed game_id', { point_title: '下载完成', point_id: 49, game_id: 'x1' }],
    ['a zero platform_game_id', { point_title: '下载完成', point_id: 49, platform_game_id: 0 }],
    ['an over-long platform_id', { point_title: '下载完成', point_id: 49, platform_id: 'p'.repeat(65) }],
  ])('refuses %s with 参数错误 and records nothing', async (_, payload) => {
    const before = await countEvents();
    expect(await call('/point', payload)).toEqual(PARAM_ERROR);
    expect(await countEvents()).toBe(before);
  });

  it(`accepts a title of exactly ${POINT_TITLE_MAX_LENGTH} characters (counted as characters, not bytes)`, async () => {
    expect(await call('/point', { point_title: '埋'.repeat(POINT_TITLE_MAX_LENGTH), point_id: 7 })).toMatchObject({ code: 1 });
  });

  it('takes only the tracking variant: a body signed with the API secret is refused like any bad signature', async () => {
    const signed = signRequest({ point_title: '登录', point_id: 1 }, { path: '/api/user/anything', timestamp: Date.now(), secrets: DEV_SECRETS, crypto: browserCrypto });
    const body = encodeRequestBody('/point', signed, { encrypt: true, secrets: DEV_SECRETS, crypto: browserCrypto });
    expect(body.contentType).toBe('text/plain');
    const res = await fetch(`${server.url}/point`, { method: 'POST', headers: { 'content-type': body.contentType }, body: body.body });
    const decoded = decodeResponse(await res.text(), { secrets: DEV_SECRETS, crypto: browserCrypto });
    expect(decoded.ok && decoded.response).toMatchObject({ code: 101, msg: '签名错误' });
  });
});

describe('0002_points migration', () => {
  it('creates point_events with a nullable user that survives the user being deleted', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const { db } = database;
      const user = await db
        .insertInto('users')
        .values({ uuid: 'uuid-points-1', phone: '13900001002', nickname: '玩家', avatar: '', password_hash: null, bd_vid: null, last_active_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('point_events').values({ user_id: user.id, point_id: 1, point_title: '登录', game_id: null, platform_game_id: null, platform_id: null }).execute();
      await db.deleteFrom('users').where('id', '=', user.id).execute();
      expect(await db.selectFrom('point_events').select(['user_id', 'point_title']).execute()).toEqual([{ user_id: null, point_title: '登录' }]);
    } finally {
      await database.close();
    }
  });
});
