import type { Transaction } from 'kysely';
import * as serviceSpecs from '../../api/protocol/calls/service.ts';
import * as calls from '../../api/protocol/calls/user.ts';
import { SERVICE_POLL_INTERVAL_MS } from '../../api/protocol/service-chat.ts';
import { defineCalls, handle, ok, refuse, type AuthedContext, type CallContext } from '../calls.ts';
import type { Database } from '../db/schema.ts';
import { PRODUCT } from '../product.ts';
import type { ServiceBus } from '../service/bus.ts';
import { queueOf, SERVICE_TEXT, toChatMessage, writePlayerMessage, type PlayerMessageWritten } from '../service/conversations.ts';
import { serviceStatus } from '../service/hours.ts';
import { issueStreamTicket, streamUrl, STREAM_TICKET_TTL_MS } from '../service/stream.ts';

export { isWithinServiceHours, SERVICE_HOURS, serviceStatus, type ServiceStatus } from '../service/hours.ts';

/**
 * Customer service (SPEC §7): the unread-message poll, the chat of the /service page, the queue
 * and the stream ticket, and the status check of PROTOCOL §7. While no agent holds
 * the conversation a small automatic agent answers: replies are stored ahead of time (created_at
 * in the future) and every read shows only messages whose created_at has passed, so no timers
 * run on the server. The agents' side: server/service/conversations.ts.
 */

export const MESSAGE_MAX_LENGTH = calls.MESSAGE_MAX_LENGTH;
/** An automatic reply becomes visible this long after the user's message. */
export const AUTO_REPLY_DELAY_MS = 3_000;
/** No new automatic reply while the service answered (or queued an answer) within this window. */
export const AUTO_REPLY_QUIET_MS = 60_000;
export const LIST_DEFAULT_LIMIT = calls.CHAT_DEFAULT_LIMIT;
export const LIST_MAX_LIMIT = calls.CHAT_MAX_LIMIT;

export const SERVICE_MSG = {
  welcome: `欢迎来到${PRODUCT.name}！有任何问题都可以在这里联系客服。`,
  contentRequired: calls.CHAT_MSG.contentRequired,
  contentTooLong: calls.CHAT_MSG.contentTooLong,
  badImage: calls.CHAT_MSG.badImage,
  badPage: '分页参数错误',
  sent: '发送成功',
} as const;

export const AUTO_REPLIES = {
  default: '您好，客服已收到您的消息，将尽快为您处理。',
  keywords: [
    { keyword: '充值', reply: '充值问题请提供游戏名称和订单号；已扣款未到账的订单，客服会在核实后为您补发，请耐心等待。' },
    { keyword: '礼包', reply: '礼包领取后可在游戏详情页的「礼包」中查看兑换码，请在游戏内按说明兑换；兑换码提示无效时请把截图发给客服。' },
    { keyword: '下载', reply: '下载失败时请检查网络和手机存储空间，并在「下载管理」中重试；仍无法下载请告诉客服游戏名称和手机型号。' },
    { keyword: '账号', reply: '忘记密码可在登录页点击「忘记密码」找回；账号安全、实名认证和注销请在「账号设置」中操作。' },
  ],
  offHours: `（当前为非服务时间，客服将在上线后第一时间回复您。服务时间：${PRODUCT.serviceHours}）`,
} as const;

/** The automatic agent's answer: the first keyword found, else the default; off hours says so. */
export function autoReplyFor(content: string, online: boolean): string {
  const answer = AUTO_REPLIES.keywords.find(({ keyword }) => content.includes(keyword))?.reply ?? AUTO_REPLIES.default;
  return online ? answer : answer + AUTO_REPLIES.offHours;
}

/** Messages the user can see now: queued replies stay hidden until their time. */
function visibleMessages({ db, user, now }: AuthedContext) {
  return db.selectFrom('service_messages').where('user_id', '=', user.id).where('created_at', '<=', now);
}

/**
 * Players known (per database handle, in this process) to have a service message: a chat never
 * empties again (only account cancellation deletes it, and ends every session), so the poll every
 * open app makes each 20 s skips the check. Bounded: past WELCOMED_MAX it starts over.
 */
const welcomed = new WeakMap<CallContext['db'], Set<number>>();
const WELCOMED_MAX = 100_000;

/** The welcome message, once: lazily on the user's first poll or first visit to the chat. */
async function ensureWelcome(ctx: AuthedContext): Promise<void> {
  const userId = ctx.user.id;
  let known = welcomed.get(ctx.db);
  if (!known) welcomed.set(ctx.db, (known = new Set()));
  if (known.has(userId)) return;
  const any = await ctx.db.selectFrom('service_messages').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  if (!any) {
    await ctx.db
      .insertInto('service_messages')
      .values({ user_id: userId, direction: 'out', kind: 'welcome', content: SERVICE_MSG.welcome, read_at: null, created_at: ctx.now })
      .execute();
  }
  if (known.size >= WELCOMED_MAX) known.clear();
  known.add(userId);
}

/** Seeing the chat (or writing in it) reads every delivered service message. */
export async function markDeliveredRead(db: CallContext['db'], userId: number, now: Date, upToId?: number): Promise<void> {
  let query = db.updateTable('service_messages').set({ read_at: now }).where('user_id', '=', userId).where('direction', '=', 'out').where('read_at', 'is', null).where('created_at', '<=', now);
  if (upToId !== undefined) query = query.where('id', '<=', upToId);
  await query.execute();
}

const MESSAGE_FIELDS = ['id', 'direction', 'kind', 'content', 'image_key', 'agent_id', 'created_at'] as const;

/** Page 1 holds the newest messages; each page lists oldest first (newest last). */
async function chatPage(ctx: AuthedContext, page: number, limit: number) {
  const { total } = await visibleMessages(ctx).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await visibleMessages(ctx)
    .select(MESSAGE_FIELDS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { list: rows.reverse().map((row) => toChatMessage(row, ctx.config)), total: Number(total), page, limit };
}

/**
 * Queues the automatic reply, in the message's transaction, unless an agent holds the
 * conversation or the service answered (or queued an answer) in the last minute.
 */
async function queueAutoReply(ctx: AuthedContext, trx: Transaction<Database>, written: PlayerMessageWritten, content: string): Promise<number | null> {
  if (written.conversation.status !== 'queued') return null;
  const recent = await trx
    .selectFrom('service_messages')
    .select('id')
    .where('user_id', '=', ctx.user.id)
    .where('direction', '=', 'out')
    .where('kind', 'in', ['auto', 'agent'])
    .where('created_at', '>', new Date(ctx.now.getTime() - AUTO_REPLY_QUIET_MS))
    .limit(1)
    .executeTakeFirst();
  if (recent) return null;
  const online = serviceStatus(ctx.config.serviceStatus, ctx.now) === 'online';
  await trx
    .insertInto('service_messages')
    .values({
      user_id: ctx.user.id,
      conversation_id: written.conversation.id,
      direction: 'out',
      kind: 'auto',
      content: autoReplyFor(content, online),
      read_at: null,
      created_at: new Date(ctx.now.getTime() + AUTO_REPLY_DELAY_MS),
    })
    .execute();
  return AUTO_REPLY_DELAY_MS;
}

/** The player's calls; `bus` tells the streams (server/service/bus.ts). */
export function serviceCalls(bus: ServiceBus) {
  return defineCalls(
    // SPEC §7: polled every 20 s; data { id, content } of the newest unread service message, or null.
    handle(calls.getUnreadMessage, async (ctx) => {
      await ensureWelcome(ctx);
      const row = await visibleMessages(ctx)
        .select(['id', 'content', 'image_key'])
        .where('direction', '=', 'out')
        .where('read_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return ok(row ? { id: row.id, content: row.content || (row.image_key ? SERVICE_TEXT.picture : '') } : null);
    }),
    // PROTOCOL §7: 'online' | 'offline'; a token is not needed.
    handle(calls.getServiceStatus, async ({ config, now }) => ok(serviceStatus(config.serviceStatus, now))),
    // The chat's newest page (PROTOCOL §10), the service hours and status for the page header, the queue.
    handle(calls.getChatLink, async (ctx) => {
      await ensureWelcome(ctx);
      await markDeliveredRead(ctx.db, ctx.user.id, ctx.now);
      const page = await chatPage(ctx, 1, ctx.input.limit);
      const queue = await queueOf(ctx.db, ctx.config, ctx.user.id, ctx.now);
      return ok({ ...page, service: { hours: PRODUCT.serviceHours, status: serviceStatus(ctx.config.serviceStatus, ctx.now) }, queue });
    }),
    // Older pages of the chat (page 2 and on go back in time).
    handle(calls.getChatLinkRecord, async (ctx) => ok(await chatPage(ctx, ctx.input.page, ctx.input.limit))),
    handle(calls.sendServiceMessage, async (ctx) => {
      const { content, image } = ctx.input;
      if (content === '' && image === '') return refuse(SERVICE_MSG.contentRequired);
      await markDeliveredRead(ctx.db, ctx.user.id, ctx.now);
      let replyInMs: number | null = null;
      const written = await writePlayerMessage(ctx.db, bus, ctx.user.id, { content, imageKey: image || null }, ctx.now, async (trx, message) => {
        replyInMs = await queueAutoReply(ctx, trx, message, content);
      });
      if (!written) return refuse(SERVICE_MSG.badImage);
      const queue = await queueOf(ctx.db, ctx.config, ctx.user.id, ctx.now);
      return ok({ message: toChatMessage(written.message, ctx.config), reply_in_ms: replyInMs, queue }, SERVICE_MSG.sent);
    }),
    handle(serviceSpecs.getWoliveQueue, async (ctx) => ok(await queueOf(ctx.db, ctx.config, ctx.user.id, ctx.now))),
    handle(serviceSpecs.getWoliveUnreadMessages, async (ctx) => {
      const rows = await visibleMessages(ctx)
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('direction', '=', 'out')
        .where('read_at', 'is', null)
        .groupBy('kind')
        .execute();
      const count = rows.reduce((sum, row) => sum + Number(row.n), 0);
      const agent = Number(rows.find((row) => row.kind === 'agent')?.n ?? 0);
      return ok({ count, agent });
    }),
    // The meaning this server gives it: how the client should fetch service messages.
    handle(serviceSpecs.getUnreadMessageControl, async () => ok({ poll: true, interval_ms: SERVICE_POLL_INTERVAL_MS, stream: true })),
    handle(serviceSpecs.getChatStreamTicket, async (ctx) => {
      const status = serviceStatus(ctx.config.serviceStatus, ctx.now);
      if (status === 'offline') return ok({ url: null, expires_in: 0, status });
      const ticket = await issueStreamTicket(ctx.kv, { userId: ctx.user.id, sessionId: ctx.user.sessionId });
      return ok({ url: streamUrl(ticket), expires_in: STREAM_TICKET_TTL_MS / 1000, status });
    }),
  );
}

