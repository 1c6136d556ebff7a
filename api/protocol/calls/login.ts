import * as v from 'valibot';
import { answer, defineCall, field, textOf, type Field, NULL_ANSWER } from '../call-spec.ts';
import { AUTH_MSG, MSG } from '../codes.ts';
import { CancellationView } from './account-cancel.ts';
import { registerInviteCode, RegisterInviteOutcome } from './invite.ts';

/** SPEC §5/§9: a mainland mobile number. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** SPEC §9: SMS codes have 4 digits (server/verification-codes.ts CODE_DIGITS; a test holds them equal). */
export const SMS_CODE_DIGITS = 4;
/** SPEC §5/§9: 6–15 characters, letters and digits only, at least one of each (server/passwords.ts; a test holds them equal). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,15}$/;
/** The refusal of a code that is not 4 digits: the same words as a wrong code (no hint what is wrong). */
export const CODE_WRONG_MSG = '验证码错误';
export const BD_VID_MAX_LENGTH = 256;
export const SMS_TYPES = ['1', '2', '3', '4', '5'] as const;
export type SmsType = (typeof SMS_TYPES)[number];

const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_DIGITS}}$`);

/** The signed-in answer of every sign-in call (code 200, SPEC §5). */
export const SignedIn = v.object({
  token: v.string(),
  user_uuid: v.string(),
  nickname: v.string(),
  registered: v.boolean(),
  /** Registrations that sent an invite_code: whether it bound; absent otherwise. */
  invite: v.optional(v.nullable(RegisterInviteOutcome)),
  /** A sign-in in the cancellation cooling-off: the pending cancellation, which the app offers to revoke. */
  cancellation: v.nullable(CancellationView),
});
export type SignedIn = v.InferOutput<typeof SignedIn>;

/** A mainland mobile number: 请输入手机号 when missing, 手机号码格式不正确 when malformed. */
export function phone(): Field<string | number, string> {
  return field({ type: 'string', required: true, rule: '11 位手机号 1[3-9]xxxxxxxxx', message: [AUTH_MSG.phoneRequired, AUTH_MSG.phoneInvalid] }, (value) => {
    const t = textOf(value);
    if (t === '') return { ok: false, message: AUTH_MSG.phoneRequired };
    return PHONE_PATTERN.test(t) ? { ok: true, value: t } : { ok: false, message: AUTH_MSG.phoneInvalid };
  });
}

/** A code sent as a JSON number would lose its leading zeros: 12 is read as '0012'. */
export function codeText(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value).padStart(SMS_CODE_DIGITS, '0') : textOf(value);
}

/** An SMS code: 请输入验证码 when missing, 验证码错误 when not 4 digits. */
export function smsCode(): Field<string | number, string> {
  return field({ type: 'string', required: true, rule: `${SMS_CODE_DIGITS} 位数字`, message: [AUTH_MSG.codeRequired, CODE_WRONG_MSG] }, (value) => {
    const code = codeText(value);
    if (code === '') return { ok: false, message: AUTH_MSG.codeRequired };
    return CODE_PATTERN.test(code) ? { ok: true, value: code } : { ok: false, message: CODE_WRONG_MSG };
  });
}

/** A new password: 6–15 letters and digits with at least one of each; taken exactly as sent (no trimming). */
export function newPassword(): Field<string, string> {
  return field({ type: 'string', required: true, rule: '6–15 位，字母和数字都要有', message: AUTH_MSG.passwordRule }, (value) =>
    typeof value === 'string' && PASSWORD_PATTERN.test(value) ? { ok: true, value } : { ok: false, message: AUTH_MSG.passwordRule },
  );
}

const agreement = field<'1' | 1, '1'>({ type: '"1"', required: true, rule: '已勾选《用户协议》和《隐私政策》', message: AUTH_MSG.agreementRequired }, (value) =>
  textOf(value) === '1' ? { ok: true, value: '1' } : { ok: false, message: AUTH_MSG.agreementRequired },
);

const bdVid = field<string | undefined, string | null>({ type: 'string', required: false, rule: `百度推广点击 id，最多保存 ${BD_VID_MAX_LENGTH} 个字符` }, (value) => ({
  ok: true,
  value: textOf(value).slice(0, BD_VID_MAX_LENGTH) || null,
}));

const signedInAnswer = answer(SignedIn, 'code 200 登录成功：{ token, user_uuid, nickname, registered }（注册时带了 invite_code 另有 invite: { bound, msg }）；token 之后随每个需要登录的调用发送');

export const sendCode = defineCall({
  path: '/api/login/sendCode',
  // 'optional': types 3–5 are for the signed-in player; a stale token must not stop a login code.
  auth: 'optional',
  summary:
    '发送短信验证码。type 1 登录/注册、2 找回密码（未注册的号码答得与已注册的一样，只是不发短信，以免泄露号码是否注册）、3 验证当前手机（须登录，发到账号手机）、4 绑定新手机（须登录，phone 为新号，不能是他人已绑定或当前号码）、5 注销确认（须登录，发到账号手机）。同一手机 60 秒一次，另有每手机（每小时、每天）、每 IP（每小时、每天）的次数上限；验证码 5 分钟有效，错 5 次作废',
  fields: {
    // Checked by the handler: types 1, 2 (and an unknown type) check the phone before the type;
    // 3 and 5 ignore it; 4 checks it after the session.
    phone: field<string | number | undefined, string>(
      { type: 'string', required: false, rule: 'type 1、2、4 必填：11 位手机号；type 3、5 不读', message: [AUTH_MSG.phoneRequired, AUTH_MSG.phoneInvalid] },
      (value) => ({ ok: true, value: textOf(value) }),
    ),
    type: field<SmsType | number, string>({ type: SMS_TYPES.map((t) => `"${t}"`).join(' | '), required: true, rule: '验证码用途', message: MSG.paramError }, (value) => ({ ok: true, value: textOf(value) })),
  },
  answer: answer(NULL_ANSWER, 'null；msg 验证码已发送。type 3–5 未登录时 code 105；type 4 的号码已被他人绑定：该手机号已被其他账号绑定，与当前号码相同：新手机号不能与当前手机号相同'),
});

export const verifyCode = defineCall({
  path: '/api/login/verifyCode',
  auth: 'none',
  summary: '找回密码第一步：检查 type 2 验证码是否正确（不消耗，resetPassword 再用它）',
  fields: { account: phone(), phone_code: smsCode() },
  answer: answer(NULL_ANSWER, 'null；msg 验证成功。验证码不对、过期或作废时 code -1 与原因'),
});

export const trendRegister = defineCall({
  path: '/api/login/trendRegister',
  auth: 'none',
  summary: '短信验证码登录（type 1 验证码）；手机号第一次使用时同时注册',
  fields: { agree_agreement: agreement, account: phone(), phone_code: smsCode(), bd_vid: bdVid, invite_code: registerInviteCode },
  answer: signedInAnswer,
});

export const userRegister = defineCall({
  path: '/api/login/userRegister',
  auth: 'none',
  summary: '设置密码注册（type 1 验证码证明手机号）；已注册的号码答 该手机号已注册，请直接登录',
  fields: { agree_agreement: agreement, account: phone(), phone_code: smsCode(), password: newPassword(), bd_vid: bdVid, invite_code: registerInviteCode },
  answer: signedInAnswer,
});

export const userlogin = defineCall({
  path: '/api/login/userlogin',
  auth: 'none',
  summary:
    '手机号 + 密码登录。未注册、未设密码、密码错误三种情况答得一样（账号或密码错误）、耗时一样。同一网络对同一账号输错 10 次：该网络对该账号的密码登录暂停 15 分钟（data.reason locked）；一个账号 1 小时内在各网络共输错 30 次：改为要求验证码登录（data.reason sms_required）；同一网络 15 分钟内输错 20 次（不论账号）：该网络须等待，5 分钟起逐次加倍、最多 60 分钟（data.reason address_wait，data.retry_after_s）。服务器密码校验排满时 code 503 系统繁忙，请稍后再试',
  fields: {
    account: phone(),
    password: field<string, string>({ type: 'string', required: true, rule: '原样比较，不去空格', message: AUTH_MSG.passwordRequired }, (value) =>
      typeof value === 'string' && value !== '' ? { ok: true, value } : { ok: false, message: AUTH_MSG.passwordRequired },
    ),
  },
  answer: signedInAnswer,
});

export const resetPassword = defineCall({
  path: '/api/login/resetPassword',
  auth: 'none',
  summary: '找回密码第二步：type 2 验证码 + 新密码；该账号所有登录都失效（其他设备收到 106）',
  fields: { account: phone(), phone_code: smsCode(), password: newPassword() },
  answer: answer(NULL_ANSWER, 'null；msg 修改成功'),
});
