import { randomInt, randomUUID } from 'node:crypto';
import * as login from '../../api/protocol/calls/login.ts';
import type { SignedIn } from '../../api/protocol/calls/login.ts';
import { AUTH_MSG, CODE, MSG } from '../../api/protocol/codes.ts';
import type { WireResponse } from '../../api/protocol/wire.ts';
import { endSessions, startSession } from '../auth.ts';
import { pendingCancellation } from '../cancellation.ts';
import { INVITE_MSG, type RegisterInviteOutcome } from '../../api/protocol/calls/invite.ts';
import { bindInvitee } from '../invite/index.ts';
import { BUSY, defineCalls, handle, ok, refusal, refuse, type CallContext, type CallDefinition, type Refusal, type SpecContext } from '../calls.ts';
import { addressTurn, checkSignInPassword, hashPassword, HashQueueFullError, needsRehash, SCRYPT_PARAMS } from '../passwords.ts';
import { admitPasswordAttempt, clearPasswordFailures, passwordRefusalAnswer, settlePasswordAttempt } from '../password-attempts.ts';
import type { SmsProvider } from '../sms.ts';
import { maskPhone } from '../sms.ts';
import { checkCode, discardCode, issueCode, releaseSmsCooldown, reserveSmsSend, type CodePurpose } from '../verification-codes.ts';

/** SPEC §5/§9: mainland mobile number (api/protocol/calls/login.ts). */
export const PHONE_PATTERN = login.PHONE_PATTERN;
const SEND_FAILED = '验证码发送失败，请稍后再试';

const PURPOSE_BY_TYPE: Record<string, CodePurpose> = { '1': 'login', '2': 'recovery', '3': 'verifyPhone', '4': 'bindPhone', '5': 'cancel' };
/** Codes for the signed-in player's own account: sent to the account's phone, whatever `phone` says. */
const OWN_PHONE_PURPOSES: ReadonlySet<CodePurpose> = new Set(['verifyPhone', 'cancel']);

/** Sign-in's words for the password limits (server/password-attempts.ts). */
const SIGN_IN_REFUSALS = { locked: AUTH_MSG.passwordLocked, smsRequired: AUTH_MSG.useSmsCode } as const;

export const SEND_CODE_MSG = {
  samePhone: '新手机号不能与当前手机号相同',
  phoneTaken: '该手机号已被其他账号绑定',
} as const;

/**
 * The phone a code goes to, or the refusal. Types 1 and 2 take `phone`; 3 and 5 need a session
 * and go to its phone; 4 needs a session and a phone no other account holds.
 */
function codeRecipient(ctx: SpecContext<typeof login.sendCode>, purpose: CodePurpose): Checked<string> {
  if (purpose === 'login' || purpose === 'recovery') return phoneOf(ctx.input.phone);
  if (!ctx.user) return { ok: false, response: refusal({ code: CODE.tokenInvalid, msg: MSG.notLoggedIn, data: null }) };
  if (OWN_PHONE_PURPOSES.has(purpose)) return { ok: true, value: ctx.user.phone };
  const phone = phoneOf(ctx.input.phone);
  if (!phone.ok) return phone;
  if (phone.value === ctx.user.phone) return { ok: false, response: refuse(SEND_CODE_MSG.samePhone) };
  return { ok: true, value: phone.value };
}

type Checked<T> = { ok: true; value: T } | { ok: false; response: Refusal };

/** sendCode's phone (its rule depends on the type, so the handler checks it). */
function phoneOf(phone: string): Checked<string> {
  if (phone === '') return { ok: false, response: refuse(AUTH_MSG.phoneRequired) };
  if (!PHONE_PATTERN.test(phone)) return { ok: false, response: refuse(AUTH_MSG.phoneInvalid) };
  return { ok: true, value: phone };
}

interface UserRow {
  id: number;
  uuid: string;
  nickname: string;
  password_hash: string | null;
  disabled: boolean;
}

async function findUser(ctx: CallContext, phone: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').select(['id', 'uuid', 'nickname', 'password_hash', 'disabled']).where('phone', '=', phone).executeTakeFirst();
}

const NICKNAME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** '玩家' + last four digits + two random characters, e.g. 玩家8000k7. */
export function defaultNickname(phone: string): string {
  let suffix = '';
  for (let i = 0; i < 2; i++) suffix += NICKNAME_ALPHABET[randomInt(NICKNAME_ALPHABET.length)];
  return `玩家${phone.slice(-4)}${suffix}`;
}

/** Creates the user; undefined when the phone was registered meanwhile (unique phone). */
async function createUser(ctx: CallContext, phone: string, extra: { passwordHash: string | null; bdVid: string | null }): Promise<UserRow | undefined> {
  return ctx.db
    .insertInto('users')
    .values({
      uuid: randomUUID(),
      phone,
      nickname: defaultNickname(phone),
      avatar: '',
      password_hash: extra.passwordHash,
      bd_vid: extra.bdVid,
      created_at: ctx.now,
      last_active_at: ctx.now,
    })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning(['id', 'uuid', 'nickname', 'password_hash', 'disabled'])
    .executeTakeFirst();
}

/** SPEC §5: code 200 with a fresh token (startSession: 256 random bits, stored hashed). */
async function signedIn(ctx: CallContext, user: UserRow, registered: boolean, invite?: RegisterInviteOutcome | null): Promise<WireResponse<SignedIn>> {
  const token = await startSession(ctx.db, user.id, ctx.now);
  if (!registered) await ctx.db.updateTable('users').set({ last_active_at: ctx.now }).where('id', '=', user.id).execute();
  ctx.log.info({ user: user.uuid, registered }, 'signed in');
  // In the cancellation cooling-off the client offers to revoke.
  const cancellation = registered ? null : await pendingCancellation(ctx.db, user.id);
  return { code: CODE.loginOk, msg: AUTH_MSG.loginOk, data: { token, user_uuid: user.uuid, nickname: user.nickname, registered, cancellation, ...(invite ? { invite } : {}) } };
}

/**
 * A new account's invite code: bound when it names a player; an unknown or malformed
 * code never blocks the registration — the answer says it was not bound.
 */
const INVITE_FAILED_MSG = '邀请码暂时无法绑定，已为你正常注册，可稍后在邀请好友页填写';

async function bindAtRegistration(ctx: CallContext, user: UserRow, phone: string, invite: { given: boolean; code: string | null }): Promise<RegisterInviteOutcome | null> {
  if (!invite.given) return null;
  if (!invite.code) return { bound: false, msg: `${INVITE_MSG.codeUnknown}，已为你正常注册` };
  try {
    const outcome = await bindInvitee(ctx.db, { inviteeId: user.id, phone, code: invite.code, via: 'register', secret: ctx.config.realName.secret }, ctx.now);
    return outcome.ok ? { bound: true, msg: INVITE_MSG.bound } : { bound: false, msg: `${outcome.msg}，已为你正常注册` };
  } catch (error) {
    // The account exists already: a failed binding must not turn the registration into an error.
    ctx.log.error({ err: error, user: user.uuid }, 'invite binding at registration failed');
    return { bound: false, msg: INVITE_FAILED_MSG };
  }
}

export function authCalls(services: { sms: SmsProvider }): CallDefinition[] {
  return defineCalls(
    // 'optional' (the declaration): types 3–5 are for the signed-in player; a stale token must not stop a login code.
    handle(login.sendCode, async (ctx) => {
      const purpose = PURPOSE_BY_TYPE[ctx.input.type];
      if (!purpose) {
        // An unknown type answers after the phone's own refusal, as it always has.
        const phone = phoneOf(ctx.input.phone);
        return phone.ok ? refuse(MSG.paramError) : phone.response;
      }
      const phone = codeRecipient(ctx, purpose);
      if (!phone.ok) return phone.response;
      // Limits first: the 'taken' answer must not become an unthrottled lookup, and a recovery
      // code for an unregistered phone costs the same budget as any other.
      const permit = await reserveSmsSend(ctx.kv, phone.value, ctx.ip, ctx.now.getTime(), { perIpPerHour: ctx.config.smsPerIpPerHour, perIpPerDay: ctx.config.smsPerIpPerDay });
      if (!permit.ok) {
        ctx.log.info({ phone: maskPhone(phone.value), refused: permit.msg }, 'sms send refused');
        return refuse(permit.msg);
      }
      const recoveryForNobody = purpose === 'recovery' && !(await findUser(ctx, phone.value));
      if (purpose === 'bindPhone' && (await findUser(ctx, phone.value))) return refuse(SEND_CODE_MSG.phoneTaken);
      const code = await issueCode(ctx.kv, purpose, phone.value);
      if (recoveryForNobody) {
        // Answered as for an account, counted against the same limits, with a code stored like any
        // other (so verifyCode answers alike too): only whether an SMS arrives tells the player.
        ctx.log.info({ phone: maskPhone(phone.value), purpose }, 'recovery code for an unregistered phone not sent');
        return ok(null, AUTH_MSG.codeSent);
      }
      try {
        await services.sms.send(phone.value, code, purpose);
      } catch (error) {
        ctx.log.error({ err: error, phone: maskPhone(phone.value), purpose }, 'sms send failed');
        await discardCode(ctx.kv, purpose, phone.value);
        await releaseSmsCooldown(ctx.kv, phone.value);
        return refuse(SEND_FAILED);
      }
      return ok(null, AUTH_MSG.codeSent);
    }),
    // Recovery step 1: checks a type-2 code without consuming it, so resetPassword can use it.
    handle(login.verifyCode, async (ctx) => {
      const check = await checkCode(ctx.kv, 'recovery', ctx.input.account, ctx.input.phone_code, { consume: false });
      return check.ok ? ok(null, AUTH_MSG.codeVerified) : refuse(check.msg);
    }),
    // SMS-code login; registers the phone on first use. The declaration checks the agreement, the phone, the code's form.
    handle(login.trendRegister, async (ctx) => {
      const { account: phone, phone_code: code } = ctx.input;
      const check = await checkCode(ctx.kv, 'login', phone, code, { consume: true });
      if (!check.ok) return refuse(check.msg);
      // The code proves the phone: the password limits that asked for it are lifted.
      await clearPasswordFailures(ctx.kv, phone, ctx.ip);
      const existing = await findUser(ctx, phone);
      if (existing) return existing.disabled ? refuse(MSG.accountDisabled) : signedIn(ctx, existing, false);
      const created = await createUser(ctx, phone, { passwordHash: null, bdVid: ctx.input.bd_vid });
      if (created) return signedIn(ctx, created, true, await bindAtRegistration(ctx, created, phone, ctx.input.invite_code));
      const raced = await findUser(ctx, phone);
      if (!raced || raced.disabled) return refuse(raced ? MSG.accountDisabled : '登录失败，请重试');
      return signedIn(ctx, raced, false);
    }),
    // Registration with a password (type-1 code proves the phone).
    handle(login.userRegister, async (ctx) => {
      const { account: phone, phone_code: code, password } = ctx.input;
      const check = await checkCode(ctx.kv, 'login', phone, code, { consume: true });
      if (!check.ok) return refuse(check.msg);
      if (await findUser(ctx, phone)) return refuse(AUTH_MSG.phoneRegistered);
      const created = await createUser(ctx, phone, { passwordHash: await hashPassword(password, SCRYPT_PARAMS, addressTurn(ctx.ip)), bdVid: ctx.input.bd_vid });
      return created ? signedIn(ctx, created, true, await bindAtRegistration(ctx, created, phone, ctx.input.invite_code)) : refuse(AUTH_MSG.phoneRegistered);
    }),
    handle(login.userlogin, async (ctx) => {
      const phone = ctx.input.account;
      // Counted before the hash: a refused attempt costs no scrypt work.
      const admission = await admitPasswordAttempt(ctx.kv, phone, ctx.ip);
      if (!admission.ok) {
        ctx.log.info({ phone: maskPhone(phone), refused: admission.refusal.kind }, 'password login refused');
        return passwordRefusalAnswer(admission.refusal, SIGN_IN_REFUSALS);
      }
      const user = await findUser(ctx, phone);
      let valid: boolean;
      try {
        // One real scrypt whether the phone is unknown, has no password or has a wrong one.
        valid = await checkSignInPassword(ctx.input.password, user?.password_hash, addressTurn(ctx.ip, admission.attempt.addressCount > 1));
      } catch (error) {
        if (!(error instanceof HashQueueFullError)) throw error;
        await settlePasswordAttempt(ctx.kv, admission.attempt, 'unchecked');
        return BUSY;
      }
      if (!user || !valid) {
        ctx.log.info({ phone: maskPhone(phone) }, 'password login failed');
        const limit = await settlePasswordAttempt(ctx.kv, admission.attempt, 'invalid');
        return limit ? passwordRefusalAnswer(limit, SIGN_IN_REFUSALS) : refuse(AUTH_MSG.badCredentials);
      }
      await settlePasswordAttempt(ctx.kv, admission.attempt, 'valid');
      if (user.disabled) return refuse(MSG.accountDisabled);
      if (needsRehash(user.password_hash!)) {
        await ctx.db.updateTable('users').set({ password_hash: await hashPassword(ctx.input.password, SCRYPT_PARAMS, addressTurn(ctx.ip)) }).where('id', '=', user.id).execute();
      }
      return signedIn(ctx, user, false);
    }),
    // Recovery step 2: type-2 code + new password; every session of the user ends (→ 106).
    handle(login.resetPassword, async (ctx) => {
      const phone = ctx.input.account;
      const check = await checkCode(ctx.kv, 'recovery', phone, ctx.input.phone_code, { consume: true });
      if (!check.ok) return refuse(check.msg);
      const user = await findUser(ctx, phone);
      if (!user) return refuse(AUTH_MSG.phoneNotRegistered);
      const passwordHash = await hashPassword(ctx.input.password, SCRYPT_PARAMS, addressTurn(ctx.ip));
      await ctx.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      await endSessions(ctx.db, { userId: user.id }, 'password', ctx.now);
      await clearPasswordFailures(ctx.kv, phone, ctx.ip);
      ctx.log.info({ user: user.uuid }, 'password reset; sessions ended');
      return ok(null, AUTH_MSG.passwordChangedOk);
    }),
  );
}
