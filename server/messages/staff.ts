import type { Kysely } from 'kysely';
import {
  charCount,
  isMessageKind,
  isRoutePath,
  MESSAGE_CONTENT_MAX,
  MESSAGE_LINK_DATA_MAX,
  MESSAGE_MSG,
  MESSAGE_TITLE_MAX,
  NOTICE_HTML_MAX,
  NOTICE_TITLE_MAX,
  type MessageKind,
} from '../../api/protocol/messages.ts';
import { htmlToText, sanitizeServerHtml } from '../html-sanitize.ts';
import type { Database } from '../db/schema.ts';
import { insertMessage, plainText } from './writer.ts';

/**
 * The staff side of messages and notices, as plain server functions: the staff
 * console's calls (its own slice) wrap them and write the audit log. Each checks what a staff
 * member typed and answers a refusal with the Chinese message to show, never throws for bad input.
 */

export type StaffOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const refuse = (message: string) => ({ ok: false as const, message });

/**
 * Publishes a notice now: the HTML is sanitised before it is stored. With a `sourceRef` (the staff
 * console's request id) publishing is idempotent: the same sourceRef again answers the first
 * notice with created false (notices.source_ref is unique).
 */
export async function publishNotice(
  db: Kysely<Database>,
  staffId: number | null,
  notice: { title: string; html: string; popup: boolean; sourceRef?: string },
  now: Date,
): Promise<StaffOutcome<{ id: number; created: boolean }>> {
  const title = plainText(String(notice.title ?? '')).replace(/\s+/g, ' ');
  if (title === '') return refuse(MESSAGE_MSG.noticeTitleRequired);
  if (charCount(title) > NOTICE_TITLE_MAX) return refuse(MESSAGE_MSG.noticeTitleTooLong);
  const html = sanitizeServerHtml(String(notice.html ?? ''));
  // Only an image counts as content without text.
  if (htmlToText(html) === '' && !/<img\b/i.test(html)) return refuse(MESSAGE_MSG.noticeContentRequired);
  if (html.length > NOTICE_HTML_MAX) return refuse(MESSAGE_MSG.noticeContentTooLong);
  const sourceRef = notice.sourceRef ?? null;
  const row = await db
    .insertInto('notices')
    .values({ title, content: html, popup: notice.popup === true, published_at: now, author_staff_id: staffId, source_ref: sourceRef, created_at: now })
    .onConflict((oc) => oc.column('source_ref').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return { ok: true, value: { id: row.id, created: true } };
  const first = await db.selectFrom('notices').select('id').where('source_ref', '=', sourceRef!).executeTakeFirstOrThrow();
  return { ok: true, value: { id: first.id, created: false } };
}

/** Withdraws a live notice (it leaves the list and is never offered as a pop-up again). */
export async function withdrawNotice(db: Kysely<Database>, staffId: number | null, id: number, now: Date): Promise<StaffOutcome<{ id: number }>> {
  const row = await db
    .updateTable('notices')
    .set({ withdrawn_at: now, withdrawn_by_staff_id: staffId })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row ? { ok: true, value: { id: row.id } } : refuse(MESSAGE_MSG.noticeMissing);
}

/**
 * Sends a message to every player (one row; server/messages/writer.ts). With a `sourceRef` (the
 * staff console's request id) sending is idempotent: the same sourceRef again answers the first
 * broadcast with created false.
 */
export async function broadcastMessage(
  db: Kysely<Database>,
  staffId: number | null,
  message: { kind: MessageKind; title: string; content: string; link?: { path: string; data?: Record<string, unknown> } | null; sourceRef?: string },
  now: Date,
): Promise<StaffOutcome<{ id: number; created: boolean }>> {
  if (!isMessageKind(message.kind)) return refuse(MESSAGE_MSG.messageKindInvalid);
  const title = plainText(String(message.title ?? '')).replace(/\s+/g, ' ');
  const content = plainText(String(message.content ?? ''));
  if (title === '') return refuse(MESSAGE_MSG.messageTitleRequired);
  if (charCount(title) > MESSAGE_TITLE_MAX) return refuse(MESSAGE_MSG.messageTitleTooLong);
  if (content === '') return refuse(MESSAGE_MSG.messageContentRequired);
  if (charCount(content) > MESSAGE_CONTENT_MAX) return refuse(MESSAGE_MSG.messageContentTooLong);
  const link = message.link ?? null;
  if (link !== null) {
    const data = link.data;
    const dataOk = data === undefined || (typeof data === 'object' && data !== null && !Array.isArray(data) && JSON.stringify(data).length <= MESSAGE_LINK_DATA_MAX);
    if (!isRoutePath(link.path) || !dataOk) return refuse(MESSAGE_MSG.messageLinkInvalid);
  }
  const posted = await insertMessage(db, { kind: message.kind, userId: null, title, content, link, ...(message.sourceRef ? { sourceRef: message.sourceRef } : {}) }, now, staffId);
  return { ok: true, value: { id: posted.id, created: posted.created } };
}
