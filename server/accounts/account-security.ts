import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCOUNT_MSG, changeUserTelOne, changeUserTelTwo, PHONE_TICKET_TTL_S, userChangePassword } from '../../api/protocol/calls/account-security.ts';
import { endSessions } from '../auth.ts';
import { BUSY, defineCalls, handle, ok, refuse, type AuthedContext } from '../calls.ts';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import { addressTurn, hashPassword, HashQueueFullError, SCRYPT_PARAMS, verifyPassword } from '../passwords.ts';
import { admitPasswordAttempt, clearPasswordFailures, forgetAccountFailures, passwordRefusalAnswer, settlePasswordAttempt } from '../password-attempts.ts';
import { maskPhone } from '../sms.ts';
import { checkCode } from '../verification-codes.ts';

export { ACCOUNT_MSG, PHONE_TICKET_TTL_S } from '../../api/protocol/calls/account-security.ts';

/**
 * Phone change in two steps and password change.
 *
 * The phone-change ticket: 32 random bytes given to the player once; the store keeps only its
 * sha256, under `account:phone-ticket:<hash>` with a 10-minute TTL, holding the user id and the
 * phone it verified. It is claimed (single use) with setIfAbsent on `…-used:<hash>` right before
 * the bind, and released again if the bind loses to another account, so that player can try
 * another number within the ticket's life.
 */

export const PHONE_TICKET_TTL_MS = PHONE_TICKET_TTL_S * 1000;

/** The password change's words for the password limits: the way on is the SMS-code method. */
const CHANGE_REFUSALS = { locked: ACCOUNT_MSG.oldPasswordLocked, smsRequired: ACCOUNT_MSG.useCodeInstead } as const;

interface TicketRecord {
  userId: number;
  /** The phone step 1 verified: a ticket is void once the account's phone is no longer it. */
  phone: string;
}

const ticketKey = (hash: string) => `account:phone-ticket:${hash}`;
const ticketUsedKey = (hash: string) => `account:phone-ticket-used:${hash}`;
const hashTicket = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

async function issueTicket(kv: KvStore, record: TicketRecord): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await kv.set(ticketKey(hashTicket(ticket)), JSON.stringify(record), PHONE_TICKET_TTL_MS);
  return ticket;
}

/** The ticket's hash when it is live, unused, this user's and for the account's current phone. */
async function liveTicket(kv: KvStore, ticket: string, user: { id: number; phone: string }): Promise<string | null> {
  const hash = hashTicket(ticket);
  const raw = await kv.get(ticketKey(hash));
  if (!raw || (await kv.get(ticketUsedKey(hash)))) return null;
  try {
    const record = JSON.parse(raw) as TicketRecord;
    return record.userId === user.id && record.phone === user.phone ? hash : null;
  } catch {
    return null;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Moves the account to `phone`. The unique phone column settles a race between two accounts:
 * the loser's update fails with 23505 and answers 'taken'.
 */
export async function bindPhone(db: Kysely<Database>, userId: number, phone: string): Promise<'bound' | 'taken'> {
  try {
    await db.updateTable('users').set({ phone }).where('id', '=', userId).execute();
    return 'bound';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

async function phoneHeldByOther(ctx: AuthedContext, phone: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('users').select('id').where('phone', '=', phone).where('id', '!=', ctx.user.id).executeTakeFirst();
  return row !== undefined;
}

export const accountSecurityCalls = defineCalls(
  handle(changeUserTelOne, async (ctx) => {
    const user = ctx.user;
    const check = await checkCode(ctx.kv, 'verifyPhone', user.phone, ctx.input.phone_code, { consume: true });
    if (!check.ok) return refuse(check.msg);
    const ticket = await issueTicket(ctx.kv, { userId: user.id, phone: user.phone });
    return ok({ ticket, expires_in: PHONE_TICKET_TTL_S }, ACCOUNT_MSG.verified);
  }),

  handle(changeUserTelTwo, async (ctx) => {
    const user = ctx.user;
    const { phone, phone_code: code, ticket } = ctx.input;
    const hash = await liveTicket(ctx.kv, ticket, user);
    if (!hash) return refuse(ACCOUNT_MSG.ticketInvalid);
    if (phone === user.phone) return refuse(ACCOUNT_MSG.samePhone);
    // Before the code is spent: a number already taken is said at once.
    if (await phoneHeldByOther(ctx, phone)) return refuse(ACCOUNT_MSG.phoneTaken);
    const check = await checkCode(ctx.kv, 'bindPhone', phone, code, { consume: true });
    if (!check.ok) return refuse(check.msg);
    if (!(await ctx.kv.setIfAbsent(ticketUsedKey(hash), '1', PHONE_TICKET_TTL_MS))) return refuse(ACCOUNT_MSG.ticketInvalid);
    if ((await bindPhone(ctx.db, user.id, phone)) === 'taken') {
      await ctx.kv.delete(ticketUsedKey(hash));
      return refuse(ACCOUNT_MSG.phoneTaken);
    }
    await endSessions(ctx.db, { userId: user.id, exceptSessionId: user.sessionId }, 'phone', ctx.now);
    // Password failures are counted per phone: the old number's count belongs to no account now.
    await forgetAccountFailures(ctx.kv, user.phone);
    ctx.log.info({ user: user.uuid, from: maskPhone(user.phone), to: maskPhone(phone) }, 'phone changed; other sessions ended');
    return ok({ phone: maskPhone(phone) }, ACCOUNT_MSG.phoneChanged);
  }),

  handle(userChangePassword, async (ctx) => {
    const user = ctx.user;
    const { old_password: oldPassword, phone_code: code, password } = ctx.input;
    const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const hasPassword = row.password_hash !== null;

    if (oldPassword !== undefined) {
      if (!hasPassword) return refuse(ACCOUNT_MSG.noPasswordUseCode);
      // The sign-in limits (server/password-attempts.ts): guesses here and at sign-in share one budget.
      const admission = await admitPasswordAttempt(ctx.kv, user.phone, ctx.ip);
      if (!admission.ok) return passwordRefusalAnswer(admission.refusal, CHANGE_REFUSALS);
      let valid: boolean;
      try {
        valid = await verifyPassword(oldPassword, row.password_hash, addressTurn(ctx.ip, admission.attempt.addressCount > 1));
      } catch (error) {
        if (!(error instanceof HashQueueFullError)) throw error;
        await settlePasswordAttempt(ctx.kv, admission.attempt, 'unchecked');
        return BUSY;
      }
      if (!valid) {
        ctx.log.info({ user: user.uuid }, 'change password: old password wrong');
        const limit = await settlePasswordAttempt(ctx.kv, admission.attempt, 'invalid');
        return limit ? passwordRefusalAnswer(limit, CHANGE_REFUSALS) : refuse(ACCOUNT_MSG.oldPasswordWrong);
      }
      await settlePasswordAttempt(ctx.kv, admission.attempt, 'valid');
      if (oldPassword === password) return refuse(ACCOUNT_MSG.samePassword);
    } else if (code !== undefined) {
      // Checked before the sameness test and spent after it: the sameness answer is no oracle
      // for the old password to someone without the code, and a refused sameness keeps the code.
      const check = await checkCode(ctx.kv, 'verifyPhone', user.phone, code, { consume: false });
      if (!check.ok) return refuse(check.msg);
      if (hasPassword && (await verifyPassword(password, row.password_hash, { key: addressTurn(ctx.ip).key, bounded: false }))) return refuse(ACCOUNT_MSG.samePassword);
      const spent = await checkCode(ctx.kv, 'verifyPhone', user.phone, code, { consume: true });
      if (!spent.ok) return refuse(spent.msg);
    } else {
      return refuse(hasPassword ? ACCOUNT_MSG.oldPasswordRequired : ACCOUNT_MSG.codeRequired);
    }

    await ctx.db.updateTable('users').set({ password_hash: await hashPassword(password, SCRYPT_PARAMS, addressTurn(ctx.ip)) }).where('id', '=', user.id).execute();
    await endSessions(ctx.db, { userId: user.id, exceptSessionId: user.sessionId }, 'password', ctx.now);
    await clearPasswordFailures(ctx.kv, user.phone, ctx.ip);
    ctx.log.info({ user: user.uuid }, 'password changed; other sessions ended');
    return ok(null, ACCOUNT_MSG.passwordChanged);
  }),
);
