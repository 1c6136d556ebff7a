import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_MSG, type DeskConversation } from '../../api/protocol/service-desk.ts';
import { STAFF_CODE, STAFF_MSG } from '../../api/protocol/staff-codes.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { MemoryServiceBus, userTopic, type ServiceBusEvent } from '../service/bus.ts';
import { AGENT_REFUSAL, SERVICE_TEXT, writePlayerMessage } from '../service/conversations.ts';
import { UPLOAD_MSG } from '../uploads/avatar-image.ts';
import { redactUploadTicket } from '../uploads/upload-routes.ts';

/**
 * The desk's staff calls (api/protocol/staff/service.ts) over real HTTP with staff sessions: the
 * lists and who reads what, history paged back, take (and the race between agents, counted),
 * reply (text, own picture), close, the isolation between agents, quick replies, the agents'
 * picture upload, and an audit row for every change. The auth rules every staff call shares are
 * in registry.test.ts; the agents' stream is in service-desk-stream.test.ts.
 */
describe.each(DATABASE_KINDS)('the customer-service desk calls (%s)', (kind) => {
  const bus = new MemoryServiceBus();
  let server: TestServer;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { SERVICE_STATUS: 'online' }, serviceBus: bus });
  });
  afterAll(async () => {
    await server.close();
    await bus.close();
  });

  const db = () => server.database.db;
  const call = (path: string, payload: unknown, who: StaffCredentials) => staffCall(server.url, `/staff/api/service/${path}`, payload, who);
  const ok = async (path: string, payload: unknown, who: StaffCredentials) => {
    const answer = await call(path, payload, who);
    expect(answer.body, `${path} ${JSON.stringify(payload)}`).toMatchObject({ code: STAFF_CODE.ok });
    return answer.body.data;
  };
  const refused = async (path: string, payload: unknown, who: StaffCredentials) => (await call(path, payload, who)).body;

  async function player(nickname = `玩家${++serial}`): Promise<number> {
    const phone = `1385${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(4, '0')}`;
    const row = await db().insertInto('users').values({ uuid: randomUUID(), phone, nickname, avatar: '' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  /** A player's message (as the player's own call writes it); answers the conversation id. */
  async function write(userId: number, content: string): Promise<number> {
    const written = await writePlayerMessage(db(), bus, userId, { content, imageKey: null }, new Date());
    return written!.conversation.id;
  }
  async function emptyQueue() {
    await db().updateTable('service_conversations').set({ status: 'closed', closed_at: new Date() }).where('status', '=', 'queued').execute();
  }
  const audits = (action: string, target: string) => db().selectFrom('staff_audit').select(['staff_id', 'before', 'after']).where('action', '=', action).where('target', '=', target).execute();
  const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

  it('lists the queue in order with nickname, waiting time and last message; counts every list', async () => {
    await emptyQueue();
    const agent = await signedInStaff(db(), 'agent');
    const first = await player('早到的玩家');
    const second = await player('晚到的玩家');
    const a = await write(first, '我先来的');
    await write(first, '还在吗');
    const b = await write(second, '我后来的');
    const answer = await ok('queue', { view: 'queued' }, agent);
    expect(answer.list.map((c: DeskConversation) => [c.id, c.nickname, c.position])).toEqual([
      [a, '早到的玩家', 1],
      [b, '晚到的玩家', 2],
    ]);
    expect(answer.list[0]).toMatchObject({ status: 'queued', agent: null, agent_name: null, mine: false, readable: true, last_message: { direction: 'in', kind: 'user', content: '还在吗', has_image: false } });
    // The waiting time is counted from the server's clock.
    expect(Date.parse(answer.server_time)).toBeGreaterThanOrEqual(Date.parse(answer.list[0].created_at));
    expect(answer.counts).toMatchObject({ queued: 2, mine: 0 });
    expect((await refused('queue', { view: 'everything' }, agent)).msg).toBe(DESK_MSG.badView);
  });

  it("an agent's lists: mine, every open one (others' last messages hidden), their own closed ones; an administrator reads all", async () => {
    const [five, six] = [await signedInStaff(db(), 'agent'), await signedInStaff(db(), 'agent')];
    const admin = await signedInStaff(db(), 'admin');
    const mine = await write(await player(), '给五号');
    const theirs = await write(await player(), '给六号');
    await ok('take', { id: mine }, five);
    await ok('take', { id: theirs }, six);
    const listed = await ok('queue', { view: 'mine' }, five);
    expect(listed.list.map((c: DeskConversation) => c.id)).toEqual([mine]);
    expect(listed.list[0]).toMatchObject({ mine: true, readable: true, agent_id: five.account.id, agent_name: five.account.name, agent: `客服${String(five.account.id).padStart(3, '0')}` });
    expect(listed.counts.mine).toBe(1);
    const open = await ok('queue', { view: 'open' }, five);
    const other = open.list.find((c: DeskConversation) => c.id === theirs);
    expect(other).toMatchObject({ mine: false, readable: false, last_message: null, agent_name: six.account.name });
    expect(open.list.find((c: DeskConversation) => c.id === mine)).toMatchObject({ readable: true, last_message: { content: SERVICE_TEXT.taken(`客服${String(five.account.id).padStart(3, '0')}`) } });
    expect((await ok('queue', { view: 'open' }, admin)).list.find((c: DeskConversation) => c.id === theirs)).toMatchObject({ readable: true, last_message: { kind: 'system' } });
    await ok('close', { id: theirs }, six);
    expect((await ok('queue', { view: 'closed' }, five)).list.map((c: DeskConversation) => c.id)).not.toContain(theirs);
    expect((await ok('queue', { view: 'closed' }, six)).list[0]).toMatchObject({ id: theirs, status: 'closed', closed_at: expect.any(String) });
    expect((await ok('queue', { view: 'closed' }, admin)).list.map((c: DeskConversation) => c.id)).toContain(theirs);
  });

  it("history: the player's whole chat, oldest first, paged back; an agent reads queued and own conversations only", async () => {
    const agent = await signedInStaff(db(), 'agent');
    const other = await signedInStaff(db(), 'agent');
    const admin = await signedInStaff(db(), 'admin');
    const userId = await player();
    let conversation = 0;
    for (let i = 1; i <= 7; i++) conversation = await write(userId, `第${i}条`);
    // An automatic reply stored ahead of its time (3 s later) is not shown before the player sees it.
    await db()
      .insertInto('service_messages')
      .values({ user_id: userId, conversation_id: conversation, direction: 'out', kind: 'auto', content: '稍后可见的自动回复', read_at: null, created_at: new Date(Date.now() + 60_000) })
      .execute();
    expect((await ok('queue', { view: 'queued' }, agent)).list.find((c: DeskConversation) => c.id === conversation).last_message).toMatchObject({ content: '第7条' });
    const newest = await ok('messages', { id: conversation, limit: 3 }, agent);
    expect(newest.list.map((m: { content: string }) => m.content)).toEqual(['第5条', '第6条', '第7条']);
    expect(newest).toMatchObject({ has_more: true, conversation: { id: conversation, status: 'queued', readable: true } });
    expect(newest.list[0]).toMatchObject({ direction: 'in', kind: 'user', image: null, agent: null });
    const older = await ok('messages', { id: conversation, limit: 3, before_id: newest.list[0].id }, agent);
    expect(older.list.map((m: { content: string }) => m.content)).toEqual(['第2条', '第3条', '第4条']);
    const oldest = await ok('messages', { id: conversation, limit: 3, before_id: older.list[0].id }, agent);
    expect(oldest.list.map((m: { content: string }) => m.content)).toEqual(['第1条']);
    expect(oldest.has_more).toBe(false);
    await ok('take', { id: conversation }, agent);
    // Held by `agent`: another agent may not read it (and is told who has it); an administrator may.
    const denied = await refused('messages', { id: conversation }, other);
    expect(denied).toMatchObject({ code: STAFF_CODE.refused, msg: DESK_MSG.notReadable, data: { conversation: { id: conversation, status: 'open', agent_id: agent.account.id, readable: false, last_message: null } } });
    expect((await ok('messages', { id: conversation }, admin)).list.at(-1).content).toBe(SERVICE_TEXT.taken(`客服${String(agent.account.id).padStart(3, '0')}`));
    expect(await refused('messages', { id: 99_999_999 }, agent)).toMatchObject({ code: -1, msg: DESK_MSG.notFound });
    expect((await refused('messages', { id: conversation, before_id: 'x' }, agent)).msg).toBe(DESK_MSG.badPage);
  });

  it('take: the conversation opens for the agent, the player hears it after the commit, and it is audited', async () => {
    const agent = await signedInStaff(db(), 'agent');
    const userId = await player();
    const conversation = await write(userId, '人工客服');
    // What the player's stream would do on hearing it: read the database at once.
    const seen: Array<{ event: ServiceBusEvent; status: string | undefined }> = [];
    const stop = await bus.subscribe(userTopic(userId), (event) => {
      void db()
        .selectFrom('service_conversations')
        .select('status')
        .where('id', '=', conversation)
        .executeTakeFirst()
        .then((row) => seen.push({ event, status: row?.status }));
    });
    const answer = await call('take', { id: conversation }, agent);
    expect(answer.body).toMatchObject({ code: 1, msg: DESK_MSG.taken, data: { conversation: { id: conversation, status: 'open', mine: true, agent_id: agent.account.id, taken_at: expect.any(String) } } });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen.map((s) => [s.event.type, s.status])).toEqual([
      ['conversation', 'open'],
      ['message', 'open'],
    ]);
    await stop();
    const rows = await audits('service.take', `conversation:${conversation}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staff_id).toBe(agent.account.id);
    expect(parsed(rows[0]!.before)).toEqual({ status: 'queued', agent_id: null });
    expect(parsed(rows[0]!.after)).toMatchObject({ status: 'open', agent_id: agent.account.id });
    expect(await refused('take', { id: conversation }, agent)).toMatchObject({ msg: AGENT_REFUSAL.alreadyYours });
    expect(await refused('take', { id: 99_999_999 }, agent)).toMatchObject({ msg: AGENT_REFUSAL.notFound, data: null });
  });

  it('of agents taking at once, exactly one wins each conversation; the others are told so, and only wins are audited', async () => {
    await emptyQueue();
    const agents = await Promise.all(Array.from({ length: 6 }, () => signedInStaff(db(), 'agent')));
    const conversations: number[] = [];
    for (let i = 0; i < 4; i++) conversations.push(await write(await player(), `抢单${i}`));
    const attempts = conversations.flatMap((id) => agents.map((agent) => ({ id, agent })));
    const answers = await Promise.all(attempts.map(async ({ id, agent }) => ({ id, agent, body: (await call('take', { id }, agent)).body })));
    const wins = answers.filter((a) => a.body.code === STAFF_CODE.ok);
    expect(wins).toHaveLength(conversations.length);
    expect(new Set(wins.map((w) => w.id)).size).toBe(conversations.length);
    const losses = answers.filter((a) => a.body.code !== STAFF_CODE.ok);
    expect(losses).toHaveLength(attempts.length - conversations.length);
    for (const loss of losses) {
      const winner = wins.find((w) => w.id === loss.id)!;
      expect(loss.body).toMatchObject({ code: STAFF_CODE.refused, msg: '该会话已被其他客服接待', data: { conversation: { id: loss.id, status: 'open', agent_id: winner.agent.account.id, mine: false } } });
    }
    for (const id of conversations) {
      const row = await db().selectFrom('service_conversations').select(['status', 'agent_id']).where('id', '=', id).executeTakeFirstOrThrow();
      const winner = wins.find((w) => w.id === id)!;
      expect(row).toEqual({ status: 'open', agent_id: winner.agent.account.id });
      expect(await audits('service.take', `conversation:${id}`)).toHaveLength(1);
      const notes = await db().selectFrom('service_messages').select('id').where('conversation_id', '=', id).where('kind', '=', 'system').execute();
      expect(notes).toHaveLength(1);
    }
  });

  it('reply and close: only the holder; another agent can neither reply nor close; each is audited', async () => {
    const holder = await signedInStaff(db(), 'agent');
    const other = await signedInStaff(db(), 'agent');
    const userId = await player();
    const conversation = await write(userId, '帮我看看');
    expect(await refused('reply', { id: conversation, text: '您好' }, holder)).toMatchObject({ code: -1, msg: AGENT_REFUSAL.notTaken });
    await ok('take', { id: conversation }, holder);
    expect(await refused('reply', { id: conversation, text: '我来抢答' }, other)).toMatchObject({ code: -1, msg: AGENT_REFUSAL.notHolder });
    expect(await refused('close', { id: conversation }, other)).toMatchObject({ code: -1, msg: AGENT_REFUSAL.notHolder });
    expect(await refused('reply', { id: conversation }, holder)).toMatchObject({ msg: AGENT_REFUSAL.empty });
    expect(await refused('reply', { id: conversation, text: '   ' }, holder)).toMatchObject({ msg: AGENT_REFUSAL.empty });
    expect(await refused('reply', { id: conversation, text: '字'.repeat(501) }, holder)).toMatchObject({ msg: DESK_MSG.replyTooLong });
    expect(await refused('reply', { id: conversation, image: 'service/not-mine.webp' }, holder)).toMatchObject({ msg: AGENT_REFUSAL.badImage });
    const reply = await call('reply', { id: conversation, text: '  您好，请问有什么可以帮您？ ' }, holder);
    expect(reply.body).toMatchObject({ code: 1, msg: DESK_MSG.replied, data: { message: { direction: 'out', kind: 'agent', content: '您好，请问有什么可以帮您？', image: null, agent: `客服${String(holder.account.id).padStart(3, '0')}` } } });
    // The player's chat has it, unread (it raises 客服消息 away from /service).
    const stored = await db().selectFrom('service_messages').select(['content', 'read_at', 'agent_id']).where('id', '=', reply.body.data.message.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ content: '您好，请问有什么可以帮您？', read_at: null, agent_id: holder.account.id });
    const replied = await audits('service.reply', `conversation:${conversation}`);
    expect(replied).toHaveLength(1);
    expect(parsed(replied[0]!.after)).toEqual({ message_id: reply.body.data.message.id, content: '您好，请问有什么可以帮您？', image_key: null });
    // Nothing the other agent tried was written or audited.
    expect(await db().selectFrom('service_messages').select('id').where('conversation_id', '=', conversation).where('agent_id', '=', other.account.id).execute()).toEqual([]);
    expect(await db().selectFrom('staff_audit').select('id').where('staff_id', '=', other.account.id).execute()).toEqual([]);

    const closed = await call('close', { id: conversation }, holder);
    expect(closed.body).toMatchObject({ code: 1, msg: DESK_MSG.closed, data: { conversation: { id: conversation, status: 'closed', closed_at: expect.any(String) } } });
    const closing = await audits('service.close', `conversation:${conversation}`);
    expect(parsed(closing[0]!.before)).toEqual({ status: 'open', agent_id: holder.account.id });
    expect(parsed(closing[0]!.after)).toMatchObject({ status: 'closed' });
    expect(await refused('reply', { id: conversation, text: '还在吗' }, holder)).toMatchObject({ msg: AGENT_REFUSAL.closed });
    expect(await refused('close', { id: conversation }, holder)).toMatchObject({ msg: AGENT_REFUSAL.closed });
    expect(await refused('take', { id: conversation }, other)).toMatchObject({ msg: AGENT_REFUSAL.closed, data: { conversation: { status: 'closed' } } });
  });

  it('quick replies: agents read them; only administrators change them, audited before and after', async () => {
    const agent = await signedInStaff(db(), 'agent');
    const admin = await signedInStaff(db(), 'admin');
    const seeded = (await ok('quickReplies', {}, agent)).list;
    expect(seeded.length).toBeGreaterThan(0);
    for (const path of ['quickReplyCreate', 'quickReplyUpdate', 'quickReplyDelete']) {
      expect((await call(path, { id: seeded[0].id, content: '改' }, agent)).body).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    const created = await call('quickReplyCreate', { content: ' 请您稍等，马上为您查询 ', sort: 0 }, admin);
    expect(created.body).toMatchObject({ code: 1, msg: DESK_MSG.quickReplyCreated, data: { content: '请您稍等，马上为您查询', sort: 0 } });
    const id = created.body.data.id as number;
    expect((await ok('quickReplies', {}, agent)).list[0]).toMatchObject({ id, content: '请您稍等，马上为您查询' });
    expect(await ok('quickReplyUpdate', { id, content: '马上为您查询', sort: 99 }, admin)).toEqual({ id, content: '马上为您查询', sort: 99 });
    expect(await ok('quickReplyUpdate', { id, sort: 1 }, admin)).toEqual({ id, content: '马上为您查询', sort: 1 });
    expect((await refused('quickReplyCreate', { content: '  ' }, admin)).msg).toBe(DESK_MSG.quickReplyEmpty);
    expect((await refused('quickReplyCreate', { content: '长'.repeat(501) }, admin)).msg).toBe(DESK_MSG.quickReplyTooLong);
    expect((await refused('quickReplyUpdate', { id, sort: -1 }, admin)).msg).toBe(DESK_MSG.badSort);
    await ok('quickReplyDelete', { id }, admin);
    expect((await refused('quickReplyDelete', { id }, admin)).msg).toBe(DESK_MSG.quickReplyNotFound);
    expect((await refused('quickReplyUpdate', { id, content: 'x' }, admin)).msg).toBe(DESK_MSG.quickReplyNotFound);
    const trail = await db().selectFrom('staff_audit').select(['action', 'before', 'after']).where('target', '=', `quick_reply:${id}`).orderBy('id').execute();
    expect(trail.map((row) => [row.action, parsed(row.before), parsed(row.after)])).toEqual([
      ['service.quickReply.create', null, { id, content: '请您稍等，马上为您查询', sort: 0 }],
      ['service.quickReply.update', { id, content: '请您稍等，马上为您查询', sort: 0 }, { id, content: '马上为您查询', sort: 99 }],
      ['service.quickReply.update', { id, content: '马上为您查询', sort: 99 }, { id, content: '马上为您查询', sort: 1 }],
      ['service.quickReply.delete', { id, content: '马上为您查询', sort: 1 }, null],
    ]);
  });

  describe('the agents’ picture upload', () => {
    let picture = 0;
    const png = () => {
      const seed = ++picture;
      const pixels = Buffer.alloc(400 * 300 * 3);
      for (let i = 0; i < pixels.length; i++) pixels[i] = (((i / 3) % 400) * seed + Math.floor(i / 3 / 400) * 5 + (i % 3) * 70) & 255;
      return sharp(pixels, { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    };
    const post = (url: string, body: Buffer, headers: Record<string, string>) => fetch(server.url + url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(body) });
    const as = (who: StaffCredentials, csrf = who.csrf) => ({ cookie: who.cookie, 'x-csrf-token': csrf });

    it('an agent uploads a picture (re-encoded to WebP, audited) and only they can send it', async () => {
      const agent = await signedInStaff(db(), 'agent');
      const other = await signedInStaff(db(), 'agent');
      const ticket = await ok('uploadTicket', {}, agent);
      expect(ticket).toMatchObject({ url: expect.stringMatching(/^\/staff\/upload\/[\w-]{43}$/), method: 'POST', expires_in: 300, accept: ['image/jpeg', 'image/png', 'image/webp'] });
      const res = await post(ticket.url, await png(), as(agent));
      const body = (await res.json()) as { code: number; msg: string; data: { key: string; url: string } };
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ code: 1, msg: UPLOAD_MSG.uploaded, data: { key: expect.stringMatching(/^service\/.+\.webp$/), url: expect.stringMatching(/^\/media\/service\//) } });
      const media = await fetch(server.url + body.data.url);
      expect(media.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).format).toBe('webp');
      // Used once.
      expect((await post(ticket.url, await png(), as(agent))).status).toBe(403);
      const audit = await audits('service.upload', `upload:${body.data.key}`);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.staff_id).toBe(agent.account.id);

      const mine = await write(await player(), '发张图看看');
      await ok('take', { id: mine }, agent);
      const sent = await ok('reply', { id: mine, image: body.data.key }, agent);
      expect(sent.message).toMatchObject({ content: '', image: body.data.url, kind: 'agent' });
      const both = await ok('reply', { id: mine, text: '如图所示', image: body.data.key }, agent);
      expect(both.message).toMatchObject({ content: '如图所示', image: body.data.url });
      // Another agent holding another conversation cannot send this agent's picture.
      const theirs = await write(await player(), '我也要');
      await ok('take', { id: theirs }, other);
      expect(await refused('reply', { id: theirs, image: body.data.key }, other)).toMatchObject({ msg: AGENT_REFUSAL.badImage });
    });

    it('refuses without a session, without the CSRF header, with another member’s ticket, and across the players’ path', async () => {
      const agent = await signedInStaff(db(), 'agent');
      const other = await signedInStaff(db(), 'agent');
      const ticket = (await ok('uploadTicket', {}, agent)).url as string;
      const bytes = await png();
      const noSession = await post(ticket, bytes, {});
      expect([noSession.status, ((await noSession.json()) as { code: number }).code]).toEqual([401, STAFF_CODE.notSignedIn]);
      const noCsrf = await post(ticket, bytes, as(agent, ''));
      expect([noCsrf.status, ((await noCsrf.json()) as { code: number }).code]).toEqual([403, STAFF_CODE.csrf]);
      const foreign = await post(ticket, bytes, as(other));
      expect([foreign.status, await foreign.json()]).toEqual([403, { code: -1, msg: UPLOAD_MSG.badTicket, data: null }]);
      // A staff ticket is nothing on the players' path.
      expect((await post(ticket.replace('/staff/upload/', '/upload/'), bytes, { authorization: 'Bearer x', 'x-user-uuid': 'y' })).status).toBe(403);
      // Tickets stay out of the logs on both paths.
      expect(redactUploadTicket(`${ticket}?x=1`)).toBe('/staff/upload/[redacted]?x=1');
      expect(redactUploadTicket('/upload/abc')).toBe('/upload/[redacted]');
      // A reviewer has no desk.
      const reviewer = await signedInStaff(db(), 'reviewer');
      expect((await call('uploadTicket', {}, reviewer)).body.code).toBe(STAFF_CODE.forbidden);
      // The ticket was never claimed by the refused tries: its owner can still use it.
      expect((await post(ticket, bytes, as(agent))).status).toBe(200);
      expect(await db().selectFrom('service_agent_uploads').select('agent_id').where('agent_id', '=', other.account.id).execute()).toEqual([]);
    });
  });
});
