import type { Kysely } from 'kysely';
import * as desk from '../../api/protocol/staff/service.ts';
import { DESK_MSG, type DeskConversation } from '../../api/protocol/service-desk.ts';
import type { Database } from '../db/schema.ts';
import type { ServiceBus } from './bus.ts';
import {
  agentReplyIn,
  announce,
  closeConversationIn,
  conversationMessages,
  conversationSummary,
  createQuickReply,
  deleteQuickReply,
  listQueue,
  listQuickReplies,
  queueCounts,
  takeConversationIn,
  toChatMessage,
  updateQuickReply,
  type ConversationSummary,
  type Pending,
} from './conversations.ts';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_TICKET_TTL_MS } from '../uploads/index.ts';
import { handleStaff, issueStaffUploadTicket, staffOk, staffRefuse, staffUploadUrl, type StaffCallDefinition, type StaffContext, type StaffIdentity } from '../staff/index.ts';

/**
 * The customer-service desk's calls (api/protocol/staff/service.ts). The agents' rules are the
 * functions of server/service/conversations.ts, run in the call's transaction (their `…In`
 * forms); what they announce goes on the bus after the commit (ctx.afterCommit), so a stream that
 * hears it reads the change.
 *
 * Who reads what: an administrator every conversation; an agent the queued ones and those they
 * hold or held (the same rule as the agents' stream, server/service/agent-stream.ts).
 */

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function mayRead(staff: Pick<StaffIdentity, 'id' | 'role'>, conversation: Pick<ConversationSummary, 'status' | 'agent_id'>): boolean {
  return staff.role === 'admin' || conversation.status === 'queued' || conversation.agent_id === staff.id;
}

/** The console's view of conversations: ISO times, the holder's account name, what the asker may read. */
async function deskViews(db: Kysely<Database>, staff: StaffIdentity, summaries: ConversationSummary[]): Promise<DeskConversation[]> {
  const agentIds = [...new Set(summaries.map((s) => s.agent_id).filter((id): id is number => id !== null))];
  const names = agentIds.length === 0 ? [] : await db.selectFrom('staff_accounts').select(['id', 'name']).where('id', 'in', agentIds).execute();
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return summaries.map((s) => {
    const readable = mayRead(staff, s);
    return {
      id: s.id,
      user_id: s.user_id,
      user_uuid: s.user_uuid,
      nickname: s.nickname,
      status: s.status,
      agent_id: s.agent_id,
      agent: s.agent,
      agent_name: s.agent_id !== null ? (nameOf.get(s.agent_id) ?? null) : null,
      mine: s.agent_id === staff.id,
      readable,
      position: s.position,
      created_at: iso(s.created_at)!,
      taken_at: iso(s.taken_at),
      closed_at: iso(s.closed_at),
      last_message_at: iso(s.last_message_at)!,
      last_message: readable ? s.last_message : null,
    };
  });
}

async function deskView(ctx: Pick<StaffContext, 'db' | 'staff' | 'now'>, conversationId: number): Promise<DeskConversation | null> {
  const summary = await conversationSummary(ctx.db, conversationId, ctx.now);
  return summary ? ((await deskViews(ctx.db, ctx.staff, [summary]))[0] ?? null) : null;
}

/** Announces on the bus once the call has committed. */
function announceAfterCommit(ctx: Pick<StaffContext, 'afterCommit'>, bus: ServiceBus, pending: Pending<unknown>): void {
  ctx.afterCommit(() => announce(bus, pending.announcements));
}

export function staffServiceCalls(bus: ServiceBus): StaffCallDefinition[] {
  return [
    handleStaff(desk.queue, async (ctx) => {
      const { view, limit } = ctx.input;
      const staffId = ctx.staff.id;
      const visibleAt = ctx.now;
      const summaries =
        view === 'queued'
          ? await listQueue(ctx.db, { status: 'queued', limit, visibleAt })
          : view === 'mine'
            ? await listQueue(ctx.db, { status: 'open', agentId: staffId, limit, visibleAt })
            : view === 'open'
              ? await listQueue(ctx.db, { status: 'open', limit, visibleAt })
              : await listQueue(ctx.db, { status: 'closed', limit, visibleAt, ...(ctx.staff.role === 'admin' ? {} : { agentId: staffId }) });
      return staffOk({ list: await deskViews(ctx.db, ctx.staff, summaries), counts: await queueCounts(ctx.db, staffId), server_time: ctx.now.toISOString() });
    }),

    handleStaff(desk.messages, async (ctx) => {
      const conversation = await deskView(ctx, ctx.input.id);
      if (!conversation) return staffRefuse(DESK_MSG.notFound);
      if (!conversation.readable) return staffRefuse(DESK_MSG.notReadable, { conversation });
      const { limit } = ctx.input;
      const rows = await conversationMessages(ctx.db, conversation.id, { limit: limit + 1, visibleAt: ctx.now, ...(ctx.input.before_id !== undefined ? { beforeId: ctx.input.before_id } : {}) });
      const page = rows.length > limit ? rows.slice(rows.length - limit) : rows;
      return staffOk({ conversation, list: page.map((row) => toChatMessage(row, ctx.config)), has_more: rows.length > limit, server_time: ctx.now.toISOString() });
    }),

    handleStaff(desk.take, async (ctx) => {
      const result = await takeConversationIn(ctx.db, ctx.staff.id, ctx.input.id, ctx.now);
      if (!result.ok) {
        const conversation = result.reason === 'notFound' ? null : await deskView(ctx, ctx.input.id);
        return staffRefuse(result.message, conversation ? { conversation } : null);
      }
      const taken = result.value.value;
      await ctx.audit('service.take', `conversation:${taken.id}`, { status: 'queued', agent_id: null }, { status: taken.status, agent_id: taken.agent_id, taken_at: iso(taken.taken_at) });
      announceAfterCommit(ctx, bus, result.value);
      return staffOk({ conversation: (await deskView(ctx, taken.id))! }, DESK_MSG.taken);
    }),

    handleStaff(desk.reply, async (ctx) => {
      const { id, text, image } = ctx.input;
      const content = image !== undefined ? (text !== undefined ? { text, imageKey: image } : { imageKey: image }) : { text: text ?? '' };
      const result = await agentReplyIn(ctx.db, ctx.staff.id, id, content, ctx.now);
      if (!result.ok) return staffRefuse(result.message);
      const message = result.value.value;
      await ctx.audit('service.reply', `conversation:${id}`, null, { message_id: message.id, content: message.content, image_key: message.image_key });
      announceAfterCommit(ctx, bus, result.value);
      return staffOk({ message: toChatMessage(message, ctx.config) }, DESK_MSG.replied);
    }),

    handleStaff(desk.close, async (ctx) => {
      const result = await closeConversationIn(ctx.db, ctx.staff.id, ctx.input.id, ctx.now);
      if (!result.ok) return staffRefuse(result.message);
      const closed = result.value.value;
      await ctx.audit('service.close', `conversation:${closed.id}`, { status: 'open', agent_id: closed.agent_id }, { status: closed.status, closed_at: iso(closed.closed_at) });
      announceAfterCommit(ctx, bus, result.value);
      return staffOk({ conversation: (await deskView(ctx, closed.id))! }, DESK_MSG.closed);
    }),

    handleStaff(desk.uploadTicket, async (ctx) => {
      // The upload itself is audited (service.upload) when the picture is stored.
      const ticket = await issueStaffUploadTicket(ctx.kv, ctx.staff.id, 'service');
      return staffOk({ url: staffUploadUrl(ticket), method: 'POST' as const, expires_in: UPLOAD_TICKET_TTL_MS / 1000, max_bytes: MAX_UPLOAD_BYTES, accept: ACCEPTED_IMAGE_TYPES });
    }),

    handleStaff(desk.quickReplies, async (ctx) => staffOk({ list: await listQuickReplies(ctx.db) })),

    handleStaff(desk.quickReplyCreate, async (ctx) => {
      const result = await createQuickReply(ctx.db, { content: ctx.input.content ?? '', ...(ctx.input.sort !== undefined ? { sort: ctx.input.sort } : {}) }, ctx.now);
      if (!result.ok) return staffRefuse(result.message);
      await ctx.audit('service.quickReply.create', `quick_reply:${result.value.id}`, null, result.value);
      return staffOk(result.value, DESK_MSG.quickReplyCreated);
    }),

    handleStaff(desk.quickReplyUpdate, async (ctx) => {
      const before = await ctx.db.selectFrom('service_quick_replies').select(['id', 'content', 'sort']).where('id', '=', ctx.input.id).forUpdate().executeTakeFirst();
      if (!before) return staffRefuse(DESK_MSG.quickReplyNotFound);
      const result = await updateQuickReply(ctx.db, ctx.input.id, { ...(ctx.input.content !== undefined ? { content: ctx.input.content } : {}), ...(ctx.input.sort !== undefined ? { sort: ctx.input.sort } : {}) }, ctx.now);
      if (!result.ok) return staffRefuse(result.message);
      await ctx.audit('service.quickReply.update', `quick_reply:${before.id}`, before, result.value);
      return staffOk(result.value, DESK_MSG.quickReplyUpdated);
    }),

    handleStaff(desk.quickReplyDelete, async (ctx) => {
      const before = await ctx.db.selectFrom('service_quick_replies').select(['id', 'content', 'sort']).where('id', '=', ctx.input.id).forUpdate().executeTakeFirst();
      if (!before) return staffRefuse(DESK_MSG.quickReplyNotFound);
      const result = await deleteQuickReply(ctx.db, ctx.input.id);
      if (!result.ok) return staffRefuse(result.message);
      await ctx.audit('service.quickReply.delete', `quick_reply:${before.id}`, before, null);
      return staffOk(null, DESK_MSG.quickReplyDeleted);
    }),
  ];
}
