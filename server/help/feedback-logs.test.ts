import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLogJson } from '../../api/protocol/event-log.ts';
import { FEEDBACK_LOG_KEY_PATTERN, FEEDBACK_LOG_MAX_BYTES, FEEDBACK_LOG_RETENTION_DAYS, FEEDBACK_MSG } from '../../api/protocol/help-rules.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { playerKit, type Player } from '../../tests/helpers/staff-content.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { createObjectStorage } from '../storage/index.ts';
import { purgeFeedbackLogs, UNATTACHED_LOG_TTL_MS } from './feedback-logs.ts';

/**
 * Bug reports that carry their event log, through the real server on PGlite and PostgreSQL: the
 * upload (purpose event_log) takes only what the app's decoder reads as a log, keeps it off /media,
 * and answers the refusals in Chinese; a feedback names only its player's own unused log; the staff
 * read it back (audited) exactly as the decoder reads the file; the retention job deletes it after
 * FEEDBACK_LOG_RETENTION_DAYS, and an upload no feedback took after a day.
 */

const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;
const SAMPLE = readFileSync(new URL('../../tests/replays/login-sms.json', import.meta.url));

describe.each(DATABASE_KINDS)('feedback event logs on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let agent: StaffCredentials;
  const kit = playerKit(() => server, clock.now, kind === 'pglite' ? '1381' : '1382');
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    agent = await signedInStaff(db(), 'agent', new Date(clock.current));
  });
  afterAll(() => server.close());

  async function sendLog(player: Player, bytes: Buffer | Uint8Array): Promise<{ status: number; body: { code: number; msg: string; data: { key: string; url: string } | null } }> {
    const ticket = await kit.call('/api/upload/getUploadTos', { purpose: 'event_log' }, player);
    expect(ticket.code, ticket.msg).toBe(1);
    expect(ticket.data).toMatchObject({ max_bytes: FEEDBACK_LOG_MAX_BYTES, accept: ['application/json'] });
    const res = await fetch(server.url + ticket.data.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid },
      body: new Uint8Array(bytes),
    });
    return { status: res.status, body: (await res.json()) as never };
  }
  const staffLog = (id: number) => staffCall(server.url, '/staff/api/feedback/eventLog', { id }, agent);

  it('a player attaches their log; it is never public; the staff read it as the decoder reads the file, and each reading is audited', async () => {
    const player = await kit.signUp();
    const sent = await sendLog(player, SAMPLE);
    expect(sent.status).toBe(200);
    const key = sent.body.data!.key;
    expect(key).toMatch(FEEDBACK_LOG_KEY_PATTERN);
    expect((await fetch(`${server.url}/media/${key}`)).status).toBe(404);
    expect((await fetch(server.url + sent.body.data!.url)).status).toBe(404);

    const id = await kit.submitFeedback(player, { event_log: key });
    const listed = await staffCall(server.url, '/staff/api/feedback/detail', { id }, agent);
    expect(listed.body.data.event_log.size).toBeGreaterThan(1000);
    const read = await staffLog(id);
    expect(read.body.code).toBe(1);
    const expected = parseEventLogJson(SAMPLE.toString('utf8'));
    expect(expected.ok).toBe(true);
    expect(read.body.data.log).toEqual(expected.ok ? JSON.parse(JSON.stringify(expected.log)) : null);
    const audit = await db().selectFrom('staff_audit').select(['action', 'staff_id']).where('target', '=', `feedback:${id}`).execute();
    expect(audit).toEqual([{ action: 'feedback.eventLog', staff_id: agent.account.id }]);

    // Without a log, or a feedback that does not exist.
    const plain = await kit.submitFeedback(player);
    expect((await staffCall(server.url, '/staff/api/feedback/detail', { id: plain }, agent)).body.data.event_log).toBeNull();
    expect((await staffLog(plain)).body).toEqual({ code: -1, msg: FEEDBACK_MSG.noLog, data: null });
    expect((await staffLog(987_654)).body).toEqual({ code: -1, msg: FEEDBACK_MSG.missing, data: null });
  });

  it('refuses what is not a log, a log too large, and a key that is not the player\'s own unused log', async () => {
    const alice = await kit.signUp();
    const bob = await kit.signUp();
    for (const bytes of [Buffer.from('not json'), Buffer.from('{"format":"game-platform/event-log"}'), Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from('[]')]) {
      const sent = await sendLog(alice, bytes);
      expect(sent.status).toBe(422);
      expect(sent.body).toMatchObject({ code: -1, msg: FEEDBACK_MSG.badLog });
    }
    const large = Buffer.concat([SAMPLE.subarray(0, SAMPLE.length - 2), Buffer.from(`,"pad":"${'x'.repeat(FEEDBACK_LOG_MAX_BYTES)}"}`)]);
    const tooLarge = await sendLog(alice, large);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.msg).toBe(FEEDBACK_MSG.logTooLarge);

    const bobsKey = (await sendLog(bob, SAMPLE)).body.data!.key;
    const refused = (fields: Record<string, unknown>) => kit.call('/api/user/userOpinion', { request_id: `log-${kind}-${Math.random().toString(36).slice(2, 14)}-x`, category: 'bug', content: '下载到一半总是失败，换了网络也一样', ...fields }, alice);
    expect(await refused({ event_log: bobsKey })).toEqual({ code: -1, msg: FEEDBACK_MSG.badLog, data: null });
    expect(await refused({ event_log: 'feedback/0123456789abcdef0123456789abcdef.webp' })).toEqual({ code: -1, msg: FEEDBACK_MSG.badLog, data: null });
    const picture = await kit.uploadPicture(alice);
    expect(await refused({ event_log: picture.key })).toEqual({ code: -1, msg: FEEDBACK_MSG.badLog, data: null });
    const own = (await sendLog(alice, SAMPLE)).body.data!.key;
    await kit.submitFeedback(alice, { event_log: own });
    expect(await refused({ event_log: own })).toEqual({ code: -1, msg: FEEDBACK_MSG.badLog, data: null });
    // A refused submission left nothing behind: bob's log is still free for bob.
    await kit.submitFeedback(bob, { event_log: bobsKey });
  });

  it(`the retention job deletes a log ${FEEDBACK_LOG_RETENTION_DAYS} days after its feedback, and an upload no feedback took after a day`, async () => {
    const storage = createObjectStorage(server.config.storage);
    const player = await kit.signUp();
    const attached = (await sendLog(player, SAMPLE)).body.data!.key;
    const id = await kit.submitFeedback(player, { event_log: attached });
    const unattached = (await sendLog(player, SAMPLE)).body.data!.key;
    expect(await storage.head(unattached)).not.toBeNull();

    const early = await purgeFeedbackLogs(db(), storage, new Date(clock.current + UNATTACHED_LOG_TTL_MS - 1000));
    expect(early).toEqual({ expired: 0, unattached: 0 });
    await purgeFeedbackLogs(db(), storage, new Date(clock.current + UNATTACHED_LOG_TTL_MS + 1000));
    expect(await storage.head(unattached)).toBeNull();
    expect(await storage.head(attached)).not.toBeNull();
    expect((await staffLog(id)).body.code).toBe(1);

    const done = await purgeFeedbackLogs(db(), storage, new Date(clock.current + FEEDBACK_LOG_RETENTION_DAYS * DAY_MS + 1000));
    expect(done.expired).toBeGreaterThanOrEqual(1);
    expect(await storage.head(attached)).toBeNull();
    expect((await staffCall(server.url, '/staff/api/feedback/detail', { id }, agent)).body.data.event_log).toBeNull();
    expect((await staffLog(id)).body).toEqual({ code: -1, msg: FEEDBACK_MSG.noLog, data: null });
    await storage.close();
  });
});
