import type { Kysely } from 'kysely';
import {
  charCount,
  isMessageKind,
  isRoutePath,
  MESSAGE_CONTENT_MAX,
  MESSAGE_LINK_DATA_MAX,
  MESSAGE_SOURCE_REF_MAX,
  MESSAGE_TITLE_MAX,
  type MessageKind,
} from '../../api/protocol/messages.ts';
import type { Database } from '../db/schema.ts';

export type { MessageKind };

/**
 * THE message writer of the message centre (docs/decisions.md "Messages"): every
 * feature that tells a player something (orders, withdrawals, trades, feedback replies, staff
 * broadcasts) posts through postMessage, in its own transaction when it has one, so the message
 * exists exactly when what it announces happened.
 *
 *   postMessage(trx, { kind: 'order', userId, title, content, link: { path: '/rechargerecord' },
 *                      sourceRef: `order:${orderNumber}:delivered` }, now)
 *
 * - userId null is a broadcast: one row that every player sees (no row per player).
 * - sourceRef makes posting idempotent: unique per player (and among broadcasts); posting the same
 *   sourceRef again is a no-op answering the first message's id with created false, also when
 *   twenty posts race (the partial unique indexes of migration 0012 settle it; the loser's insert
 *   waits for the winner's transaction, then finds its row).
 * - content is plain text (the pages render it as text, never as HTML); titles and contents past
 *   their limits, an unknown kind or a link that is not an app route are programming errors and throw.
 */

export interface MessageInput {
  kind: MessageKind;
  /** null: a broadcast to every player. */
  userId: number | null;
  title: string;
  /** Plain text. */
  content: string;
  /** An app route the message opens when tapped (SPEC §2: a path and an optional data object). */
  link?: { path: string; data?: Record<string, unknown> } | null;
  /** Unique per user: posting the same sourceRef twice is a no-op. */
  sourceRef?: string;
}

export class MessageInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageInputError';
  }
}

/** Control characters other than newline and tab are dropped; line ends become \n; ends trimmed. */
export function plainText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
}

/** The checked row values of a message, or a MessageInputError. */
export function checkMessage(message: MessageInput): { kind: MessageKind; title: string; content: string; link: string | null; sourceRef: string | null } {
  if (!isMessageKind(message.kind)) throw new MessageInputError(`message kind ${String(message.kind)} is not one of the message kinds`);
  if (message.userId !== null && !(Number.isSafeInteger(message.userId) && message.userId > 0)) throw new MessageInputError('userId must be a positive integer or null');
  const title = plainText(String(message.title ?? '')).replace(/\s+/g, ' ');
  const content = plainText(String(message.content ?? ''));
  if (title === '' || charCount(title) > MESSAGE_TITLE_MAX) throw new MessageInputError(`a message title is 1–${MESSAGE_TITLE_MAX} characters`);
  if (content === '' || charCount(content) > MESSAGE_CONTENT_MAX) throw new MessageInputError(`a message content is 1–${MESSAGE_CONTENT_MAX} characters`);
  let link: string | null = null;
  if (message.link) {
    if (!isRoutePath(message.link.path)) throw new MessageInputError(`link path ${String(message.link.path)} is not an app route`);
    const data = message.link.data;
    if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) throw new MessageInputError('link data must be an object');
    link = JSON.stringify(data === undefined ? { path: message.link.path } : { path: message.link.path, data });
    if (data !== undefined && JSON.stringify(data).length > MESSAGE_LINK_DATA_MAX) throw new MessageInputError(`link data is over ${MESSAGE_LINK_DATA_MAX} characters`);
  }
  const sourceRef = message.sourceRef === undefined ? null : message.sourceRef;
  if (sourceRef !== null && (typeof sourceRef !== 'string' || sourceRef === '' || sourceRef.length > MESSAGE_SOURCE_REF_MAX)) {
    throw new MessageInputError(`sourceRef is 1–${MESSAGE_SOURCE_REF_MAX} characters`);
  }
  return { kind: message.kind, title, content, link, sourceRef };
}

/** postMessage with the staff member who sent it (broadcasts from the staff console). */
export async function insertMessage(db: Kysely<Database>, message: MessageInput, now: Date, authorStaffId: number | null): Promise<{ id: number; created: boolean }> {
  const row = checkMessage(message);
  const inserted = await db
    .insertInto('messages')
    .values({
      kind: row.kind,
      user_id: message.userId,
      title: row.title,
      content: row.content,
      link: row.link,
      source_ref: row.sourceRef,
      author_staff_id: authorStaffId,
      created_at: now,
    })
    // Either partial unique index (per player, or among broadcasts) turns a repeat into nothing.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  let existing = db.selectFrom('messages').select('id').where('source_ref', '=', row.sourceRef!);
  existing = message.userId === null ? existing.where('user_id', 'is', null) : existing.where('user_id', '=', message.userId);
  const found = await existing.executeTakeFirst();
  if (!found) throw new Error(`message with source ${row.sourceRef} neither inserted nor found`);
  return { id: found.id, created: false };
}

/**
 * Posts a message to one player (or, with userId null, to every player). Atomic (one INSERT) and
 * idempotent by sourceRef. Pass the caller's transaction to post together with what it announces.
 */
export async function postMessage(
  db: Kysely<Database>,
  message: MessageInput,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  return insertMessage(db, message, now, null);
}
