import { createHmac, randomInt } from 'node:crypto';
import { PRODUCT } from '../product.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { INVITE_MSG, type InviteRules } from '../../api/protocol/calls/invite.ts';
import { PHONE_PATTERN } from '../../api/protocol/calls/login.ts';
import { formatYuan } from '../../api/protocol/money.ts';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, INVITE_PARAM } from '../../api/protocol/invite-code.ts';
import type { Database } from '../db/schema.ts';
import { platform, player, post } from '../money/ledger.ts';
import { postMessage } from '../messages/index.ts';
import { INCOME } from '../rewards/index.ts';
import { maskPhone } from '../sms.ts';
import { applyClawback, applyShare, percentText, shareOf } from './shares.ts';

/**
 * Invitations and invitation income.
 *
 * - A player's code is made on first need (getInviteInfo), unique, from an unambiguous alphabet.
 * - Binding (register with a code, or bindInviteCode within the window after registering): once
 *   per invitee, once per phone EVER (an HMAC of the phone is kept in the binding; a cancelled
 *   account keeps its bindings, so its number registered again cannot bind), never oneself, never
 *   the player one invited. The inviter gets an activity message.
 * - Income: when an invitee's top-up (a coins or game order) paid through the payment provider
 *   settles within the binding's period, the binding's share of what the provider took (rounded
 *   down to the fen) moves from invite_share_expense to the inviter's income account, in the
 *   payment's transaction (settlePaid), after any clawback debt is netted. A refund claws the
 *   whole share back: from the income balance as far as it goes, the rest becomes debt.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Order kinds whose payment counts as a top-up (充值): 乐玩币 and game top-ups, not membership cards. */
export const SHARE_ORDER_KINDS: ReadonlySet<string> = new Set(['coins', 'game']);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CODE_ATTEMPTS = 8;

export async function inviteRules(db: Db): Promise<InviteRules> {
  const row = await db.selectFrom('invite_settings').select(['share_bp', 'share_days', 'bind_window_hours']).where('id', '=', 1).executeTakeFirst();
  return row ?? { share_bp: 0, share_days: 0, bind_window_hours: 0 };
}

/** The 收益说明's sentence about the share, with the current numbers (a zero share: none is paid). */
export function inviteShareSentence(rules: InviteRules): string {
  if (rules.share_bp <= 0 || rules.share_days <= 0) return '邀请好友暂不产生收益';
  const pct = (rules.share_bp / 100).toFixed(2).replace(/\.?0+$/, '');
  return `好友通过您的邀请链接或邀请码注册后${rules.share_days}天内，其每笔通过在线支付成功的${PRODUCT.coinName}充值和游戏充值金额的${pct}%计入您的收益（按分向下取整）`;
}

export function sharePath(code: string): string {
  return `/?${INVITE_PARAM}=${code}`;
}

/** The keyed hash of a phone kept in a binding (the key: the server's real-name secret, purpose-tagged). */
export function phoneHash(secret: string, phone: string): string {
  return createHmac('sha256', secret).update(`invite-phone:${phone}`, 'utf8').digest('hex');
}

/** 138****0000, or 已注销 for an anonymised account. */
export function maskedPhone(phone: string): string {
  return PHONE_PATTERN.test(phone) ? maskPhone(phone) : '已注销';
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The player's code, made on first need (a collision or a race of two first calls: tried again / read back). */
export async function ensureInviteCode(db: Db, userId: number, now: Date): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const existing = await db.selectFrom('invite_accounts').select('code').where('user_id', '=', userId).executeTakeFirst();
    if (existing) return existing.code;
    const inserted = await db
      .insertInto('invite_accounts')
      .values({ user_id: userId, code: randomCode(), created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('code')
      .executeTakeFirst();
    if (inserted) return inserted.code;
  }
  throw new Error('invite code: no free code after several attempts');
}

export type BindOutcome = { ok: true; inviter: { nickname: string; phone: string } } | { ok: false; msg: string };

export interface BindRequest {
  inviteeId: number;
  /** The invitee's phone as registered. */
  phone: string;
  code: string;
  via: 'register' | 'code';
  /** The key of the phone hash (config.realName.secret). */
  secret: string;
}

/**
 * Binds the invitee to the code's owner once. Refusals: unknown code (or its owner cancelled or
 * disabled), oneself, the player one invited, already bound, the phone bound before (under any
 * account). Concurrent binds of one invitee or one phone: the unique keys let one win.
 */
export async function bindInvitee(db: Db, request: BindRequest, now: Date): Promise<BindOutcome> {
  return db.transaction().execute(async (trx) => {
    const inviter = await trx
      .selectFrom('invite_accounts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id', 'u.nickname', 'u.phone', 'u.disabled', 'u.cancelled_at'])
      .where('a.code', '=', request.code)
      .executeTakeFirst();
    if (!inviter || inviter.disabled || inviter.cancelled_at !== null) return { ok: false, msg: INVITE_MSG.codeUnknown };
    if (inviter.id === request.inviteeId) return { ok: false, msg: INVITE_MSG.self };
    const hash = phoneHash(request.secret, request.phone);
    const previous = await trx
      .selectFrom('invite_bindings')
      .select(['invitee_id', 'inviter_id'])
      .where((eb) => eb.or([eb('invitee_id', '=', request.inviteeId), eb('phone_hash', '=', hash), eb.and([eb('invitee_id', '=', inviter.id), eb('inviter_id', '=', request.inviteeId)])]))
      .execute();
    if (previous.some((b) => b.invitee_id === request.inviteeId)) return { ok: false, msg: INVITE_MSG.alreadyBound };
    if (previous.some((b) => b.invitee_id === inviter.id)) return { ok: false, msg: INVITE_MSG.mutual };
    if (previous.length > 0) return { ok: false, msg: INVITE_MSG.phoneUsed };
    const rules = await inviteRules(trx);
    const binding = await trx
      .insertInto('invite_bindings')
      .values({
        inviter_id: inviter.id,
        invitee_id: request.inviteeId,
        phone_hash: hash,
        code: request.code,
        via: request.via,
        share_bp: rules.share_bp,
        bound_at: now,
        share_until: new Date(now.getTime() + rules.share_days * DAY_MS),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    // Lost a race with a concurrent bind of the same invitee or phone.
    if (!binding) return { ok: false, msg: INVITE_MSG.alreadyBound };
    const invitee = await trx.selectFrom('users').select(['nickname', 'phone']).where('id', '=', request.inviteeId).executeTakeFirstOrThrow();
    await postMessage(
      trx,
      {
        kind: 'activity',
        userId: inviter.id,
        title: '好友接受了你的邀请',
        content: `${invitee.nickname}（${maskedPhone(invitee.phone)}）已通过你的邀请码注册。${rules.share_days} 天内 TA 每笔充值的 ${percentText(rules.share_bp)} 将计入你的邀请收益。`,
        link: { path: '/invitatelist' },
        sourceRef: `invite:bind:${request.inviteeId}`,
      },
      now,
    );
    return { ok: true, inviter: { nickname: inviter.nickname, phone: maskedPhone(inviter.phone) } };
  });
}

/** The end of the window in which a player registered at `createdAt` may still enter a code. */
export function bindWindowEnd(createdAt: Date, rules: InviteRules): Date {
  return new Date(createdAt.getTime() + rules.bind_window_hours * HOUR_MS);
}

interface PaidOrder {
  id: number;
  user_id: number;
  kind: string;
  order_number: string;
  pay_cents: number;
}

/**
 * settlePaid's hook: the inviter's share of a provider-paid top-up, in the payment's transaction.
 * Idempotent: invite_income's order_id and the ledger reference are unique (and settlePaid itself
 * runs once per order).
 */
export async function creditInviteShare(trx: Trx, order: PaidOrder, payer: string, now: Date): Promise<void> {
  if (payer !== 'provider' || !SHARE_ORDER_KINDS.has(order.kind) || order.pay_cents <= 0) return;
  // A cancelled (anonymised) inviter earns nothing more: the account is gone.
  const binding = await trx
    .selectFrom('invite_bindings as b')
    .innerJoin('users as u', 'u.id', 'b.inviter_id')
    .select(['b.id', 'b.inviter_id', 'b.share_bp', 'b.bound_at', 'b.share_until'])
    .where('b.invitee_id', '=', order.user_id)
    .where('u.cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!binding || now < binding.bound_at || now >= binding.share_until) return;
  const amount = shareOf(order.pay_cents, binding.share_bp);
  if (amount <= 0) return;
  // The debt row, locked: shares and clawbacks of one inviter net one at a time.
  const account = await trx.selectFrom('invite_accounts').select('debt_cents').where('user_id', '=', binding.inviter_id).forUpdate().executeTakeFirst();
  const { credited, netted, debt } = applyShare(Number(account?.debt_cents ?? 0), amount);
  const income = await trx
    .insertInto('invite_income')
    .values({
      binding_id: binding.id,
      inviter_id: binding.inviter_id,
      invitee_id: order.user_id,
      order_id: order.id,
      order_number: order.order_number,
      base_cents: order.pay_cents,
      share_bp: binding.share_bp,
      amount_cents: amount,
      credited_cents: credited,
      netted_cents: netted,
      created_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!income) return;
  if (netted > 0) await trx.updateTable('invite_accounts').set({ debt_cents: debt }).where('user_id', '=', binding.inviter_id).execute();
  if (credited > 0) {
    await post(trx, {
      reference: `invite:share:${order.order_number}`,
      kind: 'invite_share',
      orderId: order.id,
      memo: '邀请收益',
      transfers: [{ from: platform('invite_share_expense'), to: player(binding.inviter_id, INCOME), amount: credited }],
    });
  }
  const invitee = await trx.selectFrom('users').select(['nickname']).where('id', '=', order.user_id).executeTakeFirstOrThrow();
  await postMessage(
    trx,
    {
      kind: 'activity',
      userId: binding.inviter_id,
      title: '邀请收益到账',
      content:
        `好友 ${invitee.nickname} 充值 ¥${formatYuan(order.pay_cents)}（订单 ${order.order_number}），你获得 ${percentText(binding.share_bp)} 分成 ¥${formatYuan(amount)}` +
        (netted > 0 ? `，其中 ¥${formatYuan(netted)} 抵扣了此前退款扣回的欠款。` : '。'),
      link: { path: '/incomedetail' },
      sourceRef: `invite:share:${order.order_number}`,
    },
    now,
  );
}

/** refundOrder's hook: the order's share clawed back, in the refund's transaction. */
export async function clawBackInviteShare(trx: Trx, order: { id: number; order_number: string }, now: Date): Promise<void> {
  const income = await trx.selectFrom('invite_income').select(['id', 'inviter_id', 'amount_cents']).where('order_id', '=', order.id).where('status', '=', 'credited').executeTakeFirst();
  if (!income) return;
  // Locks: the debt row, then the income account's row (a withdrawal may be moving it).
  const account = await trx.selectFrom('invite_accounts').select('debt_cents').where('user_id', '=', income.inviter_id).forUpdate().executeTakeFirst();
  const balanceRow = await trx.selectFrom('ledger_accounts').select('balance').where('user_id', '=', income.inviter_id).where('kind', '=', INCOME).forUpdate().executeTakeFirst();
  const { taken, debt } = applyClawback(Number(balanceRow?.balance ?? 0), Number(account?.debt_cents ?? 0), income.amount_cents);
  const claimed = await trx
    .updateTable('invite_income')
    .set({ status: 'clawed_back', clawed_back_at: now, taken_back_cents: taken, debt_added_cents: income.amount_cents - taken })
    .where('id', '=', income.id)
    .where('status', '=', 'credited')
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  if (debt !== Number(account?.debt_cents ?? 0)) await trx.updateTable('invite_accounts').set({ debt_cents: debt }).where('user_id', '=', income.inviter_id).execute();
  if (taken > 0) {
    await post(trx, {
      reference: `invite:clawback:${order.order_number}`,
      kind: 'invite_clawback',
      orderId: order.id,
      memo: '邀请收益扣回（好友订单退款）',
      transfers: [{ from: player(income.inviter_id, INCOME), to: platform('invite_share_expense'), amount: taken }],
    });
  }
  const owed = income.amount_cents - taken;
  await postMessage(
    trx,
    {
      kind: 'activity',
      userId: income.inviter_id,
      title: '邀请收益已扣回',
      content:
        `好友的订单 ${order.order_number} 已退款，对应的邀请收益 ¥${formatYuan(income.amount_cents)} 已扣回` +
        (owed > 0 ? `；收益余额不足的 ¥${formatYuan(owed)} 将从之后的邀请收益中抵扣。` : '。'),
      link: { path: '/incomedetail' },
      sourceRef: `invite:clawback:${order.order_number}`,
    },
    now,
  );
}

// ---- Reading ----

export async function inviterOf(db: Db, userId: number): Promise<{ nickname: string; phone: string } | null> {
  const row = await db.selectFrom('invite_bindings as b').innerJoin('users as u', 'u.id', 'b.inviter_id').select(['u.nickname', 'u.phone']).where('b.invitee_id', '=', userId).executeTakeFirst();
  return row ? { nickname: row.nickname, phone: maskedPhone(row.phone) } : null;
}

/** Income earned: the shares not clawed back (fen). */
export async function incomeTotals(db: Db, inviterId: number): Promise<{ invited: number; earned: number; debt: number }> {
  const counts = await sql<{ invited: string; earned: string; debt: string }>`
    select
      (select count(*) from invite_bindings where inviter_id = ${inviterId})::text as invited,
      (select coalesce(sum(amount_cents), 0) from invite_income where inviter_id = ${inviterId} and status = 'credited')::text as earned,
      (select coalesce(max(debt_cents), 0) from invite_accounts where user_id = ${inviterId})::text as debt`.execute(db);
  const row = counts.rows[0]!;
  return { invited: Number(row.invited), earned: Number(row.earned), debt: Number(row.debt) };
}
