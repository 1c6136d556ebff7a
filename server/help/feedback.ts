import type { Kysely, Selectable, Transaction } from 'kysely';
import type { FeedbackView } from '../../api/protocol/calls/feedback.ts';
import {
  checkFeedbackText,
  checkGameName,
  checkReplyText,
  FEEDBACK_CATEGORY_TEXT,
  FEEDBACK_DAILY_LIMIT,
  FEEDBACK_MSG,
  FEEDBACK_STATUS_TEXT,
  type FeedbackCategory,
  type FeedbackStatus,
} from '../../api/protocol/help-rules.ts';
import { chinaDate } from '../china-time.ts';
import { iso } from '../catalog/index.ts';
import type { Database, FeedbackTable } from '../db/schema.ts';
import { mediaUrl } from '../uploads/index.ts';

/**
 * Feedback and complaints: the player's submission (userOpinion) and record
 * (myOpinionReply), and the staff side's plain functions (listFeedback, replyToFeedback,
 * closeFeedback) that the staff console's calls use in phase 2.
 *
 * Every player query is scoped to the caller's user id. A submission is one transaction: the row
 * claims (user_id, request_id) first (unique: a retried or doubled submit answers the row the
 * first one made and counts once), then the day's count goes up by a conditional upsert (at most
 * FEEDBACK_DAILY_LIMIT, China-time day), then the pictures' uploads are locked and must be the
 * player's own 'feedback' uploads not attached to any feedback yet (feedback_images.object_key is
 * unique). An attached event log is the same: the player's own 'event_log' upload, on no other
 * feedback (feedback.event_log_key is unique). Any refusal rolls the whole back.
 */

type FeedbackRow = Selectable<FeedbackTable>;
export type Result<T> = ({ ok: true } & T) | { ok: false; message: string };

interface MediaConfig {
  mediaBaseUrl: string;
}

export interface FeedbackSubmission {
  request_id: string;
  category: FeedbackCategory;
  game_name: string;
  content: string;
  contact: string;
  /** Upload keys, checked for shape (help-rules.ts checkImageKeys). */
  images: string[];
  /** The attached event log's upload key (help-rules.ts checkLogKey), null for none. */
  event_log?: string | null;
}

/** Aborts the submission's transaction; the reason becomes the answer. */
class Refusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
/** Another request with the same request_id got there first. */
class DuplicateRequest extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

async function existingSubmission(db: Kysely<Database>, userId: number, requestId: string) {
  return db.selectFrom('feedback').select(['id', 'status']).where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * Stores a player's feedback. `created` is false when the request_id was seen before (the first
 * submission's row is answered and nothing is counted again).
 */
export async function submitFeedback(db: Kysely<Database>, userId: number, input: FeedbackSubmission, now: Date): Promise<Result<{ id: number; status: FeedbackStatus; created: boolean }>> {
  const earlier = await existingSubmission(db, userId, input.request_id);
  if (earlier) return { ok: true, id: earlier.id, status: earlier.status, created: false };

  const gameName = checkGameName(input.game_name, input.category);
  if (!gameName.ok) return gameName;
  const content = checkFeedbackText(input.content, input.category);
  if (!content.ok) return content;

  try {
    const id = await db.transaction().execute(async (trx) => {
      // First the request id: a twin request waits here on the unique index until this one ends,
      // then finds the row and answers it (instead of tripping over the pictures this one took).
      const row = await trx
        .insertInto('feedback')
        .values({
          user_id: userId,
          request_id: input.request_id,
          category: input.category,
          content: content.value,
          game_name: gameName.value,
          contact: input.contact,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new DuplicateRequest();

      const counted = await trx
        .insertInto('feedback_day_counts')
        .values({ user_id: userId, day: chinaDate(now), count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'day'])
            .doUpdateSet((eb) => ({ count: eb('feedback_day_counts.count', '+', 1) }))
            .where('feedback_day_counts.count', '<', FEEDBACK_DAILY_LIMIT),
        )
        .returning('count')
        .executeTakeFirst();
      if (!counted) throw new Refusal(FEEDBACK_MSG.dailyLimit);

      if (input.images.length > 0) {
        // Locked: two submissions naming the same upload take turns, and the second sees it used.
        const owned = await trx
          .selectFrom('uploads')
          .select('object_key')
          .where('user_id', '=', userId)
          .where('purpose', '=', 'feedback')
          .where('object_key', 'in', input.images)
          .forUpdate()
          .execute();
        if (owned.length !== input.images.length) throw new Refusal(FEEDBACK_MSG.badImages);
        const used = await trx.selectFrom('feedback_images').select('object_key').where('object_key', 'in', input.images).executeTakeFirst();
        if (used) throw new Refusal(FEEDBACK_MSG.imageUsed);
        await trx
          .insertInto('feedback_images')
          .values(input.images.map((key, position) => ({ feedback_id: row.id, position, user_id: userId, object_key: key })))
          .execute();
      }
      const logKey = input.event_log ?? null;
      if (logKey !== null) {
        const log = await trx
          .selectFrom('uploads')
          .select('size')
          .where('user_id', '=', userId)
          .where('purpose', '=', 'event_log')
          .where('object_key', '=', logKey)
          .forUpdate()
          .executeTakeFirst();
        if (!log) throw new Refusal(FEEDBACK_MSG.badLog);
        const used = await trx.selectFrom('feedback').select('id').where('event_log_key', '=', logKey).executeTakeFirst();
        if (used) throw new Refusal(FEEDBACK_MSG.badLog);
        await trx.updateTable('feedback').set({ event_log_key: logKey, event_log_size: log.size }).where('id', '=', row.id).execute();
      }
      return row.id;
    });
    return { ok: true, id, status: 'pending', created: true };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.reason };
    if (error instanceof DuplicateRequest) {
      const first = await existingSubmission(db, userId, input.request_id);
      if (first) return { ok: true, id: first.id, status: first.status, created: false };
    }
    // Two submissions claimed the same picture at once past the lock (it cannot happen under the lock; the index decides).
    if (isUniqueViolation(error)) return { ok: false, message: FEEDBACK_MSG.imageUsed };
    throw error;
  }
}

// ---- Reading ----

async function viewsOf(db: Kysely<Database>, rows: FeedbackRow[], media: MediaConfig): Promise<FeedbackView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, replies] = await Promise.all([
    db.selectFrom('feedback_images').select(['feedback_id', 'object_key']).where('feedback_id', 'in', ids).orderBy('feedback_id').orderBy('position').execute(),
    db.selectFrom('feedback_replies').select(['id', 'feedback_id', 'content', 'created_at']).where('feedback_id', 'in', ids).orderBy('feedback_id').orderBy('id').execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    category: row.category as FeedbackCategory,
    category_text: FEEDBACK_CATEGORY_TEXT[row.category as FeedbackCategory] ?? row.category,
    content: row.content,
    game_name: row.game_name,
    contact: row.contact,
    images: images.filter((image) => image.feedback_id === row.id).map((image) => mediaUrl(media, image.object_key)),
    status: row.status,
    status_text: FEEDBACK_STATUS_TEXT[row.status],
    created_at: iso(row.created_at),
    replies: replies.filter((reply) => reply.feedback_id === row.id).map((reply) => ({ id: reply.id, content: reply.content, created_at: iso(reply.created_at) })),
  }));
}

/** The player's own feedback, newest first; with `id`, that one only (null when it is not theirs). */
export async function myFeedback(
  db: Kysely<Database>,
  userId: number,
  options: { page: number; limit: number; id?: number | undefined },
  media: MediaConfig,
): Promise<{ list: FeedbackView[]; total: number } | null> {
  if (options.id !== undefined) {
    const row = await db.selectFrom('feedback').selectAll().where('id', '=', options.id).where('user_id', '=', userId).executeTakeFirst();
    return row ? { list: await viewsOf(db, [row], media), total: 1 } : null;
  }
  const base = db.selectFrom('feedback').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset((options.page - 1) * options.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: await viewsOf(db, rows, media), total: Number(count.n) };
}

// ---- The staff side ----

export interface StaffFeedbackView extends FeedbackView {
  user: { id: number; nickname: string; phone: string };
  updated_at: string;
  event_log: { size: number } | null;
}

const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

/**
 * Feedback for the staff's queue: all, or of one status (and category, and player); oldest first
 * for 'pending' (first come, first answered), newest first otherwise. Pictures as URLs under
 * `mediaBaseUrl` ('' = /media).
 */
export async function listFeedback(
  db: Kysely<Database>,
  options: { status?: FeedbackStatus | undefined; category?: FeedbackCategory | undefined; userId?: number | undefined; page: number; limit?: number; mediaBaseUrl?: string },
): Promise<{ list: StaffFeedbackView[]; total: number; page: number; limit: number }> {
  const limit = options.limit ?? 20;
  let base = db.selectFrom('feedback');
  if (options.status) base = base.where('status', '=', options.status);
  if (options.category) base = base.where('category', '=', options.category);
  if (options.userId !== undefined) base = base.where('user_id', '=', options.userId);
  const direction = options.status === 'pending' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', direction).orderBy('id', direction).limit(limit).offset((options.page - 1) * limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: await staffViewsOf(db, rows, options.mediaBaseUrl ?? ''), total: Number(count.n), page: options.page, limit };
}

/** One feedback as the staff see it (whoever's it is); null when there is none. */
export async function feedbackForStaff(db: Kysely<Database>, id: number, mediaBaseUrl = ''): Promise<StaffFeedbackView | null> {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await staffViewsOf(db, [row], mediaBaseUrl))[0]! : null;
}

async function staffViewsOf(db: Kysely<Database>, rows: FeedbackRow[], mediaBaseUrl: string): Promise<StaffFeedbackView[]> {
  const views = await viewsOf(db, rows, { mediaBaseUrl });
  const users = rows.length === 0 ? [] : await db.selectFrom('users').select(['id', 'nickname', 'phone']).where('id', 'in', [...new Set(rows.map((row) => row.user_id))]).execute();
  return views.map((view, index) => {
    const row = rows[index]!;
    const user = users.find((u) => u.id === row.user_id);
    const eventLog = row.event_log_key !== null && row.event_log_size !== null ? { size: row.event_log_size } : null;
    return { ...view, user: { id: row.user_id, nickname: user?.nickname ?? '', phone: maskPhone(user?.phone ?? '') }, updated_at: iso(row.updated_at), event_log: eventLog };
  });
}

/**
 * The message a reply sends to the player, shaped as the messages slice's postMessage takes it
 * (server/messages/writer.ts): `replyToFeedback(db, staffId, id, text, now, postMessage)`.
 */
export interface FeedbackReplyMessage {
  kind: 'system';
  userId: number;
  title: string;
  content: string;
  link: { path: string; data?: Record<string, unknown> };
  sourceRef: string;
}

/** Posts the reply's message inside the reply's transaction (so both happen or neither). */
export type FeedbackNotify = (trx: Transaction<Database>, message: FeedbackReplyMessage, now: Date) => Promise<unknown>;

export const REPLY_MESSAGE_TITLE = '您的反馈有新回复';
const QUOTE_CHARS = 20;

export function replyMessage(feedback: { id: number; user_id: number; content: string; game_name: string }, reply: { id: number; content: string }): FeedbackReplyMessage {
  const about = [...(feedback.game_name || feedback.content)];
  const quote = about.length > QUOTE_CHARS ? `${about.slice(0, QUOTE_CHARS).join('')}…` : about.join('');
  return {
    kind: 'system',
    userId: feedback.user_id,
    title: REPLY_MESSAGE_TITLE,
    content: `客服回复了您的反馈「${quote}」：${reply.content}`,
    link: { path: '/backrecord', data: { id: feedback.id } },
    sourceRef: `feedback-reply:${reply.id}`,
  };
}

/**
 * Runs `work` in the caller's transaction when `db` is one (a staff call's ctx.db), else in a new
 * transaction: Kysely cannot open a transaction inside a transaction.
 */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * A staff reply: stored, and the feedback becomes 已回复, in one transaction that holds the
 * feedback's row (a reply racing a close: one goes first, and a reply to a closed feedback is
 * refused). `notify` is THE call site of the player's message (the staff console passes
 * postMessage). Inside a staff call pass ctx.db: the reply joins the call's transaction.
 *
 * `requestId` (the console's key of one reply) makes a retry idempotent: the same key on the same
 * feedback answers the reply stored the first time (`created: false`), even when the feedback has
 * been closed since, and posts nothing new (notify runs again with the same sourceRef, a no-op).
 */
export async function replyToFeedback(
  db: Kysely<Database>,
  staffId: number,
  feedbackId: number,
  text: string,
  now: Date,
  notify?: FeedbackNotify,
  requestId?: string,
): Promise<Result<{ reply: { id: number; content: string; created_at: string }; status: FeedbackStatus; created: boolean }>> {
  const checked = checkReplyText(text);
  if (!checked.ok) return checked;
  try {
    return await inTransaction(db, async (trx) => {
      const feedback = await trx.selectFrom('feedback').select(['id', 'user_id', 'status', 'content', 'game_name']).where('id', '=', feedbackId).forUpdate().executeTakeFirst();
      if (!feedback) throw new Refusal(FEEDBACK_MSG.missing);
      if (requestId !== undefined) {
        const earlier = await trx.selectFrom('feedback_replies').select(['id', 'content', 'created_at']).where('feedback_id', '=', feedbackId).where('request_id', '=', requestId).executeTakeFirst();
        if (earlier) {
          await notify?.(trx, replyMessage(feedback, earlier), now);
          return { ok: true as const, reply: { id: earlier.id, content: earlier.content, created_at: iso(earlier.created_at) }, status: feedback.status, created: false };
        }
      }
      if (feedback.status === 'closed') throw new Refusal(FEEDBACK_MSG.closed);
      const reply = await trx
        .insertInto('feedback_replies')
        .values({ feedback_id: feedbackId, staff_id: staffId, content: checked.value, created_at: now, request_id: requestId ?? null })
        .returning(['id', 'content', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('feedback').set({ status: 'replied', updated_at: now }).where('id', '=', feedbackId).execute();
      await notify?.(trx, replyMessage(feedback, reply), now);
      return { ok: true as const, reply: { id: reply.id, content: reply.content, created_at: iso(reply.created_at) }, status: 'replied' as const, created: true };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.reason };
    throw error;
  }
}

/**
 * Closes a feedback (no more replies). Idempotent: closing a closed one answers ok with
 * `changed: false`. Inside a staff call pass ctx.db.
 */
export async function closeFeedback(db: Kysely<Database>, staffId: number, feedbackId: number, now: Date): Promise<Result<{ status: 'closed'; changed: boolean }>> {
  return inTransaction(db, async (trx) => {
    const feedback = await trx.selectFrom('feedback').select(['id', 'status']).where('id', '=', feedbackId).forUpdate().executeTakeFirst();
    if (!feedback) return { ok: false as const, message: FEEDBACK_MSG.missing };
    const changed = feedback.status !== 'closed';
    if (changed) await trx.updateTable('feedback').set({ status: 'closed', closed_by: staffId, updated_at: now }).where('id', '=', feedbackId).execute();
    return { ok: true as const, status: 'closed' as const, changed };
  });
}
