/**
 * Fuzz of every declared call through the real server: random bodies (tests/helpers/call-bodies.ts,
 * from each call's declaration), signed and sealed like the web app's, through the real pipeline
 * with a signed-in player → always HTTP 200 with a decodable answer, never a 5xx, nothing
 * logged above info. Bodies carry text PostgreSQL cannot store (NUL, lone surrogates; tests/helpers/call-bodies.ts)
 * now and then, and every declared field of every call gets one such body besides: each is refused
 * with code -1 naming its field (the string rule, api/protocol/text-rule.ts).
 *
 * By default 2,000 bodies in all, spread over the calls, so the file runs in well under a minute
 * on a busy machine; `FUZZ_RUNS=10000 npx vitest run server/calls.fuzz.test.ts` sends 10,000 to
 * every call (the figure asked of the fuzzing; ~20–40 minutes). The pure property test
 * (api/protocol/calls/calls.property.test.ts) runs 10,000 bodies per call every time.
 * Deterministic: each call's bodies come from a seed of its path, the clock is a ManualClock, and
 * each call gets its own session (a logout ends only its own), so the order of calls does not
 * matter.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALL_SPECS } from '../api/protocol/calls/all.ts';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, type Credentials, type Fields } from '../api/protocol/wire.ts';
import { unstorableTextRefusal } from '../api/protocol/text-rule.ts';
import { bodyFor, seedOf, UNSTORABLE_SAMPLES } from '../tests/helpers/call-bodies.ts';
import { startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../tests/helpers/wire-client.ts';
import { startSession } from './auth.ts';
import { nodeCrypto } from './wire-crypto.ts';

/** Bodies in all by default: ~32 a call, ~35 s on PGlite with 2 busy cores (a request costs 10–15 ms there). */
const TOTAL_RUNS = 2_000;
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS) || Math.ceil(TOTAL_RUNS / ALL_CALL_SPECS.length);
const IN_FLIGHT = 8;
const START = Date.UTC(2026, 10, 20, 4, 0, 0); // a Friday, noon China time
const PHONE = '13600009999';

interface Failure {
  path: string;
  body: Fields;
  what: string;
}

describe('every declared call, random bodies through the real server', () => {
  const clock = new ManualClock(START);
  const logLines: string[] = [];
  let server: TestServer;
  let userId: number;
  let uuid: string;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
    const call = wireClient(server.url, clock.now);
    expect(await call('/api/login/sendCode', { phone: PHONE, type: '1' })).toMatchObject({ code: 1 });
    const signedIn = await call('/api/login/trendRegister', { account: PHONE, phone_code: await devSmsCode(server.url, PHONE), agree_agreement: '1' });
    expect(signedIn.code).toBe(200);
    uuid = signedIn.data.user_uuid as string;
    userId = (await server.database.db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(() => server.close());

  /** Sends one body; what went wrong, or null. A body breaking the string rule must be refused by it. */
  async function send(path: string, body: Fields, credentials: Credentials | null): Promise<string | null> {
    const signed = signRequest(body, { path, timestamp: clock.now(), credentials, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const encoded = encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': encoded.contentType }, body: encoded.body });
    const text = await res.text();
    if (res.status !== 200) return `HTTP ${res.status} ${text.slice(0, 200)}`;
    const decoded = decodeResponse(text, { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!decoded.ok) return `undecodable answer (${decoded.reason})`;
    const { code, msg } = decoded.response;
    if (typeof code !== 'number') return `answer without a code: ${JSON.stringify(decoded.response).slice(0, 200)}`;
    const refusal = unstorableTextRefusal(signed);
    if (refusal !== null && (code !== -1 || msg !== refusal)) return `not refused by the string rule (${refusal}): ${code} ${msg}`;
    return null;
  }

  it(`answers every body with HTTP 200 and a decodable answer (${RUNS_PER_CALL} bodies per call, ${ALL_CALL_SPECS.length} calls)`, async () => {
    const failures: Failure[] = [];
    for (const spec of ALL_CALL_SPECS) {
      const bodies = fc.sample(bodyFor(spec, { json: true }), { numRuns: RUNS_PER_CALL, seed: seedOf(spec.path) });
      const token = await startSession(server.database.db, userId, new Date(clock.current));
      const credentials = { token, uuid };
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const index = next++;
          const body = bodies[index]!;
          // 'optional' calls get every other body without the session.
          const withSession = spec.auth === 'required' || (spec.auth === 'optional' && index % 2 === 0);
          const what = await send(spec.path, body, withSession ? credentials : null);
          if (what) failures.push({ path: spec.path, body, what });
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      // Every declared field, and one field no call declares, with text PostgreSQL cannot store.
      const names = [...Object.keys(spec.fields.entries), 'undeclared'];
      await Promise.all(
        names.map(async (name, index) => {
          const bad = UNSTORABLE_SAMPLES[index % UNSTORABLE_SAMPLES.length]!;
          const body = { [name]: index % 3 === 2 ? { nested: [bad] } : bad };
          const what = await send(spec.path, body, spec.auth === 'none' ? null : credentials);
          if (what) failures.push({ path: spec.path, body, what });
        }),
      );
    }
    // Refusals of bad input are logged at info at most.
    const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level > 30);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(errors.slice(0, 5)).toEqual([]);
  }, 600_000);
});
