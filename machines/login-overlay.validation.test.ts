import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRequestCode,
  failureMessage,
  isAccepted,
  isLoggedIn,
  isSessionEnded,
  loginFailureMessage,
  newPasswordError,
  passwordFormFilled,
  passwordLoginError,
  recoverFormError,
  recoverFormFilled,
  recoverSendCodeError,
  registerFormFilled,
  resetFormFilled,
  sanitizeCode,
  sanitizeNewPassword,
  sanitizePhone,
  toSignedIn,
} from './login-overlay.validation.ts';

describe('login overlay rules', () => {
  it('sanitises inputs: digits only, phone ≤ 11, code ≤ 4, new password ≤ 15', () => {
    expect(sanitizePhone('+86 138-0013-8000')).toBe('86138001380');
    expect(sanitizePhone('13800138000123')).toBe('13800138000');
    expect(sanitizeCode('１2ab34')).toBe('234');
    expect(sanitizeCode('123456')).toBe('1234');
    expect(sanitizeNewPassword('a'.repeat(20))).toHaveLength(15);
  });

  it('enables get-code at exactly 11 digits', () => {
    expect(canRequestCode({ phone: '1380013800' })).toBe(false);
    expect(canRequestCode({ phone: '13800138000' })).toBe(true);
    expect(canRequestCode({ phone: '12345678901' })).toBe(true);
  });

  it('checks the password form in SPEC order', () => {
    expect(passwordLoginError({ phone: '', password: '' })).toBe('请输入手机号');
    expect(passwordLoginError({ phone: '12800138000', password: '' })).toBe('手机号码格式不正确');
    expect(passwordLoginError({ phone: '13800138000', password: '' })).toBe('请输入密码');
    expect(passwordLoginError({ phone: '19912345678', password: 'x' })).toBeNull();
  });

  it('checks recovery step 1', () => {
    expect(recoverFormError({ recoverPhone: '', recoverCode: '' })).toBe('请输入手机号');
    expect(recoverFormError({ recoverPhone: '1380013800', recoverCode: '1234' })).toBe('手机号码格式不正确');
    expect(recoverFormError({ recoverPhone: '13800138000', recoverCode: '' })).toBe('请输入验证码');
    expect(recoverFormError({ recoverPhone: '13800138000', recoverCode: '1234' })).toBeNull();
    expect(recoverSendCodeError({ recoverPhone: '' })).toBe('请输入手机号后重新发送');
    expect(recoverSendCodeError({ recoverPhone: '10000000000' })).toBe('手机号码格式不正确');
    expect(recoverSendCodeError({ recoverPhone: '13800138000' })).toBeNull();
  });

  it('checks the new password with the 6-15 rule (5 characters are refused)', () => {
    expect(newPasswordError({ newPassword: '', confirmPassword: '' })).toBe('请输入6-15位数字字母组合密码');
    expect(newPasswordError({ newPassword: 'abcde', confirmPassword: 'abcde' })).toBe('请输入6-15位数字字母组合密码');
    expect(newPasswordError({ newPassword: 'abcdef', confirmPassword: '' })).toBe('请再次输入6-15位数字字母组合密码');
    expect(newPasswordError({ newPassword: 'abcdef', confirmPassword: 'abcde' })).toBe('请再次输入6-15位数字字母组合密码');
    expect(newPasswordError({ newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toBe('两次输入的密码不同');
    expect(newPasswordError({ newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });

  it('reads outcomes', () => {
    const sent = { kind: 'ok', code: 1, msg: '', data: null } as const;
    const loggedIn = { kind: 'ok', code: 200, msg: '', data: { token: 't', user_uuid: 'u', nickname: 'n' } } as const;
    const refused = { kind: 'toast', code: -1, msg: '登录失败', data: null, show: false } as const;
    const error = { kind: 'error', reason: 'http', code: 502, msg: '' } as const;
    const revoked = { kind: 'sessionRevoked', code: 107, msg: '账号已被禁用' } as const;
    expect([isAccepted(sent), isAccepted(loggedIn), isLoggedIn(loggedIn), isLoggedIn(sent)]).toEqual([true, false, true, false]);
    expect([isSessionEnded(revoked), isSessionEnded(refused)]).toEqual([true, false]);
    expect([failureMessage(refused), failureMessage(error), failureMessage(revoked)]).toEqual([null, 'Error', null]);
    expect([loginFailureMessage(refused), loginFailureMessage(revoked)]).toEqual(['登录失败', null]);
    expect(toSignedIn(loggedIn, 'sms')).toEqual({ token: 't', uuid: 'u', nickname: 'n', via: 'sms' });
    expect(() => toSignedIn(error, 'sms')).toThrow();
  });
});

describe('SPEC §5: an action button is enabled once its required fields are non-empty', () => {
  const text = fc.oneof(fc.constant(''), fc.string());
  it('each form is filled exactly when none of its fields is empty', () => {
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        expect(passwordFormFilled({ phone: a, password: b })).toBe(a !== '' && b !== '');
        expect(recoverFormFilled({ recoverPhone: a, recoverCode: b })).toBe(a !== '' && b !== '');
        expect(resetFormFilled({ newPassword: a, confirmPassword: b })).toBe(a !== '' && b !== '');
        expect(registerFormFilled({ phone: a, registerCode: b, registerPassword: c })).toBe(a !== '' && b !== '' && c !== '');
      }),
    );
  });
});
