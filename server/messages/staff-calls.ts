import type { Kysely } from 'kysely';
import { MESSAGE_KIND_NAMES, MESSAGE_MSG, NOTICE_HTML_MAX } from '../../api/protocol/messages.ts';
import * as broadcasts from '../../api/protocol/staff/broadcasts.ts';
import type { StaffBroadcast } from '../../api/protocol/staff/broadcasts.ts';
import { CONTENT_MSG } from '../../api/protocol/staff/content-fields.ts';
import * as notices from '../../api/protocol/staff/notices.ts';
import type { StaffNotice } from '../../api/protocol/staff/notices.ts';
import { iso } from '../catalog/index.ts';
import { htmlToText, sanitizeServerHtml } from '../html-sanitize.ts';
import type { Database } from '../db/schema.ts';
import { broadcastMessage, publishNotice, withdrawNotice } from './staff.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 公告 and 站内广播 (api/protocol/staff/notices.ts, broadcasts.ts) over server/messages/staff.ts.
 * Publishing and sending are idempotent by the console's request id (the notice's and the
 * message's source_ref); every change is audited in the call's transaction.
 */

type Db = Kysely<Database>;

function noticeQuery(db: Db) {
  return db
    .selectFrom('notices')
    .leftJoin('staff_accounts as author', 'author.id', 'notices.author_staff_id')
    .leftJoin('staff_accounts as withdrawer', 'withdrawer.id', 'notices.withdrawn_by_staff_id')
    .select((eb) => [
      'notices.id',
      'notices.title',
      'notices.content',
      'notices.popup',
      'notices.published_at',
      'notices.withdrawn_at',
      'author.name as author_name',
      'withdrawer.name as withdrawn_by_name',
      eb.selectFrom('notice_views').select((v) => v.fn.countAll<string>().as('n')).whereRef('notice_views.notice_id', '=', 'notices.id').as('seen_count'),
    ]);
}

type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticeQuery>['executeTakeFirstOrThrow']>>;

const noticeOf = (row: NoticeRow): StaffNotice => ({
  id: row.id,
  title: row.title,
  content: row.content,
  popup: row.popup,
  published_at: iso(row.published_at),
  withdrawn_at: row.withdrawn_at ? iso(row.withdrawn_at) : null,
  author_name: row.author_name ?? '',
  withdrawn_by_name: row.withdrawn_by_name ?? '',
  seen_count: Number(row.seen_count ?? 0),
});

async function noticeById(db: Db, id: number): Promise<StaffNotice | null> {
  const row = await noticeQuery(db).where('notices.id', '=', id).executeTakeFirst();
  return row ? noticeOf(row) : null;
}

/** What the audit keeps of a notice. */
const noticeAudit = (notice: StaffNotice) => ({ title: notice.title, content: notice.content, popup: notice.popup, withdrawn_at: notice.withdrawn_at });

function broadcastQuery(db: Db) {
  return db
    .selectFrom('messages')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'messages.author_staff_id')
    .where('messages.user_id', 'is', null)
    .select((eb) => [
      'messages.id',
      'messages.kind',
      'messages.title',
      'messages.content',
      'messages.link',
      'messages.created_at',
      'staff_accounts.name as author_name',
      eb
        .selectFrom('message_states')
        .select((v) => v.fn.countAll<string>().as('n'))
        .whereRef('message_states.message_id', '=', 'messages.id')
        .where('message_states.read_at', 'is not', null)
        .as('read_count'),
    ]);
}

type BroadcastRow = Awaited<ReturnType<ReturnType<typeof broadcastQuery>['executeTakeFirstOrThrow']>>;

const broadcastOf = (row: BroadcastRow): StaffBroadcast => ({
  id: row.id,
  kind: row.kind,
  kind_name: MESSAGE_KIND_NAMES[row.kind],
  title: row.title,
  content: row.content,
  link: row.link,
  author_name: row.author_name ?? '',
  created_at: iso(row.created_at),
  read_count: Number(row.read_count ?? 0),
});

export const staffNoticeCalls: StaffCallDefinition[] = [
  handleStaff(notices.list, async (ctx) => {
    const { page, limit, state } = ctx.input;
    let base = ctx.db.selectFrom('notices');
    if (state === 'live') base = base.where('withdrawn_at', 'is', null);
    if (state === 'withdrawn') base = base.where('withdrawn_at', 'is not', null);
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    let rows = noticeQuery(ctx.db);
    if (state === 'live') rows = rows.where('notices.withdrawn_at', 'is', null);
    if (state === 'withdrawn') rows = rows.where('notices.withdrawn_at', 'is not', null);
    const list = await rows
      .orderBy('notices.published_at', 'desc')
      .orderBy('notices.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return staffOk({ list: list.map(noticeOf), total: Number(n), page, limit });
  }),

  handleStaff(notices.preview, async (ctx) => {
    const html = sanitizeServerHtml(ctx.input.html);
    return staffOk({ html, text: htmlToText(html), length: html.length, max: NOTICE_HTML_MAX });
  }),

  handleStaff(notices.publish, async (ctx) => {
    const { title, html, popup, request_id: requestId } = ctx.input;
    const published = await publishNotice(ctx.db, ctx.staff.id, { title, html, popup, sourceRef: `staff-notice:${requestId}` }, ctx.now);
    if (!published.ok) return staffRefuse(published.message);
    const notice = (await noticeById(ctx.db, published.value.id))!;
    if (published.value.created) await ctx.audit('notices.publish', `notice:${notice.id}`, null, noticeAudit(notice));
    return staffOk({ notice, created: published.value.created }, CONTENT_MSG.noticePublished);
  }),

  handleStaff(notices.withdraw, async (ctx) => {
    const { id } = ctx.input;
    const locked = await ctx.db.selectFrom('notices').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) return staffRefuse(MESSAGE_MSG.noticeMissing);
    const before = (await noticeById(ctx.db, id))!;
    if (before.withdrawn_at !== null) return staffOk({ notice: before }, CONTENT_MSG.noticeWithdrawn);
    const withdrawn = await withdrawNotice(ctx.db, ctx.staff.id, id, ctx.now);
    if (!withdrawn.ok) return staffRefuse(withdrawn.message);
    const after = (await noticeById(ctx.db, id))!;
    await ctx.audit('notices.withdraw', `notice:${id}`, noticeAudit(before), noticeAudit(after));
    return staffOk({ notice: after }, CONTENT_MSG.noticeWithdrawn);
  }),
];

export const staffBroadcastCalls: StaffCallDefinition[] = [
  handleStaff(broadcasts.list, async (ctx) => {
    const { page, limit, kind } = ctx.input;
    let base = ctx.db.selectFrom('messages').where('user_id', 'is', null);
    if (kind) base = base.where('kind', '=', kind);
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    let rows = broadcastQuery(ctx.db);
    if (kind) rows = rows.where('messages.kind', '=', kind);
    const list = await rows
      .orderBy('messages.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return staffOk({ list: list.map(broadcastOf), total: Number(n), page, limit });
  }),

  handleStaff(broadcasts.send, async (ctx) => {
    const { kind, title, content, link, request_id: requestId } = ctx.input;
    const sent = await broadcastMessage(ctx.db, ctx.staff.id, { kind, title, content, link, sourceRef: `staff-broadcast:${requestId}` }, ctx.now);
    if (!sent.ok) return staffRefuse(sent.message);
    const row = await broadcastQuery(ctx.db).where('messages.id', '=', sent.value.id).executeTakeFirstOrThrow();
    const broadcast = broadcastOf(row);
    if (sent.value.created) {
      await ctx.audit('broadcasts.send', `message:${broadcast.id}`, null, { kind: broadcast.kind, title: broadcast.title, content: broadcast.content, link: broadcast.link });
    }
    return staffOk({ broadcast, created: sent.value.created }, CONTENT_MSG.broadcastSent);
  }),
];
