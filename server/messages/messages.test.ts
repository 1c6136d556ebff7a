import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, MESSAGE_MSG, NOTICE_TITLE_MAX } from '../../api/protocol/messages.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { deleteMessage, listMessages, openMessage, playerOf, readAllMessages, unreadCounts, type Player } from './inbox.ts';
import { listNotices, markNoticeSeen, noticeDetail, popupFor } from './notices.ts';
import { broadcastMessage, publishNotice, withdrawNotice } from './staff.ts';
import { MessageInputError, postMessage } from './writer.ts';

/** 2026-06-01 10:00 China time; every test moves it on. */
let clock = Date.parse('2026-06-01T02:00:00Z');
const tick = (ms = 1000) => new Date((clock += ms));

describe.each(DATABASE_KINDS)('message writer, inbox and notices on %s', (kind) => {
  let handle: DatabaseHandle;
  let serial = 0;
  const db = () => handle.db;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  async function newPlayer(): Promise<Player> {
    const n = ++serial;
    const row = await db()
      .insertInto('users')
      .values({ uuid: `msg-${kind}-${n}`, phone: `139${String(n).padStart(8, '0')}`, nickname: `玩家${n}`, avatar: '', created_at: tick() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return playerOf(db(), row.id);
  }

  const post = (userId: number | null, extra: Partial<Parameters<typeof postMessage>[1]> = {}) =>
    postMessage(db(), { kind: 'order', userId, title: '充值成功', content: '6.00乐玩币已到账。', ...extra }, tick());

  it('postMessage: 20 concurrent posts with one sourceRef make one message; each answers its id', async () => {
    const p = await newPlayer();
    const now = tick();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postMessage(db(), { kind: 'order', userId: p.id, title: '充值成功', content: '已到账', sourceRef: 'order:LW1:delivered' }, now)),
    );
    const rows = await db().selectFrom('messages').select('id').where('user_id', '=', p.id).execute();
    console.log(`[figure] ${kind}: 20 concurrent postMessage with one sourceRef → ${rows.length} message, ${answers.filter((a) => a.created).length} created`);
    expect(rows).toHaveLength(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0]!.id]));
    // The same sourceRef for another player, or as a broadcast, is another message.
    const other = await newPlayer();
    expect((await post(other.id, { sourceRef: 'order:LW1:delivered' })).created).toBe(true);
    const b1 = await post(null, { sourceRef: 'test:broadcast:1', kind: 'system' });
    const b2 = await post(null, { sourceRef: 'test:broadcast:1', kind: 'system' });
    expect([b1.created, b2.created, b2.id]).toEqual([true, false, b1.id]);
  });

  it('postMessage works inside the caller transaction: rolled back with it', async () => {
    const p = await newPlayer();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await postMessage(trx, { kind: 'order', userId: p.id, title: '充值成功', content: '已到账', sourceRef: 'order:LW2:delivered' }, tick());
          throw new Error('the order update failed');
        }),
    ).rejects.toThrow('the order update failed');
    expect(await db().selectFrom('messages').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
  });

  it('postMessage refuses what no writer should post', async () => {
    const p = await newPlayer();
    const bad = [
      { kind: 'promo' as never },
      { title: '   ' },
      { title: '标'.repeat(51) },
      { content: '' },
      { content: '字'.repeat(2001) },
      { link: { path: 'https://evil.example' } },
      { link: { path: '/mine?x=1' } },
      { link: { path: '/mine', data: [] as never } },
      { sourceRef: '' },
      { userId: -3 },
    ];
    for (const extra of bad) await expect(post(p.id, extra)).rejects.toBeInstanceOf(MessageInputError);
    // Plain text: control characters go, line breaks stay.
    const { id } = await post(p.id, { content: 'a\u0000b\r\nc\u0007' });
    expect((await db().selectFrom('messages').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content).toBe('ab\nc');
  });

  it('a player sees their own messages and broadcasts, newest first, paged; never another player’s', async () => {
    const me = await newPlayer();
    const other = await newPlayer();
    const mine = [];
    for (let i = 1; i <= 5; i++) mine.push((await post(me.id, { title: `我的消息${i}` })).id);
    const theirs = (await post(other.id, { title: '别人的消息' })).id;
    const broadcast = (await post(null, { kind: 'order', title: '全员订单公告', sourceRef: `test:b:${me.id}` })).id;

    const page1 = await listMessages(db(), me, { kind: 'order', page: 1, limit: 4 });
    // Seeded broadcasts are of other kinds; older order broadcasts of other tests count too.
    expect(page1.list.map((m) => m.id).slice(0, 4)).toEqual([broadcast, ...mine.slice(2).reverse()]);
    expect(page1.list.every((m) => m.id !== theirs)).toBe(true);
    const all = await listMessages(db(), me, { kind: 'order', page: 1, limit: 50 });
    expect(all.total).toBe(page1.total);
    expect(all.list.map((m) => m.id)).not.toContain(theirs);
    expect(all.list.filter((m) => !m.broadcast).map((m) => m.id)).toEqual([...mine].reverse());
    expect(all.list.find((m) => m.id === broadcast)).toMatchObject({ broadcast: true, read: false, kind: 'order', title: '全员订单公告' });
    const past = await listMessages(db(), me, { kind: 'order', page: 99, limit: 4 });
    expect(past).toMatchObject({ list: [], total: page1.total, page: 99, limit: 4 });

    // Another player's message: not found, whatever the call.
    expect(await openMessage(db(), me, theirs, tick())).toBeNull();
    expect(await deleteMessage(db(), me, theirs, tick())).toBe(false);
    expect(await db().selectFrom('message_states').selectAll().where('message_id', '=', theirs).execute()).toEqual([]);
  });

  it('unread counts per kind; detail marks read; read-all per kind and for all; delete hides for that player only', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const o1 = (await post(a.id)).id;
    await post(a.id);
    const t1 = (await post(a.id, { kind: 'trading', title: '交易成功' })).id;
    await post(a.id, { kind: 'activity', title: '活动开始' });
    const broadcast = (await post(null, { kind: 'system', title: '系统维护', sourceRef: `test:sys:${a.id}` })).id;

    const before = await unreadCounts(db(), a);
    expect(before).toMatchObject({ order: 2, trading: 1, activity: 1, account_sale: 0 });
    expect(before.system).toBeGreaterThanOrEqual(1);
    expect(before.total).toBe(MESSAGE_KINDS.reduce((sum, k) => sum + before[k], 0));

    // Seeded broadcasts are older than every player: listed, already read, not counted.
    const system = await listMessages(db(), a, { kind: 'system', page: 1, limit: 50 });
    const seeded = system.list.find((m) => m.title.startsWith('欢迎来到'));
    expect(seeded).toMatchObject({ broadcast: true, read: true });

    const opened = await openMessage(db(), a, o1, tick());
    expect(opened).toMatchObject({ id: o1, read: true });
    expect(await openMessage(db(), a, o1, tick())).toMatchObject({ read: true });
    expect((await unreadCounts(db(), a)).order).toBe(1);

    expect(await readAllMessages(db(), a, 'order', tick())).toBe(1);
    expect(await readAllMessages(db(), a, 'order', tick())).toBe(0);
    expect(await unreadCounts(db(), a)).toMatchObject({ order: 0, trading: 1, activity: 1 });

    // A broadcast read by a is still unread for b (b joined before it was sent).
    const bBefore = (await unreadCounts(db(), b)).system;
    await openMessage(db(), a, broadcast, tick());
    expect((await unreadCounts(db(), b)).system).toBe(bBefore);

    expect(await readAllMessages(db(), a, undefined, tick())).toBeGreaterThanOrEqual(2);
    expect((await unreadCounts(db(), a)).total).toBe(0);

    // Delete: gone from a's list and counts, twice is not found; b still has the broadcast.
    expect(await deleteMessage(db(), a, t1, tick())).toBe(true);
    expect(await deleteMessage(db(), a, t1, tick())).toBe(false);
    expect(await openMessage(db(), a, t1, tick())).toBeNull();
    expect((await listMessages(db(), a, { kind: 'trading', page: 1, limit: 50 })).list.map((m) => m.id)).not.toContain(t1);
    expect(await deleteMessage(db(), a, broadcast, tick())).toBe(true);
    expect((await listMessages(db(), a, { kind: 'system', page: 1, limit: 50 })).list.map((m) => m.id)).not.toContain(broadcast);
    expect((await listMessages(db(), b, { kind: 'system', page: 1, limit: 50 })).list.map((m) => m.id)).toContain(broadcast);
    // A deleted unread message no longer counts.
    const late = (await post(a.id, { kind: 'activity' })).id;
    expect((await unreadCounts(db(), a)).activity).toBe(1);
    await deleteMessage(db(), a, late, tick());
    expect((await unreadCounts(db(), a)).activity).toBe(0);
  });

  it('a broadcast reaches every player without a row per player; one from before a player joined is read for them', async () => {
    const early = await newPlayer();
    const { id } = await broadcastOk('activity', '周末双倍积分');
    const late = await newPlayer();
    expect(await db().selectFrom('message_states').selectAll().where('message_id', '=', id).execute()).toEqual([]);
    const find = async (p: Player) => (await listMessages(db(), p, { kind: 'activity', page: 1, limit: 50 })).list.find((m) => m.id === id);
    expect(await find(early)).toMatchObject({ read: false, broadcast: true });
    expect(await find(late)).toMatchObject({ read: true, broadcast: true });
    expect((await unreadCounts(db(), late)).activity).toBe(0);
    expect(await readAllMessages(db(), late, 'activity', tick())).toBe(0);
  });

  async function broadcastOk(kind: (typeof MESSAGE_KINDS)[number], title: string) {
    const result = await broadcastMessage(db(), 7, { kind, title, content: `${title}活动进行中`, link: { path: '/dailymission' } }, tick());
    if (!result.ok) throw new Error(result.message);
    return result.value;
  }

  it('broadcastMessage checks what staff typed and records who sent it', async () => {
    const { id } = await broadcastOk('system', '版本更新');
    expect(await db().selectFrom('messages').select(['user_id', 'author_staff_id', 'link']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      user_id: null,
      author_staff_id: 7,
      link: { path: '/dailymission' },
    });
    const refusals = await Promise.all([
      broadcastMessage(db(), 7, { kind: 'nope' as never, title: 'x', content: 'y' }, tick()),
      broadcastMessage(db(), 7, { kind: 'system', title: ' ', content: 'y' }, tick()),
      broadcastMessage(db(), 7, { kind: 'system', title: 'x'.repeat(51), content: 'y' }, tick()),
      broadcastMessage(db(), 7, { kind: 'system', title: 'x', content: '' }, tick()),
      broadcastMessage(db(), 7, { kind: 'system', title: 'x', content: 'y'.repeat(2001) }, tick()),
      broadcastMessage(db(), 7, { kind: 'system', title: 'x', content: 'y', link: { path: 'javascript:alert(1)' } }, tick()),
    ]);
    expect(refusals.map((r) => (r.ok ? 'ok' : r.message))).toEqual([
      MESSAGE_MSG.messageKindInvalid,
      MESSAGE_MSG.messageTitleRequired,
      MESSAGE_MSG.messageTitleTooLong,
      MESSAGE_MSG.messageContentRequired,
      MESSAGE_MSG.messageContentTooLong,
      MESSAGE_MSG.messageLinkInvalid,
    ]);
  });

  it('notices: published sanitised, listed newest first, withdrawn; the pop-up once per player, 20 racing marks → one first', async () => {
    const published = await publishNotice(db(), 3, { title: '停服维护公告', html: '<p onclick="steal()">今晚 2:00 维护<script>alert(1)</script><img src="javascript:x"><a href="javascript:x">x</a></p>', popup: true }, tick());
    if (!published.ok) throw new Error(published.message);
    const id = published.value.id;
    const stored = await db().selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>今晚 2:00 维护<a>x</a></p>');
    expect(stored).toMatchObject({ author_staff_id: 3, popup: true, withdrawn_at: null });

    const list = await listNotices(db(), tick(), 1, 2);
    expect(list.list[0]).toMatchObject({ id, title: '停服维护公告', summary: '今晚 2:00 维护x', popup: true });
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(await noticeDetail(db(), id, tick())).toMatchObject({ id, content: '<p>今晚 2:00 维护<a>x</a></p>' });

    // The newest pop-up is offered until the player is shown it; 20 concurrent marks, one first.
    const p = await newPlayer();
    expect(await popupFor(db(), p.id, tick())).toMatchObject({ id, title: '停服维护公告' });
    const now = tick();
    const marks = await Promise.all(Array.from({ length: 20 }, () => markNoticeSeen(db(), p.id, id, now)));
    const firsts = marks.filter((m) => m?.first).length;
    console.log(`[figure] ${kind}: 20 concurrent markNoticeSeen → ${firsts} first`);
    expect(firsts).toBe(1);
    expect(await db().selectFrom('notice_views').selectAll().where('user_id', '=', p.id).execute()).toHaveLength(1);
    expect(await popupFor(db(), p.id, tick())).toBeNull();
    // Another player still gets it.
    const q = await newPlayer();
    expect(await popupFor(db(), q.id, tick())).toMatchObject({ id });

    // Withdrawn: out of the list, detail and pop-up; a second withdraw is refused.
    expect(await withdrawNotice(db(), 3, id, tick())).toEqual({ ok: true, value: { id } });
    expect(await withdrawNotice(db(), 3, id, tick())).toEqual({ ok: false, message: MESSAGE_MSG.noticeMissing });
    expect(await noticeDetail(db(), id, tick())).toBeNull();
    expect((await listNotices(db(), tick(), 1, 50)).list.map((n) => n.id)).not.toContain(id);
    expect(await markNoticeSeen(db(), q.id, id, tick())).toBeNull();
    // The seeded pop-up is the newest live one again.
    expect(await popupFor(db(), q.id, tick())).toMatchObject({ title: '充值狂欢：0.1折起，首充加赠10%' });

    expect(await publishNotice(db(), 3, { title: '', html: '<p>x</p>', popup: false }, tick())).toEqual({ ok: false, message: MESSAGE_MSG.noticeTitleRequired });
    expect(await publishNotice(db(), 3, { title: 'x'.repeat(NOTICE_TITLE_MAX + 1), html: '<p>x</p>', popup: false }, tick())).toEqual({ ok: false, message: MESSAGE_MSG.noticeTitleTooLong });
    expect(await publishNotice(db(), 3, { title: '空的', html: '<script>alert(1)</script><p> </p>', popup: false }, tick())).toEqual({ ok: false, message: MESSAGE_MSG.noticeContentRequired });
    expect(await withdrawNotice(db(), 3, 999_999, tick())).toEqual({ ok: false, message: MESSAGE_MSG.noticeMissing });
  });
});
