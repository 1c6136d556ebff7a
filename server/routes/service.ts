import * as calls from '../../api/protocol/calls/user.ts';
import { defineCalls, handle, ok, type CallContext } from '../calls.ts';
import type { ServiceMessageDirection } from '../db/schema.ts';
import { PRODUCT } from '../product.ts';

/**
 * Customer service (SPEC §7): the unread-message poll, the chat of the /service page and the
 * status check of PROTOCOL §7. A small automatic agent answers so the chat is alive: replies are
 * stored ahead of time (created_at in the future) and every read shows only messages whose
 * created_at has passed, so no timers run on the server.
 */

/** The service hours of PRODUCT.serviceHours ('每日 9:00-23:00'), China time (UTC+8, no DST). */
export const SERVICE_HOURS = { openHour: 9, closeHour: 23, utcOffsetHours: 8 } as const;
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

export type ServiceStatus = 'online' | 'offline';

/** Online between openHour and closeHour, China time. */
export function isWithinServiceHours(at: Date): boolean {
  const hour = new Date(at.getTime() + SERVICE_HOURS.utcOffsetHours * 3_600_000).getUTCHours();
  return hour >= SERVICE_HOURS.openHour && hour < SERVICE_HOURS.closeHour;
}

export function serviceStatus(mode: 'online' | 'offline' | 'auto', at: Date): ServiceStatus {
  if (mode !== 'auto') return mode;
  return isWithinServiceHours(at) ? 'online' : 'offline';
}

/** The automatic agent's answer: the first keyword found, else the default; off hours says so. */
export function autoReplyFor(content: string, online: boolean): string {
  const answer = AUTO_REPLIES.keywords.find(({ keyword }) => content.includes(keyword))?.reply ?? AUTO_REPLIES.default;
  return online ? answer : answer + AUTO_REPLIES.offHours;
}

export interface ChatMessage {
  id: number;
  direction: ServiceMessageDirection;
  content: string;
  created_at: string;
}

/** Messages the user can see now: queued replies stay hidden until their time. */
function visibleMessages({ db, user, now }: CallContext) {
  return db.selectFrom('service_messages').where('user_id', '=', user!.id).where('created_at', '<=', now);
}

/** The welcome message, once: lazily on the user's first poll or first visit to the chat. */
async function ensureWelcome(ctx: CallContext): Promise<void> {
  const any = await ctx.db.selectFrom('service_messages').select('id').where('user_id', '=', ctx.user!.id).limit(1).executeTakeFirst();
  if (any) return;
  await ctx.db
    .insertInto('service_messages')
    .values({ user_id: ctx.user!.id, direction: 'out', kind: 'welcome', content: SERVICE_MSG.welcome, read_at: null, created_at: ctx.now })
    .execute();
}

/** Seeing the chat (or writing in it) reads every delivered service message. */
async function markDeliveredRead(ctx: CallContext): Promise<void> {
  await ctx.db
    .updateTable('service_messages')
    .set({ read_at: ctx.now })
    .where('user_id', '=', ctx.user!.id)
    .where('direction', '=', 'out')
    .where('read_at', 'is', null)
    .where('created_at', '<=', ctx.now)
    .execute();
}

function toChatMessage(row: { id: number; direction: ServiceMessageDirection; content: string; created_at: Date | string }): ChatMessage {
  return { id: row.id, direction: row.direction, content: row.content, created_at: new Date(row.created_at).toISOString() };
}

/** Page 1 holds the newest messages; each page lists oldest first (newest last). */
async function chatPage(ctx: CallContext, page: number, limit: number) {
  const { total } = await visibleMessages(ctx).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await visibleMessages(ctx)
    .select(['id', 'direction', 'content', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { list: rows.reverse().map(toChatMessage), total: Number(total), page, limit };
}

/** Queues the automatic reply unless the service answered, or queued an answer, in the last minute. */
async function queueAutoReply(ctx: CallContext, content: string): Promise<number | null> {
  const recent = await ctx.db
    .selectFrom('service_messages')
    .select('id')
    .where('user_id', '=', ctx.user!.id)
    .where('direction', '=', 'out')
    .where('kind', '<>', 'welcome')
    .where('created_at', '>', new Date(ctx.now.getTime() - AUTO_REPLY_QUIET_MS))
    .limit(1)
    .executeTakeFirst();
  if (recent) return null;
  const online = serviceStatus(ctx.config.serviceStatus, ctx.now) === 'online';
  await ctx.db
    .insertInto('service_messages')
    .values({
      user_id: ctx.user!.id,
      direction: 'out',
      kind: 'auto',
      content: autoReplyFor(content, online),
      read_at: null,
      created_at: new Date(ctx.now.getTime() + AUTO_REPLY_DELAY_MS),
    })
    .execute();
  return AUTO_REPLY_DELAY_MS;
}

export const serviceCalls = defineCalls(
  // SPEC §7: polled every 20 s; data { id, content } of the newest unread service message, or null.
  handle(calls.getUnreadMessage, async (ctx) => {
    await ensureWelcome(ctx);
    const row = await visibleMessages(ctx)
      .select(['id', 'content'])
      .where('direction', '=', 'out')
      .where('read_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return ok(row ? { id: row.id, content: row.content } : null);
  }),
  // PROTOCOL §7: 'online' | 'offline'; a token is not needed.
  handle(calls.getServiceStatus, async ({ config, now }) => ok(serviceStatus(config.serviceStatus, now))),
  // The chat's newest page (PROTOCOL §10), plus the service hours and status for the page header.
  handle(calls.getChatLink, async (ctx) => {
    await ensureWelcome(ctx);
    await markDeliveredRead(ctx);
    const page = await chatPage(ctx, 1, ctx.input.limit);
    return ok({ ...page, service: { hours: PRODUCT.serviceHours, status: serviceStatus(ctx.config.serviceStatus, ctx.now) } });
  }),
  // Older pages of the chat (page 2 and on go back in time).
  handle(calls.getChatLinkRecord, async (ctx) => ok(await chatPage(ctx, ctx.input.page, ctx.input.limit))),
  handle(calls.sendServiceMessage, async (ctx) => {
    const { content } = ctx.input;
    await markDeliveredRead(ctx);
    const row = await ctx.db
      .insertInto('service_messages')
      .values({ user_id: ctx.user!.id, direction: 'in', kind: 'user', content, read_at: null, created_at: ctx.now })
      .returning(['id', 'direction', 'content', 'created_at'])
      .executeTakeFirstOrThrow();
    const replyInMs = await queueAutoReply(ctx, content);
    return ok({ message: toChatMessage(row), reply_in_ms: replyInMs }, SERVICE_MSG.sent);
  }),
);
