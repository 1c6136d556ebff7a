import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MSG, NOTICE_HTML_MAX, NOTICE_TITLE_MAX } from '../../api/protocol/messages.ts';
import { CONTENT_MSG } from '../../api/protocol/staff/content-fields.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { playerKit } from '../../tests/helpers/staff-content.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';

/**
 * 公告 and 站内广播 in the staff console through the real server, on
 * PGlite and PostgreSQL: publish sanitised on input (the preview answers what would be stored),
 * the pop-up offered to players once, withdraw, lists with who did what; a broadcast every player
 * sees; each idempotent by its request id (also six at once); refusals; audit rows.
 */

const START = Date.parse('2026-06-02T10:00:00+08:00');
const HOSTILE = '<h2 onclick="x()">停服维护</h2><p>今晚 <strong>2:00</strong> 维护<script>alert(1)</script><img src="javascript:x"><a href="javascript:y">看看</a> <a href="https://example.com/a">公告</a></p><iframe src="https://evil"></iframe>';
const CLEAN = '<h2>停服维护</h2><p>今晚 <strong>2:00</strong> 维护<a>看看</a> <a href="https://example.com/a" target="_blank" rel="noopener noreferrer">公告</a></p>';

describe.each(DATABASE_KINDS)('staff notice and broadcast calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let admin: StaffCredentials;
  const kit = playerKit(() => server, clock.now, kind === 'pglite' ? '1373' : '1374');
  const db = () => server.database.db;
  const staff = (path: string, payload: Record<string, unknown>, who: StaffCredentials = admin) => staffCall(server.url, path, payload, who);
  const auditOf = (target: string) => db().selectFrom('staff_audit').select(['staff_id', 'action', 'before', 'after']).where('target', '=', target).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    admin = await signedInStaff(db(), 'admin', new Date(clock.current));
  });
  afterAll(() => server.close());

  it('the preview answers the HTML as it would be stored, its text and length', async () => {
    const preview = await staff('/staff/api/notices/preview', { html: HOSTILE });
    expect(preview.body).toEqual({ code: 1, msg: 'success', data: { html: CLEAN, text: '停服维护 今晚 2:00 维护看看 公告', length: CLEAN.length, max: NOTICE_HTML_MAX } });
    expect((await staff('/staff/api/notices/preview', {})).body.data).toMatchObject({ html: '', text: '', length: 0 });
  });

  it('publish: sanitised, a pop-up offered to a player until shown once, audited; the same request id again publishes nothing', async () => {
    const player = await kit.signUp();
    clock.advance(60_000);
    const requestId = randomUUID();
    const published = await staff('/staff/api/notices/publish', { title: '  停服维护公告 ', html: HOSTILE, popup: '1', request_id: requestId });
    expect(published.body).toMatchObject({ code: 1, msg: CONTENT_MSG.noticePublished, data: { created: true, notice: { title: '停服维护公告', content: CLEAN, popup: true, withdrawn_at: null, author_name: admin.account.name, seen_count: 0 } } });
    const id = published.body.data.notice.id as number;
    expect(await auditOf(`notice:${id}`)).toEqual([{ staff_id: admin.account.id, action: 'notices.publish', before: null, after: { title: '停服维护公告', content: CLEAN, popup: true, withdrawn_at: null } }]);

    // Retried, also six times at once: one notice, one audit row.
    const retries = await Promise.all(Array.from({ length: 6 }, () => staff('/staff/api/notices/publish', { title: '停服维护公告', html: HOSTILE, popup: '1', request_id: requestId })));
    for (const retry of retries) expect(retry.body).toMatchObject({ code: 1, data: { created: false, notice: { id } } });
    expect(await db().selectFrom('notices').select('id').where('title', '=', '停服维护公告').execute()).toHaveLength(1);
    expect(await auditOf(`notice:${id}`)).toHaveLength(1);

    // The player: offered the pop-up, shown it once, then not again; the staff see it counted.
    const pop = await kit.call('/api/user/getIsPop', {}, player);
    expect(pop.data).toMatchObject({ id, title: '停服维护公告', content: CLEAN, popup: true });
    expect((await kit.call('/api/user/markNoticeSeen', { id }, player)).data).toMatchObject({ first: true });
    expect((await kit.call('/api/user/getIsPop', {}, player)).data).toBeNull();
    const listed = await staff('/staff/api/notices/list', { state: 'live' });
    expect(listed.body.data.list[0]).toMatchObject({ id, seen_count: 1 });
    expect((await kit.call('/api/notice/getNoticeDetail', { id })).data.content).toBe(CLEAN);

    // Without popup (absent = no pop-up): listed, never offered as a pop-up.
    clock.advance(60_000);
    const plain = await staff('/staff/api/notices/publish', { title: '活动规则更新', html: '<p>详见活动页</p>', request_id: randomUUID() });
    expect(plain.body).toMatchObject({ code: 1, data: { notice: { popup: false } } });
    expect((await kit.call('/api/user/getIsPop', {}, player)).data).toBeNull();
  });

  it('refuses a missing or long title, content with nothing left after sanitising, too long content, a bad popup flag or request id', async () => {
    const before = await db().selectFrom('notices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const ok = { title: '标题', html: '<p>正文</p>', popup: '0', request_id: randomUUID() };
    const refusals = [
      [{ ...ok, title: '  ' }, MESSAGE_MSG.noticeTitleRequired],
      [{ ...ok, title: '长'.repeat(NOTICE_TITLE_MAX + 1) }, MESSAGE_MSG.noticeTitleTooLong],
      [{ ...ok, html: '<script>alert(1)</script><p> </p>' }, MESSAGE_MSG.noticeContentRequired],
      [{ ...ok, html: '' }, MESSAGE_MSG.noticeContentRequired],
      [{ ...ok, html: `<p>${'a'.repeat(NOTICE_HTML_MAX)}</p>` }, MESSAGE_MSG.noticeContentTooLong],
      [{ ...ok, popup: 'yes' }, CONTENT_MSG.popupFlag],
      [{ ...ok, request_id: 'abc' }, CONTENT_MSG.badRequestId],
    ] as const;
    for (const [payload, msg] of refusals) expect((await staff('/staff/api/notices/publish', payload)).body, msg).toEqual({ code: -1, msg, data: null });
    expect(await db().selectFrom('notices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    expect(await db().selectFrom('staff_audit').select('id').where('action', '=', 'notices.publish').where('after', 'is', null).execute()).toEqual([]);
  });

  it('withdraw: out of the players\' list and pop-up, listed as withdrawn with who did it; again answers ok without a row; missing refused', async () => {
    clock.advance(60_000);
    const published = await staff('/staff/api/notices/publish', { title: '临时公告', html: '<p>很快撤回</p>', popup: 1, request_id: randomUUID() });
    const id = published.body.data.notice.id as number;
    const player = await kit.signUp();
    expect((await kit.call('/api/user/getIsPop', {}, player)).data).toMatchObject({ id });
    const withdrawn = await staff('/staff/api/notices/withdraw', { id });
    expect(withdrawn.body).toMatchObject({ code: 1, msg: CONTENT_MSG.noticeWithdrawn, data: { notice: { id, withdrawn_at: expect.any(String), withdrawn_by_name: admin.account.name } } });
    expect((await kit.call('/api/user/getIsPop', {}, player)).data?.id).not.toBe(id);
    expect((await kit.call('/api/notice/getNoticeDetail', { id })).code).toBe(-1);
    expect((await staff('/staff/api/notices/withdraw', { id })).body).toMatchObject({ code: 1, data: { notice: { id } } });
    const audit = await auditOf(`notice:${id}`);
    expect(audit.map((row) => row.action)).toEqual(['notices.publish', 'notices.withdraw']);
    expect(audit[1]).toMatchObject({ before: { withdrawn_at: null }, after: { withdrawn_at: expect.any(String) } });
    expect((await staff('/staff/api/notices/withdraw', { id: 987_654 })).body).toEqual({ code: -1, msg: MESSAGE_MSG.noticeMissing, data: null });

    const withdrawnList = await staff('/staff/api/notices/list', { state: 'withdrawn' });
    expect(withdrawnList.body.data.list.map((n: { id: number }) => n.id)).toContain(id);
    expect((await staff('/staff/api/notices/list', { state: 'live', limit: 50 })).body.data.list.map((n: { id: number }) => n.id)).not.toContain(id);
    const all = await staff('/staff/api/notices/list', { limit: 2, page: 1 });
    expect(all.body.data).toMatchObject({ page: 1, limit: 2, list: [{ id }, {}] });
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
  });

  it('a broadcast reaches every player (also one who joins later), counts its readers, is audited; the same request id sends once', async () => {
    const alice = await kit.signUp();
    clock.advance(60_000);
    const requestId = randomUUID();
    const payload = { kind: 'activity', title: ' 周末双倍积分 ', content: '本周末签到积分翻倍。\r\n快来参加！', link: { path: '/dailymission', data: { tab: 2 } }, request_id: requestId };
    const answers = await Promise.all(Array.from({ length: 6 }, () => staff('/staff/api/broadcasts/send', payload)));
    for (const answer of answers) expect(answer.body.code, answer.body.msg).toBe(1);
    expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
    const broadcast = answers[0]!.body.data.broadcast;
    expect(broadcast).toMatchObject({ kind: 'activity', kind_name: '活动消息', title: '周末双倍积分', content: '本周末签到积分翻倍。\n快来参加！', link: { path: '/dailymission', data: { tab: 2 } }, author_name: admin.account.name, read_count: 0 });
    expect(new Set(answers.map((a) => a.body.data.broadcast.id)).size).toBe(1);
    expect(await auditOf(`message:${broadcast.id}`)).toEqual([
      { staff_id: admin.account.id, action: 'broadcasts.send', before: null, after: { kind: 'activity', title: '周末双倍积分', content: '本周末签到积分翻倍。\n快来参加！', link: { path: '/dailymission', data: { tab: 2 } } } },
    ]);

    const list = (await kit.call('/api/user/getMessageList', { kind: 'activity' }, alice)).data;
    expect(list.list[0]).toMatchObject({ id: broadcast.id, title: '周末双倍积分', broadcast: true, read: false });
    expect((await kit.call('/api/user/getUnreadNotice', {}, alice)).data.activity).toBe(1);
    clock.advance(60_000);
    const bob = await kit.signUp();
    expect((await kit.call('/api/user/getMessageList', { kind: 'activity' }, bob)).data.list.map((m: { id: number }) => m.id)).toContain(broadcast.id);

    expect((await kit.call('/api/user/getMessageDetail', { id: broadcast.id }, alice)).code).toBe(1);
    const sent = await staff('/staff/api/broadcasts/list', { kind: 'activity' });
    expect(sent.body.data.list[0]).toMatchObject({ id: broadcast.id, read_count: 1 });
    // Seeded broadcasts are listed too, with no author.
    const everything = await staff('/staff/api/broadcasts/list', { limit: 50 });
    expect(everything.body.data.total).toBeGreaterThan(1);
    expect(everything.body.data.list.some((b: { author_name: string }) => b.author_name === '')).toBe(true);
  });

  it('a broadcast refuses a bad kind, empty or long title and content, a bad link; stores nothing', async () => {
    const before = await db().selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', 'is', null).executeTakeFirstOrThrow();
    const ok = { kind: 'system', title: '标题', content: '内容', request_id: randomUUID() };
    const refusals = [
      [{ ...ok, kind: 'news' }, MESSAGE_MSG.messageKindInvalid],
      [{ ...ok, title: ' ' }, MESSAGE_MSG.messageTitleRequired],
      [{ ...ok, title: '长'.repeat(51) }, MESSAGE_MSG.messageTitleTooLong],
      [{ ...ok, content: '' }, MESSAGE_MSG.messageContentRequired],
      [{ ...ok, content: '长'.repeat(2001) }, MESSAGE_MSG.messageContentTooLong],
      [{ ...ok, link: { path: 'javascript:alert(1)' } }, MESSAGE_MSG.messageLinkInvalid],
      [{ ...ok, link: { path: 'https://evil.example' } }, MESSAGE_MSG.messageLinkInvalid],
      [{ ...ok, link: { path: '/mine', data: [1] } }, MESSAGE_MSG.messageLinkInvalid],
      [{ ...ok, link: '/mine' }, MESSAGE_MSG.messageLinkInvalid],
      [{ ...ok, request_id: '' }, CONTENT_MSG.badRequestId],
    ] as const;
    for (const [payload, msg] of refusals) expect((await staff('/staff/api/broadcasts/send', payload)).body, msg).toEqual({ code: -1, msg, data: null });
    expect(await db().selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', 'is', null).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('an agent may neither publish nor broadcast', async () => {
    const agent = await signedInStaff(db(), 'agent', new Date(clock.current));
    expect((await staff('/staff/api/notices/publish', { title: 't', html: '<p>x</p>', request_id: randomUUID() }, agent)).body.code).toBe(403);
    expect((await staff('/staff/api/broadcasts/send', { kind: 'system', title: 't', content: 'x', request_id: randomUUID() }, agent)).body.code).toBe(403);
  });
});
