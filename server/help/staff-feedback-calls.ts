import type { Kysely } from 'kysely';
import * as feedback from '../../api/protocol/staff/feedback.ts';
import type { FeedbackCounts, StaffFeedbackItem } from '../../api/protocol/staff/feedback.ts';
import { FEEDBACK_MSG, FEEDBACK_STATUSES } from '../../api/protocol/help-rules.ts';
import type { Database } from '../db/schema.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { readFeedbackLog } from './feedback-logs.ts';
import { closeFeedback, feedbackForStaff, listFeedback, replyToFeedback, type StaffFeedbackView } from './feedback.ts';
import { postMessage } from '../messages/index.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 意见反馈 (api/protocol/staff/feedback.ts): the queue and its actions over server/help/feedback.ts.
 * Every query runs in the call's transaction (ctx.db); a reply posts the player's message through
 * postMessage inside it, so the reply, the message and the audit row commit together.
 */

/** The views with each reply's staff name. */
async function withStaffNames(db: Kysely<Database>, views: StaffFeedbackView[]): Promise<StaffFeedbackItem[]> {
  const replyIds = views.flatMap((view) => view.replies.map((reply) => reply.id));
  const authors =
    replyIds.length === 0
      ? []
      : await db
          .selectFrom('feedback_replies')
          .leftJoin('staff_accounts', 'staff_accounts.id', 'feedback_replies.staff_id')
          .select(['feedback_replies.id', 'feedback_replies.staff_id', 'staff_accounts.name'])
          .where('feedback_replies.id', 'in', replyIds)
          .execute();
  const byId = new Map(authors.map((row) => [row.id, row]));
  return views.map((view) => ({
    ...view,
    replies: view.replies.map((reply) => ({ ...reply, staff_id: byId.get(reply.id)?.staff_id ?? 0, staff_name: byId.get(reply.id)?.name ?? '' })),
  }));
}

/** Locks the feedback's row for the rest of the call (a reply and a close take turns), then reads it. */
async function lockedItem(db: Kysely<Database>, id: number, mediaBaseUrl: string): Promise<StaffFeedbackItem | null> {
  const row = await db.selectFrom('feedback').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? itemOf(db, id, mediaBaseUrl) : null;
}

async function itemOf(db: Kysely<Database>, id: number, mediaBaseUrl: string): Promise<StaffFeedbackItem | null> {
  const view = await feedbackForStaff(db, id, mediaBaseUrl);
  return view ? (await withStaffNames(db, [view]))[0]! : null;
}

/** What the audit keeps of a feedback: its state, not the player's text again. */
const auditState = (item: StaffFeedbackItem) => ({ status: item.status, replies: item.replies.length });

/** `storage` holds the attached event logs (absent only when the calls are merely listed). */
export const staffFeedbackCalls = (storage: ObjectStorage | undefined): StaffCallDefinition[] => [
  handleStaff(feedback.list, async (ctx) => {
    const { page, limit, status, category, user_id: userId } = ctx.input;
    const result = await listFeedback(ctx.db, { status, category, userId, page, limit, mediaBaseUrl: ctx.config.mediaBaseUrl });
    const grouped = await ctx.db.selectFrom('feedback').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, Number(grouped.find((row) => row.status === s)?.n ?? 0)])) as FeedbackCounts;
    return staffOk({ list: await withStaffNames(ctx.db, result.list), total: result.total, page, limit, counts });
  }),

  handleStaff(feedback.detail, async (ctx) => {
    const item = await itemOf(ctx.db, ctx.input.id, ctx.config.mediaBaseUrl);
    return item ? staffOk(item) : staffRefuse(FEEDBACK_MSG.missing);
  }),

  handleStaff(feedback.reply, async (ctx) => {
    const { id, text, request_id: requestId } = ctx.input;
    const before = await lockedItem(ctx.db, id, ctx.config.mediaBaseUrl);
    if (!before) return staffRefuse(FEEDBACK_MSG.missing);
    let message: { id: number; created: boolean } | null = null;
    const replied = await replyToFeedback(ctx.db, ctx.staff.id, id, text, ctx.now, async (trx, reply, now) => {
      message = await postMessage(trx, reply, now);
    }, requestId);
    if (!replied.ok) return staffRefuse(replied.message);
    const after = (await itemOf(ctx.db, id, ctx.config.mediaBaseUrl))!;
    if (replied.created) {
      await ctx.audit('feedback.reply', `feedback:${id}`, auditState(before), { ...auditState(after), reply: { id: replied.reply.id, content: replied.reply.content }, message_id: (message as { id: number } | null)?.id ?? null });
    }
    return staffOk({ feedback: after, reply_id: replied.reply.id, created: replied.created }, FEEDBACK_MSG.replied);
  }),

  handleStaff(feedback.close, async (ctx) => {
    const { id } = ctx.input;
    const before = await lockedItem(ctx.db, id, ctx.config.mediaBaseUrl);
    if (!before) return staffRefuse(FEEDBACK_MSG.missing);
    const closed = await closeFeedback(ctx.db, ctx.staff.id, id, ctx.now);
    if (!closed.ok) return staffRefuse(closed.message);
    const after = (await itemOf(ctx.db, id, ctx.config.mediaBaseUrl))!;
    if (closed.changed) await ctx.audit('feedback.close', `feedback:${id}`, auditState(before), auditState(after));
    return staffOk({ feedback: after }, FEEDBACK_MSG.closedOk);
  }),

  // A player's session, redacted on the phone but still theirs: every reading is audited.
  handleStaff(feedback.eventLog, async (ctx) => {
    const { id } = ctx.input;
    if (!storage) throw new Error('feedback/eventLog needs the object storage');
    const exists = await ctx.db.selectFrom('feedback').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) return staffRefuse(FEEDBACK_MSG.missing);
    const read = await readFeedbackLog(ctx.db, storage, id);
    if (!read.found) return staffRefuse(FEEDBACK_MSG.noLog);
    if (!read.log) return staffRefuse(FEEDBACK_MSG.badLog);
    await ctx.audit('feedback.eventLog', `feedback:${id}`, null, { size: read.size, entries: read.log.entries.length });
    return staffOk({ log: read.log });
  }),
];
