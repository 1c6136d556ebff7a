import type { Kysely } from 'kysely';
import { NOTICE_SUMMARY_MAX, type NoticeSummary, type NoticeView } from '../../api/protocol/messages.ts';
import { htmlToText, sanitizeServerHtml } from '../html-sanitize.ts';
import type { Database } from '../db/schema.ts';

/**
 * 公告: published notices, newest first, for everyone; the pop-up notice of a player.
 * A notice is live from published_at until withdrawn. The pop-up a player is offered is the newest
 * live pop-up notice, and only while this player has not been shown it (notice_views): an older
 * pop-up that a newer one replaced is not offered any more (docs/decisions.md "Messages").
 * Content is sanitised when stored (server/html-sanitize.ts) and again when answered,
 * so a row written around this module is still safe.
 */

type Db = Kysely<Database>;

const iso = (value: Date | string) => new Date(value).toISOString();

function live(db: Db, now: Date) {
  return db.selectFrom('notices').where('withdrawn_at', 'is', null).where('published_at', '<=', now);
}

function summaryOf(html: string): string {
  const text = htmlToText(html);
  const chars = Array.from(text);
  return chars.length > NOTICE_SUMMARY_MAX ? `${chars.slice(0, NOTICE_SUMMARY_MAX).join('')}…` : text;
}

function viewOf(row: { id: number; title: string; content: string; popup: boolean; published_at: Date | string }): NoticeView {
  return { id: row.id, title: row.title, content: sanitizeServerHtml(row.content), popup: row.popup, published_at: iso(row.published_at) };
}

export async function listNotices(db: Db, now: Date, page: number, limit: number) {
  const count = await live(db, now).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  const offset = (page - 1) * limit;
  const rows =
    offset >= total
      ? []
      : await live(db, now).select(['id', 'title', 'content', 'popup', 'published_at']).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const list: NoticeSummary[] = rows.map((row) => ({ id: row.id, title: row.title, summary: summaryOf(row.content), popup: row.popup, published_at: iso(row.published_at) }));
  return { list, total, page, limit };
}

export async function noticeDetail(db: Db, id: number, now: Date): Promise<NoticeView | null> {
  const row = await live(db, now).select(['id', 'title', 'content', 'popup', 'published_at']).where('id', '=', id).executeTakeFirst();
  return row ? viewOf(row) : null;
}

/** The newest live pop-up notice, when this player has not been shown it yet; else null. */
export async function popupFor(db: Db, userId: number, now: Date): Promise<NoticeView | null> {
  const newest = await live(db, now)
    .select(['id', 'title', 'content', 'popup', 'published_at'])
    .where('popup', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return null;
  const seen = await db.selectFrom('notice_views').select('notice_id').where('user_id', '=', userId).where('notice_id', '=', newest.id).executeTakeFirst();
  return seen ? null : viewOf(newest);
}

/**
 * Records that the pop-up was shown to the player. Answers first: true for exactly one call per
 * player and notice, however many race (the primary key; the app shows the pop-up only then);
 * null when the notice is not live.
 */
export async function markNoticeSeen(db: Db, userId: number, noticeId: number, now: Date): Promise<{ first: boolean } | null> {
  const notice = await live(db, now).select('id').where('id', '=', noticeId).executeTakeFirst();
  if (!notice) return null;
  const inserted = await db
    .insertInto('notice_views')
    .values({ user_id: userId, notice_id: noticeId, seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .returning('notice_id')
    .executeTakeFirst();
  return { first: inserted !== undefined };
}
