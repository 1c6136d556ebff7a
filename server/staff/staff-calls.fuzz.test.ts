/**
 * Fuzz of every declared staff call through the real server: random JSON bodies
 * (tests/helpers/call-bodies.ts, from each call's declaration, text PostgreSQL cannot store among
 * them) with a signed-in admin's cookie and CSRF token → always HTTP 200 with `{ code, msg }`,
 * never a 5xx, nothing logged above info; a body breaking the string rule (api/protocol/text-rule.ts)
 * is refused with code -1 naming its field, and every declared field of every call gets one such
 * body besides.
 *
 * By default 1,000 bodies in all, spread over the calls; `FUZZ_RUNS=2000 npx vitest run
 * server/staff/staff-calls.fuzz.test.ts` sends that many to every call. Deterministic: each call's
 * bodies come from a seed of its path, the clock is a ManualClock, and each call gets its own
 * admin and session (a logout or a disable ends only its own).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_STAFF_CALL_SPECS } from '../../api/protocol/staff/all.ts';
import { STAFF_CODE } from '../../api/protocol/staff-call-spec.ts';
import { unstorableTextRefusal } from '../../api/protocol/text-rule.ts';
import { bodyFor, seedOf, UNSTORABLE_SAMPLES } from '../../tests/helpers/call-bodies.ts';
import { signedInStaff, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';

const TOTAL_RUNS = 1_000;
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS) || Math.ceil(TOTAL_RUNS / ALL_STAFF_CALL_SPECS.length);
const IN_FLIGHT = 4;
const START = Date.UTC(2026, 10, 20, 4, 0, 0);

interface Failure {
  path: string;
  body: unknown;
  what: string;
}

describe('every declared staff call, random bodies through the real server', () => {
  const clock = new ManualClock(START);
  const logLines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
  }, 120_000);
  afterAll(() => server.close());

  /**
   * Sends one body; what went wrong, or null. `strict`: the session is known to be live, so a body
   * breaking the string rule must get exactly its refusal (a random body before it may have ended
   * the session: logout, disabling oneself…, and then 401 comes first).
   */
  async function send(path: string, body: Record<string, unknown>, who: StaffCredentials | null, strict: boolean): Promise<string | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who) Object.assign(headers, { cookie: who.cookie, 'x-csrf-token': who.csrf });
    const res = await fetch(server.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) return `HTTP ${res.status} ${text.slice(0, 200)}`;
    let answer: { code?: unknown; msg?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      return `not JSON: ${text.slice(0, 200)}`;
    }
    if (typeof answer.code !== 'number' || typeof answer.msg !== 'string') return `answer without a code: ${text.slice(0, 200)}`;
    const refusal = unstorableTextRefusal(body);
    if (refusal === null) return null;
    if (answer.code === -1 && answer.msg === refusal) return null;
    if (!strict && answer.code === STAFF_CODE.notSignedIn) return null;
    return `not refused by the string rule (${refusal}): ${answer.code} ${answer.msg}`;
  }

  it(`answers every body with HTTP 200 and { code, msg } (${RUNS_PER_CALL} bodies per call, ${ALL_STAFF_CALL_SPECS.length} calls)`, async () => {
    const failures: Failure[] = [];
    for (const spec of ALL_STAFF_CALL_SPECS) {
      const who = spec.roles === 'public' ? null : await signedInStaff(server.database.db, 'admin', new Date(clock.current));
      // Every declared field, and one field no call declares, with text PostgreSQL cannot store (first, while the session is live).
      const names = [...Object.keys(spec.fields.entries), 'undeclared'];
      for (const [index, name] of names.entries()) {
        const bad = UNSTORABLE_SAMPLES[index % UNSTORABLE_SAMPLES.length]!;
        const body = { [name]: index % 3 === 2 ? { nested: [bad] } : bad };
        const what = await send(spec.path, body, who, true);
        if (what) failures.push({ path: spec.path, body, what });
      }
      const bodies = fc.sample(bodyFor(spec, { json: true }), { numRuns: RUNS_PER_CALL, seed: seedOf(spec.path) });
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const what = await send(spec.path, body, who, false);
          if (what) failures.push({ path: spec.path, body, what });
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    }
    const aboveInfo = logLines.filter((line) => (JSON.parse(line) as { level: number }).level > 30);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(aboveInfo.slice(0, 5)).toEqual([]);
  }, 600_000);
});
