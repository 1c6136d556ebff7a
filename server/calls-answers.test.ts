/**
 * Every declared call's answer schema (api/protocol/calls/, `answer(schema, doc)`) run over what
 * the real server sends for the seeded data: a player signs up, then each call is made once with
 * a payload that reaches its success answer (signed in where its auth allows), and its `data` must
 * pass the schema with no field the schema does not declare. A failure names the call and the
 * field. Calls this walk cannot bring to success are listed in UNREACHED with the reason, and the
 * list is held to the truth both ways (a listed call that succeeds fails the test too).
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALL_SPECS } from '../api/protocol/calls/all.ts';
import { CODE } from '../api/protocol/codes.ts';
import type { Fields } from '../api/protocol/wire.ts';
import { DATABASE_KINDS } from '../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../tests/helpers/wire-client.ts';
import { startSession } from './auth.ts';

const START = Date.UTC(2026, 10, 20, 4, 0, 0); // a Friday, noon China time
const PHONE = '13600008888';
// Seeded catalogue ids (server/db/seed*.ts): games from 1001, their main versions from 2001.
const GAME = 1001;
const VERSION = 2001;

/** Payloads that reach each call's success with the seeded data; a call not named gets {}. */
const PAYLOADS: Record<string, Fields> = {
  '/api/game/getSearchGames': { keyword: '仙' },
  '/api/game/getGameDetail': { game_id: GAME },
  '/api/game/getPlatformGame': { game_id: GAME },
  '/api/game/getGiftList': { game_id: GAME },
  '/api/game/getDownUrl': { id: VERSION },
  '/api/game/recordDown': { platform_game_id: VERSION, game_id: GAME },
  '/api/game/reportAddress': { platform_game_id: VERSION, game_id: GAME, address: 'https://example.com/a.apk' },
  '/api/game/recordGameSize': { game_id: GAME, game_size: 1024 },
  '/api/game/cancelReserveGame': { game_id: GAME },
  '/api/topic/getTopicDetail': { id: 1 },
  '/api/user/collectGame': { game_id: GAME },
  '/api/user/getCollectStatus': { game_id: GAME },
  '/api/coupon/getCouponList': { game_id: GAME },
  '/api/order/getUserOrders': { platform_game_id: VERSION },
  '/api/order/getGameRoles': { platform_game_id: VERSION },
  '/api/order/getCheckoutCoupons': { kind: 'coins', amount_cents: 10_000 },
};

/** Calls this walk does not bring to success, and why (each is answered, just not with data). */
const UNREACHED: Record<string, string> = {};

interface Outcome {
  path: string;
  code: number;
  msg: string;
  problems: string[];
}

/** Where `sent` has keys the schema's output dropped: fields sent but not declared. */
function undeclared(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => undeclared(item, kept[i], `${at}[${i}]`));
  if (typeof sent !== 'object' || sent === null || typeof kept !== 'object' || kept === null) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    if (!(key in kept)) return [`${path}: sent but not declared`];
    return undeclared((sent as Record<string, unknown>)[key], (kept as Record<string, unknown>)[key], path);
  });
}

/** What is wrong with a success answer's data, per the call's schema: '<field>: <issue>'. */
function problemsOf(schema: v.GenericSchema, data: unknown): string[] {
  const result = v.safeParse(schema, data);
  if (!result.success) return result.issues.slice(0, 5).map((issue) => `${v.getDotPath(issue) ?? '(data)'}: ${issue.message}`);
  return undeclared(data, result.output, '').slice(0, 5);
}

describe.each(DATABASE_KINDS)('every call answers what it declares (%s)', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    const call = wireClient(server.url, clock.now);
    expect(await call('/api/login/sendCode', { phone: PHONE, type: '1' })).toMatchObject({ code: 1 });
    const signedIn = await call('/api/login/trendRegister', { account: PHONE, phone_code: await devSmsCode(server.url, PHONE), agree_agreement: '1' });
    expect(signedIn.code).toBe(CODE.loginOk);
    const uuid = signedIn.data.user_uuid as string;
    const userId = (await server.database.db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
    outcomes = [];
    for (const spec of ALL_CALL_SPECS) {
      // Each call its own session: a logout or a password change ends only its own.
      const credentials = spec.auth === 'none' ? null : { token: await startSession(server.database.db, userId, new Date(clock.current)), uuid };
      const answer = await call(spec.path, PAYLOADS[spec.path] ?? {}, credentials);
      const succeeded = answer.code === 1 || answer.code === CODE.loginOk;
      outcomes.push({ path: spec.path, code: answer.code, msg: answer.msg, problems: succeeded && spec.answer.schema ? problemsOf(spec.answer.schema, answer.data) : [] });
    }
  }, 300_000);
  afterAll(() => server?.close());

  it('every call has an answer schema', () => {
    expect(ALL_CALL_SPECS.filter((spec) => spec.answer.schema === null).map((spec) => spec.path)).toEqual([]);
  });

  it('each success answer passes its schema, with no undeclared field', () => {
    const failures = outcomes.filter((o) => o.problems.length > 0).map((o) => `${o.path}: ${o.problems.join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('every call is reached, but those listed with a reason', () => {
    const unreached = Object.fromEntries(outcomes.filter((o) => o.code !== 1 && o.code !== CODE.loginOk).map((o) => [o.path, `${o.code} ${o.msg}`]));
    expect(Object.keys(unreached).filter((path) => !(path in UNREACHED)).map((path) => `${path} → ${unreached[path]}`)).toEqual([]);
    expect(Object.keys(UNREACHED).filter((path) => !(path in unreached))).toEqual([]);
  });
});
