import * as v from 'valibot';
import { answer, defineCall, field, textOf, type Field, NULL_ANSWER } from '../call-spec.ts';
import { ACCOUNT_MSG } from '../account-security-messages.ts';

export { ACCOUNT_MSG, PHONE_TICKET_TTL_S } from '../account-security-messages.ts';

/**
 * Account security: the two-step phone change and the password change. Both need
 * the signed-in player; both end every other session of the account (code 106).
 */

/** SPEC §9: code length 4; SPEC §5/§9 the phone pattern (as server/accounts/auth.ts PHONE_PATTERN). */
export const SMS_CODE_DIGITS = 4;
const CODE_PATTERN = /^\d{4}$/;
const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** SPEC §5/§9: 6–15 characters, letters and digits, at least one of each (server/passwords.ts). */
const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,15}$/;
/** A ticket is 32 random bytes in base64url (43 characters); anything longer is not one. */
const TICKET_MAX_LENGTH = 128;

const pass = <T>(value: T) => ({ ok: true as const, value });
const fail = (message: string) => ({ ok: false as const, message });

/** A code sent as a JSON number would lose its leading zeros. */
function codeTextOf(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value).padStart(SMS_CODE_DIGITS, '0') : textOf(value);
}

/** A 4-digit SMS code: 请输入验证码 when absent, 验证码错误 when not 4 digits. */
function smsCode(): Field<string | number, string> {
  return field({ type: 'string', required: true, rule: `${SMS_CODE_DIGITS} 位数字`, message: [ACCOUNT_MSG.codeRequired, ACCOUNT_MSG.codeWrong] }, (value) => {
    const code = codeTextOf(value);
    if (code === '') return fail(ACCOUNT_MSG.codeRequired);
    return CODE_PATTERN.test(code) ? pass(code) : fail(ACCOUNT_MSG.codeWrong);
  });
}

/** An optional SMS code: undefined when absent, 验证码错误 when not 4 digits. */
function optionalSmsCode(): Field<string | number | undefined, string | undefined> {
  return field({ type: 'string', required: false, rule: `${SMS_CODE_DIGITS} 位数字`, message: ACCOUNT_MSG.codeWrong }, (value) => {
    const code = codeTextOf(value);
    if (code === '') return pass(undefined);
    return CODE_PATTERN.test(code) ? pass(code) : fail(ACCOUNT_MSG.codeWrong);
  });
}

const phone = field<string | number, string>({ type: 'string', required: true, rule: '1[3-9] 开头的 11 位手机号', message: [ACCOUNT_MSG.phoneRequired, ACCOUNT_MSG.phoneInvalid] }, (value) => {
  const text = textOf(value);
  if (text === '') return fail(ACCOUNT_MSG.phoneRequired);
  return PHONE_PATTERN.test(text) ? pass(text) : fail(ACCOUNT_MSG.phoneInvalid);
});

const ticket = field<string, string>({ type: 'string', required: true, rule: 'changeUserTelOne 给出的凭证，10 分钟内一次有效', message: ACCOUNT_MSG.ticketInvalid }, (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && text.length <= TICKET_MAX_LENGTH ? pass(text) : fail(ACCOUNT_MSG.ticketInvalid);
});

/** The old password exactly as typed (never trimmed); undefined when absent. */
const oldPassword = field<string | undefined, string | undefined>({ type: 'string', required: false, rule: '原密码；与 phone_code 二选一', message: ACCOUNT_MSG.oldPasswordRequired }, (value) =>
  pass(typeof value === 'string' && value !== '' ? value : undefined),
);

const newPassword = field<string, string>({ type: 'string', required: true, rule: '6–15 位，字母和数字都要有', message: ACCOUNT_MSG.passwordRule }, (value) =>
  typeof value === 'string' && PASSWORD_PATTERN.test(value) ? pass(value) : fail(ACCOUNT_MSG.passwordRule),
);

export const changeUserTelOne = defineCall({
  path: '/api/user/changeUserTelOne',
  auth: 'required',
  summary: '更换手机号第一步：原手机号的验证码（sendCode type 3）换一张 10 分钟内一次有效的凭证',
  fields: { phone_code: smsCode() },
  answer: answer(v.object({
    ticket: v.string(),
    expires_in: v.number(),
  }), '{ ticket, expires_in (秒) }; msg 验证成功'),
});

export const changeUserTelTwo = defineCall({
  path: '/api/user/changeUserTelTwo',
  auth: 'required',
  summary: '更换手机号第二步：凭证 + 新手机号的验证码（sendCode type 4）绑定新手机号；其他设备的登录随之失效（106）',
  fields: { phone, phone_code: smsCode(), ticket },
  answer: answer(v.object({
    phone: v.string(),
  }), '{ phone (脱敏的新手机号) }; msg 手机号更换成功'),
});

export const userChangePassword = defineCall({
  path: '/api/user/userChangePassword',
  auth: 'required',
  summary: '修改密码：原密码或原手机号的验证码（sendCode type 3）证明身份；其他设备的登录随之失效（106）',
  fields: { old_password: oldPassword, phone_code: optionalSmsCode(), password: newPassword },
  answer: answer(NULL_ANSWER, 'null; msg 修改成功'),
});
