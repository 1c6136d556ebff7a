import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MSG, REPLY_TEXT_MAX } from '../../api/protocol/help-rules.ts';
import { CONTENT_MSG } from '../../api/protocol/staff/content-fields.ts';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-codes.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { playerKit, type Player } from '../../tests/helpers/staff-content.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';
import { REPLY_MESSAGE_TITLE } from '../help/feedback.ts';

/**
 * 意见反馈 in the staff console through the real server, on PGlite and
 * PostgreSQL: the queue (pending oldest first, filters, paging, counts), one feedback with its
 * pictures (served), a reply that the player sees in /backrecord's call and as one 系统通知
 * message (also when the reply is retried, even many times at once), closing, the refusals, the
 * audit rows, and replies racing a close.
 */

// 2026-03-02 10:00 China time.
const START = Date.UTC(2026, 2, 2, 2, 0, 0);

describe.each(DATABASE_KINDS)('staff feedback calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let agent: StaffCredentials;
  const kit = playerKit(() => server, clock.now, kind === 'pglite' ? '1371' : '1372');
  const db = () => server.database.db;
  const staff = (path: string, payload: Record<string, unknown>, who: StaffCredentials = agent) => staffCall(server.url, path, payload, who);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    agent = await signedInStaff(db(), 'agent', new Date(clock.current));
  });
  afterAll(() => server.close());

  const auditOf = (target: string) => db().selectFrom('staff_audit').select(['staff_id', 'action', 'target', 'before', 'after']).where('target', '=', target).orderBy('id').execute();
  const systemMessages = async (player: Player) => (await kit.call('/api/user/getMessageList', { kind: 'system' }, player)).data;

  it('lists the queue: pending oldest first with the player, pictures served from /media; filters, paging and counts', async () => {
    const alice = await kit.signUp();
    const bob = await kit.signUp();
    const picture = await kit.uploadPicture(alice);
    const first = await kit.submitFeedback(alice, { images: [picture.key], contact: 'QQ 12345' });
    clock.advance(1000);
    const second = await kit.submitFeedback(bob, { category: 'recharge' });

    const pending = await staff('/staff/api/feedback/list', { status: 'pending', limit: 50 });
    expect(pending.body.code).toBe(1);
    const ids = pending.body.data.list.map((item: { id: number }) => item.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const item = pending.body.data.list.find((f: { id: number }) => f.id === first);
    expect(item).toMatchObject({ status: 'pending', status_text: '待处理', category_text: '功能异常', contact: 'QQ 12345', images: [picture.url], replies: [], user: { id: alice.id } });
    // The phone masked, as the staff see it.
    expect(item.user.phone).toMatch(/^137\*{4}\d{4}$/);
    expect(pending.body.data.counts.pending).toBeGreaterThanOrEqual(2);
    // The picture is served where the console shows it.
    const served = await fetch(server.url + picture.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    expect((await staff('/staff/api/feedback/list', { category: 'recharge', limit: 50 })).body.data.list.map((f: { id: number }) => f.id)).toContain(second);
    expect((await staff('/staff/api/feedback/list', { category: 'recharge', limit: 50 })).body.data.list.map((f: { id: number }) => f.id)).not.toContain(first);
    const bobs = await staff('/staff/api/feedback/list', { user_id: bob.id });
    expect(bobs.body.data).toMatchObject({ total: 1, list: [{ id: second }] });
    const paged = await staff('/staff/api/feedback/list', { status: 'pending', page: 2, limit: 1 });
    expect(paged.body.data).toMatchObject({ page: 2, limit: 1, list: [{ id: ids[1] }] });
    for (const bad of [{ status: 'done' }, { category: 'praise' }, { user_id: 'x' }]) expect((await staff('/staff/api/feedback/list', bad)).body).toEqual({ code: -1, msg: CONTENT_MSG.filter, data: null });

    const detail = await staff('/staff/api/feedback/detail', { id: first });
    expect(detail.body).toMatchObject({ code: 1, data: { id: first, images: [picture.url], user: { id: alice.id } } });
    expect((await staff('/staff/api/feedback/detail', { id: 987_654 })).body).toEqual({ code: -1, msg: FEEDBACK_MSG.missing, data: null });
  });

  it("a reply: the player sees it in their record and gets one 系统通知 message linking /backrecord; audited; a retry changes nothing", async () => {
    const player = await kit.signUp();
    const other = await kit.signUp();
    const id = await kit.submitFeedback(player, { content: '礼包兑换码提示已被使用，请帮忙核实一下' });
    const requestId = randomUUID();
    const answer = await staff('/staff/api/feedback/reply', { id, text: '  您好，已为您补发兑换码。 ', request_id: requestId });
    expect(answer.body).toMatchObject({ code: 1, msg: FEEDBACK_MSG.replied, data: { created: true, feedback: { id, status: 'replied', replies: [{ content: '您好，已为您补发兑换码。', staff_id: agent.account.id, staff_name: agent.account.name }] } } });
    const replyId = answer.body.data.reply_id as number;

    const record = (await kit.call('/api/user/myOpinionReply', { id }, player)).data.list[0];
    expect(record).toMatchObject({ status: 'replied', replies: [{ id: replyId, content: '您好，已为您补发兑换码。' }] });
    const messages = await systemMessages(player);
    const replyMessages = messages.list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE);
    expect(replyMessages).toEqual([
      expect.objectContaining({ kind: 'system', read: false, broadcast: false, content: '客服回复了您的反馈「礼包兑换码提示已被使用，请帮忙核实一下」：您好，已为您补发兑换码。', link: { path: '/backrecord', data: { id } } }),
    ]);
    expect((await kit.call('/api/user/getUnreadNotice', {}, player)).data.system).toBe(1);
    // Nobody else hears of it.
    expect((await systemMessages(other)).list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE)).toEqual([]);

    const audit = await auditOf(`feedback:${id}`);
    expect(audit).toEqual([
      {
        staff_id: agent.account.id,
        action: 'feedback.reply',
        target: `feedback:${id}`,
        before: { status: 'pending', replies: 0 },
        after: { status: 'replied', replies: 1, reply: { id: replyId, content: '您好，已为您补发兑换码。' }, message_id: replyMessages[0].id },
      },
    ]);

    // The same reply again (its answer was lost): the first reply answered, no second message, no second audit row.
    const again = await staff('/staff/api/feedback/reply', { id, text: '您好，已为您补发兑换码。', request_id: requestId });
    expect(again.body).toMatchObject({ code: 1, data: { created: false, reply_id: replyId } });
    // Five more retries at once.
    const burst = await Promise.all(Array.from({ length: 5 }, () => staff('/staff/api/feedback/reply', { id, text: '您好，已为您补发兑换码。', request_id: requestId })));
    for (const retry of burst) expect(retry.body).toMatchObject({ code: 1, data: { created: false, reply_id: replyId } });
    expect((await kit.call('/api/user/myOpinionReply', { id }, player)).data.list[0].replies).toHaveLength(1);
    expect((await systemMessages(player)).list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE)).toHaveLength(1);
    expect(await db().selectFrom('messages').select('id').where('source_ref', '=', `feedback-reply:${replyId}`).execute()).toHaveLength(1);
    expect(await auditOf(`feedback:${id}`)).toHaveLength(1);

    // A second reply (a new request id) is a second reply and a second message.
    const second = await staff('/staff/api/feedback/reply', { id, text: '如仍有问题请再联系我们', request_id: randomUUID() });
    expect(second.body).toMatchObject({ code: 1, data: { created: true, feedback: { replies: [{}, { content: '如仍有问题请再联系我们' }] } } });
    expect((await systemMessages(player)).list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE)).toHaveLength(2);
  });

  it('refuses an empty or long reply, a malformed request id and a missing feedback, storing nothing', async () => {
    const player = await kit.signUp();
    const id = await kit.submitFeedback(player);
    const refusals = [
      [{ id, text: '   ', request_id: randomUUID() }, FEEDBACK_MSG.replyEmpty],
      [{ id, text: '好'.repeat(REPLY_TEXT_MAX + 1), request_id: randomUUID() }, FEEDBACK_MSG.replyLong],
      [{ id, text: '你好', request_id: 'short' }, CONTENT_MSG.badRequestId],
      [{ id, text: '你好' }, CONTENT_MSG.badRequestId],
      [{ id: 987_654, text: '你好', request_id: randomUUID() }, FEEDBACK_MSG.missing],
      [{ id: 'x', text: '你好', request_id: randomUUID() }, FEEDBACK_MSG.missing],
    ] as const;
    for (const [payload, msg] of refusals) expect((await staff('/staff/api/feedback/reply', payload)).body, msg).toEqual({ code: -1, msg, data: null });
    expect((await kit.call('/api/user/myOpinionReply', { id }, player)).data.list[0]).toMatchObject({ status: 'pending', replies: [] });
    expect(await auditOf(`feedback:${id}`)).toEqual([]);
    expect((await staff('/staff/api/feedback/close', { id: 987_654 })).body).toEqual({ code: -1, msg: FEEDBACK_MSG.missing, data: null });
  });

  it('close: audited once, closing again answers ok without a row; then replies are refused, but a retry of a stored one still answers it', async () => {
    const player = await kit.signUp();
    const id = await kit.submitFeedback(player);
    const requestId = randomUUID();
    const replied = await staff('/staff/api/feedback/reply', { id, text: '已收到，正在处理', request_id: requestId });
    expect(replied.body.code).toBe(1);
    const closed = await staff('/staff/api/feedback/close', { id });
    expect(closed.body).toMatchObject({ code: 1, msg: FEEDBACK_MSG.closedOk, data: { feedback: { id, status: 'closed', status_text: '已关闭' } } });
    expect((await staff('/staff/api/feedback/close', { id })).body).toMatchObject({ code: 1, data: { feedback: { status: 'closed' } } });
    expect((await auditOf(`feedback:${id}`)).map((row) => [row.action, row.before, row.after])).toEqual([
      ['feedback.reply', { status: 'pending', replies: 0 }, expect.objectContaining({ status: 'replied', replies: 1 })],
      ['feedback.close', { status: 'replied', replies: 1 }, { status: 'closed', replies: 1 }],
    ]);
    expect((await staff('/staff/api/feedback/reply', { id, text: '还有问题吗', request_id: randomUUID() })).body).toEqual({ code: -1, msg: FEEDBACK_MSG.closed, data: null });
    expect((await staff('/staff/api/feedback/reply', { id, text: '已收到，正在处理', request_id: requestId })).body).toMatchObject({ code: 1, data: { created: false, reply_id: replied.body.data.reply_id, feedback: { status: 'closed' } } });
    expect((await kit.call('/api/user/myOpinionReply', { id }, player)).data.list[0]).toMatchObject({ status: 'closed', replies: [{ content: '已收到，正在处理' }] });
    expect((await systemMessages(player)).list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE)).toHaveLength(1);
  });

  it('four replies racing a close: each reply stored before the close (with its one message) or refused after it', async () => {
    const player = await kit.signUp();
    const id = await kit.submitFeedback(player);
    const answers = await Promise.all([
      staff('/staff/api/feedback/reply', { id, text: '回复 1', request_id: randomUUID() }),
      staff('/staff/api/feedback/reply', { id, text: '回复 2', request_id: randomUUID() }),
      staff('/staff/api/feedback/close', { id }),
      staff('/staff/api/feedback/reply', { id, text: '回复 3', request_id: randomUUID() }),
      staff('/staff/api/feedback/reply', { id, text: '回复 4', request_id: randomUUID() }),
    ]);
    const replies = answers.filter((_, i) => i !== 2).map((a) => a.body);
    const stored = replies.filter((a) => a.code === 1).length;
    for (const refused of replies.filter((a) => a.code !== 1)) expect(refused).toEqual({ code: -1, msg: FEEDBACK_MSG.closed, data: null });
    expect(answers[2]!.body.code).toBe(1);
    console.log(`[figure] ${kind}: 4 replies racing a close → ${stored} stored, ${4 - stored} refused`);
    const record = (await kit.call('/api/user/myOpinionReply', { id }, player)).data.list[0];
    expect(record.status).toBe('closed');
    expect(record.replies).toHaveLength(stored);
    expect((await systemMessages(player)).list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE)).toHaveLength(stored);
    const audit = await auditOf(`feedback:${id}`);
    expect(audit.filter((row) => row.action === 'feedback.reply')).toHaveLength(stored);
    expect(audit.filter((row) => row.action === 'feedback.close')).toHaveLength(1);
    // The close is the last change: its before counts every stored reply.
    expect(audit.at(-1)).toMatchObject({ action: 'feedback.close', after: { status: 'closed', replies: stored } });
  });

  it('one reply sent six times at once (a double click, retries): one reply, one message, one audit row', async () => {
    const player = await kit.signUp();
    const id = await kit.submitFeedback(player);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => staff('/staff/api/feedback/reply', { id, text: '已为您处理', request_id: requestId })));
    for (const answer of answers) expect(answer.body.code, answer.body.msg).toBe(1);
    const created = answers.filter((a) => a.body.data.created).length;
    console.log(`[figure] ${kind}: 6 concurrent replies with one request id → ${created} created`);
    expect(created).toBe(1);
    expect(new Set(answers.map((a) => a.body.data.reply_id)).size).toBe(1);
    expect((await kit.call('/api/user/myOpinionReply', { id }, player)).data.list[0].replies).toHaveLength(1);
    expect((await systemMessages(player)).list.filter((m: { title: string }) => m.title === REPLY_MESSAGE_TITLE)).toHaveLength(1);
    expect(await auditOf(`feedback:${id}`)).toHaveLength(1);
  });

  it('a reviewer or finance session is refused; an admin may reply', async () => {
    const player = await kit.signUp();
    const id = await kit.submitFeedback(player);
    for (const role of ['reviewer', 'finance'] as const) {
      const session = await signedInStaff(db(), role, new Date(clock.current));
      expect((await staff('/staff/api/feedback/reply', { id, text: '你好', request_id: randomUUID() }, session)).body).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    const admin = await signedInStaff(db(), 'admin', new Date(clock.current));
    expect((await staff('/staff/api/feedback/reply', { id, text: '管理员回复', request_id: randomUUID() }, admin)).body).toMatchObject({ code: 1, data: { feedback: { replies: [{ staff_name: admin.account.name }] } } });
  });
});
