import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstorableTextMessage } from '../api/protocol/text-rule.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, type Credentials, type Fields } from '../api/protocol/wire.ts';
import { playerKit } from '../tests/helpers/staff-content.ts';
import { signedInStaff, type StaffCredentials } from '../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { ManualClock } from '../tests/helpers/wire-client.ts';
import { nodeCrypto } from './wire-crypto.ts';

/**
 * The string rule (api/protocol/text-rule.ts) through the real server (app.inject), on PGlite and
 * on PostgreSQL: every field an outside client reached PostgreSQL with a NUL through (HTTP 500 and
 * an error-level stack trace before) answers code -1 naming the field; so do feedback, broadcasts
 * and nicknames (one behaviour); lone surrogates and nested strings too; nothing is logged above
 * info.
 */

const START = Date.UTC(2026, 10, 20, 4, 0, 0);
const NUL = 'a\u0000b';

/** [path, the field that carries the NUL, the other fields, signed in]. */
const PLAYER_CASES: ReadonlyArray<readonly [string, string, Fields, boolean]> = [
  ['/api/game/getSearchGames', 'keyword', {}, false],
  ['/api/game/getGameList', 'category', {}, false],
  ['/api/game/getGameList', 'tag', {}, false],
  ['/api/game/reportAddress', 'address', { platform_game_id: 1001, game_id: 1001 }, false],
  ['/point', 'point_title', { point_id: 1 }, false],
  ['/point', 'platform_id', { point_id: 1, point_title: '首页' }, false],
  ['/api/order/addSubAccount', 'name', { platform_game_id: 1001, server_name: '一区' }, true],
  ['/api/order/cancelOrder', 'order_number', {}, true],
  ['/api/order/getOneOrder', 'order_number', {}, true],
  ['/api/trade/getTrade', 'order_number', {}, true],
  ['/api/user/headerImgEdit', 'image', {}, true],
  ['/api/user/sendServiceMessage', 'content', {}, true],
  ['/api/user/sendServiceMessage', 'image', { content: '你好' }, true],
  ['/api/user/subEvaluate', 'order_id', { score: 5, game_id: 1001 }, true],
  // Feedback used to drop the NUL silently, nicknames to refuse it with their own words.
  ['/api/user/userOpinion', 'content', { request_id: 'nul-feedback-0001', category: '1' }, true],
  ['/api/user/updateUserInfo', 'nickname', {}, true],
];

/** [path, the field that carries the NUL, the other fields]. */
const STAFF_CASES: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
  ['/staff/api/auth/login', 'name', { password: 'x', code: '123456' }],
  ['/staff/api/audit/list', 'action', {}],
  ['/staff/api/notices/publish', 'html', { title: '公告', request_id: 'nul-notice-000001' }],
  ['/staff/api/service/quickReplyCreate', 'content', {}],
  // Broadcasts used to drop the NUL silently.
  ['/staff/api/broadcasts/send', 'content', { kind: 'system', title: '标题', request_id: 'nul-broadcast-0001' }],
];

describe.each(DATABASE_KINDS)('text PostgreSQL cannot store, through the real server on %s', (kind) => {
  const clock = new ManualClock(START);
  const logLines: string[] = [];
  let server: TestServer;
  let player: Credentials;
  let admin: StaffCredentials;
  const kit = playerKit(() => server, clock.now, kind === 'pglite' ? '1375' : '1376');

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
    player = await kit.signUp();
    admin = await signedInStaff(server.database.db, 'admin', new Date(clock.current));
  }, 120_000);
  afterAll(() => server.close());

  /** A player call as the app makes it (signed, sealed), through app.inject. */
  async function call(path: string, payload: Fields, credentials: Credentials | null): Promise<{ status: number; code?: number; msg?: string }> {
    const signed = signRequest(payload, { path, timestamp: clock.now(), credentials, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const encoded = encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const res = await server.app.inject({ method: 'POST', url: path, headers: { 'content-type': encoded.contentType }, payload: encoded.body });
    if (res.statusCode !== 200) return { status: res.statusCode };
    const decoded = decodeResponse(res.body, { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!decoded.ok) throw new Error(`undecodable answer from ${path}`);
    return { status: 200, code: decoded.response.code, msg: decoded.response.msg };
  }

  async function staff(path: string, payload: unknown, credentials: StaffCredentials | null): Promise<{ status: number; code?: number; msg?: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (credentials) Object.assign(headers, { cookie: credentials.cookie, 'x-csrf-token': credentials.csrf });
    const res = await server.app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(payload) });
    const body = res.json<{ code: number; msg: string }>();
    return { status: res.statusCode, code: body.code, msg: body.msg };
  }

  it.each(PLAYER_CASES)('%s with a NUL in %s answers code -1 naming the field', async (path, name, rest, signedIn) => {
    const answer = await call(path, { ...rest, [name]: NUL }, signedIn ? player : null);
    expect(answer).toEqual({ status: 200, code: -1, msg: unstorableTextMessage(name) });
  });

  it.each(STAFF_CASES)('%s with a NUL in %s answers code -1 naming the field', async (path, name, rest) => {
    const answer = await staff(path, { ...rest, [name]: NUL }, path.endsWith('/auth/login') ? null : admin);
    expect(answer).toEqual({ status: 200, code: -1, msg: unstorableTextMessage(name) });
  });

  it('lone surrogates, nested strings and field names are refused the same way; paired surrogates pass', async () => {
    expect(await call('/api/game/getSearchGames', { keyword: 'x\uD800' }, null)).toMatchObject({ code: -1, msg: unstorableTextMessage('keyword') });
    expect(await call('/api/game/getSearchGames', { keyword: '\uDC00王者' }, null)).toMatchObject({ code: -1, msg: unstorableTextMessage('keyword') });
    expect(await call('/api/game/getSearchGames', { keyword: '王者', extra: { deep: [['\u0000']] } }, null)).toMatchObject({ code: -1, msg: unstorableTextMessage('extra') });
    expect(await call('/api/game/getSearchGames', { keyword: '王者', ['k\u0000']: 1 }, null)).toMatchObject({ code: -1, msg: unstorableTextMessage('k\uFFFD') });
    // The sign-in fields are strings like any other: a NUL in user_uuid is refused, not looked up.
    expect(await call('/api/user/getUserInfo', {}, { token: player.token, uuid: `${player.uuid}\u0000` })).toMatchObject({ code: -1, msg: unstorableTextMessage('user_uuid') });
    expect(await staff('/staff/api/audit/list', { action: { a: ['\uDFFF'] } }, admin)).toMatchObject({ code: -1, msg: unstorableTextMessage('action') });
    // An emoji is a surrogate pair, storable: the search runs.
    expect(await call('/api/game/getSearchGames', { keyword: '王者😀' }, null)).toMatchObject({ status: 200, code: 1 });
    expect(await staff('/staff/api/audit/list', { action: '😀' }, admin)).toMatchObject({ status: 200, code: 1 });
  });

  it('nothing was stored and nothing was logged above info', async () => {
    const db = server.database.db;
    expect(await db.selectFrom('feedback').select('id').where('request_id', '=', 'nul-feedback-0001').execute()).toEqual([]);
    const levels = logLines.map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => (JSON.parse(line) as { level: number }).level > 30)).toEqual([]);
  });
});
