import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { AUTH_MSG } from '../api/protocol/codes.ts';
import { createDeferredActors } from '../model-tests/deferred-actors.ts';
import { resendCodeMachine } from './resend-code.machine.ts';
import { agreementSheetMachine } from './agreement-sheet.machine.ts';
import { loginOverlayMachine } from './login-overlay.machine.ts';
import {
  selectAgreementSheet,
  selectCanRequestCode,
  selectCanResendCode,
  selectCanResendRecoverCode,
  selectCodeCountdown,
  selectIsBusy,
  selectIsOpen,
  selectIsPageOpen,
  selectIsSheetOpen,
  selectCanResendRegisterCode,
  selectPanel,
  selectRecoverCountdown,
} from './login-overlay.selectors.ts';
import type { LoginData, SignedInParams } from './login-overlay.types.ts';

const CALLS = ['sendCode', 'verifyCode', 'trendRegister', 'passwordLogin', 'resetPassword', 'register'] as const;
const PHONE = '13800138000';
const DATA: LoginData = { token: 'tok-1', user_uuid: 'uuid-1', nickname: '小明' };

const ok = (code: number, msg = '成功'): ApiOutcome => ({ kind: 'ok', code, msg, data: null });
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const serverError = (msg: string): ApiOutcome => ({ kind: 'error', reason: 'server', code: 500, msg });
const revoked: ApiOutcome = { kind: 'sessionRevoked', code: 102, msg: '您的账号已在其他设备登录' };
const expired: ApiOutcome = { kind: 'sessionExpired', code: 104, msg: '登录已过期，请重新登录', toast: '登录已过期，请重新登录' };

function setUp(input: { bdVid?: string | null } = {}) {
  const clock = new SimulatedClock();
  const calls = createDeferredActors(loginOverlayMachine, CALLS);
  const docs = createDeferredActors(agreementSheetMachine, ['loadDocument']);
  const toasts: string[] = [];
  const signedIn: SignedInParams[] = [];
  const actor = createActor(
    loginOverlayMachine.provide({
      actors: {
        ...calls.actors,
        agreementSheet: agreementSheetMachine.provide({ actors: docs.actors }),
        // The resend children send through the same deferred sendCode as panel 1.
        resendCode: resendCodeMachine.provide({ actors: { sendCode: calls.actors.sendCode as never } }),
      },
      actions: {
        showToast: (_, params) => void toasts.push(params.message),
        signedIn: (_, params) => void signedIn.push(params),
      },
    }),
    { clock, input },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const sheet = () => selectAgreementSheet(snapshot())!;
  const seconds = (count: number) => {
    for (let i = 0; i < count; i += 1) clock.increment(1_000);
  };
  return { actor, clock, calls, docs, toasts, signedIn, snapshot, sheet, seconds, send: actor.send.bind(actor) };
}

type Overlay = ReturnType<typeof setUp>;

function openSms(overlay: Overlay, { agreed = true, phone = PHONE } = {}) {
  overlay.send({ type: 'ui.open' });
  if (agreed) overlay.send({ type: 'ui.agree.toggle' });
  overlay.send({ type: 'ui.phone.change', value: phone });
}

async function toCodePanel(overlay: Overlay) {
  openSms(overlay);
  overlay.send({ type: 'ui.sendCode' });
  await overlay.calls.resolve('sendCode', ok(1));
}

function toPasswordPanel(overlay: Overlay, { agreed = true } = {}) {
  overlay.send({ type: 'ui.open' });
  overlay.send({ type: 'ui.toPassword' });
  if (agreed) overlay.send({ type: 'ui.agree.toggle' });
}

function toRecoverPanel(overlay: Overlay) {
  toPasswordPanel(overlay);
  overlay.send({ type: 'ui.forgot' });
}

async function toNewPasswordPanel(overlay: Overlay) {
  toRecoverPanel(overlay);
  overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
  overlay.send({ type: 'ui.recover.code.change', value: '5678' });
  overlay.send({ type: 'ui.recover.next' });
  await overlay.calls.resolve('verifyCode', ok(1));
}

describe('login overlay: panels and transitions (SPEC §4)', () => {
  it('starts closed and opens at panel 1 with the agreement sheet child', () => {
    const overlay = setUp();
    expect(selectIsOpen(overlay.snapshot())).toBe(false);
    expect(selectPanel(overlay.snapshot())).toBeNull();
    overlay.send({ type: 'ui.open' });
    expect(selectPanel(overlay.snapshot())).toBe(1);
    expect(overlay.sheet().getSnapshot().value).toBe('hidden');
  });

  it('goes 1 → 2 only after sendCode answers code 1, with a 60 s countdown', async () => {
    const overlay = setUp();
    openSms(overlay);
    overlay.send({ type: 'ui.sendCode' });
    expect(overlay.calls.lastInput('sendCode')).toEqual({ phone: PHONE, type: '1' });
    expect(selectIsBusy(overlay.snapshot())).toBe(true);
    expect(selectPanel(overlay.snapshot())).toBe(1);
    await overlay.calls.resolve('sendCode', ok(1));
    expect(selectPanel(overlay.snapshot())).toBe(2);
    expect(selectIsBusy(overlay.snapshot())).toBe(false);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(60);
    expect(selectCanResendCode(overlay.snapshot())).toBe(false);
  });

  it.each([
    ['2 → 1 (back)', async (o: Overlay) => toCodePanel(o), { type: 'ui.back' } as const, 1],
    ['1 → 3 (password login)', async (o: Overlay) => void o.send({ type: 'ui.open' }), { type: 'ui.toPassword' } as const, 3],
    ['3 → 1 (phone login)', async (o: Overlay) => toPasswordPanel(o), { type: 'ui.toSms' } as const, 1],
    ['3 → 4 (forgot password)', async (o: Overlay) => toPasswordPanel(o), { type: 'ui.forgot' } as const, 4],
    ['4 → 3 (back)', async (o: Overlay) => toRecoverPanel(o), { type: 'ui.back' } as const, 3],
    ['5 → 4 (back)', async (o: Overlay) => toNewPasswordPanel(o), { type: 'ui.back' } as const, 4],
  ])('goes %s', async (_, arrange, event, panel) => {
    const overlay = setUp();
    await arrange(overlay);
    overlay.send(event);
    expect(selectPanel(overlay.snapshot())).toBe(panel);
  });

  it('goes 4 → 5 after verifyCode answers code 1', async () => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    expect(overlay.calls.lastInput('verifyCode')).toEqual({ account: PHONE, phone_code: '5678' });
    expect(selectPanel(overlay.snapshot())).toBe(5);
  });

  it('goes 5 → 3 after a successful reset, showing 修改成功', async () => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    overlay.send({ type: 'ui.reset.password.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.confirm.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.submit' });
    expect(overlay.calls.lastInput('resetPassword')).toEqual({ account: PHONE, phone_code: '5678', password: 'abc123' });
    expect(selectIsBusy(overlay.snapshot())).toBe(true);
    await overlay.calls.resolve('resetPassword', { kind: 'ok', code: 1, msg: '修改成功', data: null });
    expect(selectPanel(overlay.snapshot())).toBe(3);
    expect(overlay.toasts).toEqual(['修改成功']);
    expect(overlay.snapshot().context).toMatchObject({ recoverCode: '', newPassword: '', confirmPassword: '', message: '修改成功' });
    // The reset answers no session: panel 3 waits with the recovered phone, the password empty, the box as it was.
    expect(overlay.snapshot().context).toMatchObject({ phone: PHONE, password: '', agreed: true });
  });

  it('closes from panels 1 and 3', () => {
    const fromSms = setUp();
    fromSms.send({ type: 'ui.open' });
    fromSms.send({ type: 'ui.close' });
    expect(fromSms.snapshot().value).toBe('closed');
    const fromPassword = setUp();
    toPasswordPanel(fromPassword);
    fromPassword.send({ type: 'ui.close' });
    expect(fromPassword.snapshot().value).toBe('closed');
    expect(fromPassword.snapshot().children.agreement).toBeUndefined();
  });

  it('ignores close on panels 2, 4 and 5 (SPEC: close from 1 and 3 only)', async () => {
    const code = setUp();
    await toCodePanel(code);
    code.send({ type: 'ui.close' });
    expect(selectPanel(code.snapshot())).toBe(2);
    const recover = setUp();
    toRecoverPanel(recover);
    recover.send({ type: 'ui.close' });
    expect(selectPanel(recover.snapshot())).toBe(4);
    const reset = setUp();
    await toNewPasswordPanel(reset);
    reset.send({ type: 'ui.close' });
    expect(selectPanel(reset.snapshot())).toBe(5);
  });

  it('closing while a call runs cancels it; reopening starts from a clean panel 1', () => {
    const overlay = setUp({ bdVid: 'bd-9' });
    openSms(overlay);
    overlay.send({ type: 'ui.sendCode' });
    overlay.send({ type: 'ui.close' });
    expect(overlay.calls.isPending('sendCode')).toBe(false);
    overlay.send({ type: 'ui.open' });
    expect(selectPanel(overlay.snapshot())).toBe(1);
    expect(overlay.snapshot().context).toMatchObject({ phone: '', agreed: false, message: null, bdVid: 'bd-9' });
  });

  it('takes no input or navigation while a panel waits on the server', () => {
    const overlay = setUp();
    openSms(overlay);
    overlay.send({ type: 'ui.sendCode' });
    overlay.send({ type: 'ui.toPassword' });
    overlay.send({ type: 'ui.phone.change', value: '139' });
    expect(overlay.snapshot().matches({ open: { sms: 'sending' } })).toBe(true);
    expect(overlay.snapshot().context.phone).toBe(PHONE);
  });
});

describe('login overlay: panel 1, phone-code login (SPEC §5)', () => {
  it('enables get-code only at 11 digits and ignores it before', () => {
    const overlay = setUp();
    openSms(overlay, { phone: '1380013800' });
    expect(selectCanRequestCode(overlay.snapshot())).toBe(false);
    overlay.send({ type: 'ui.sendCode' });
    expect(overlay.calls.calls).toEqual([]);
    expect(overlay.sheet().getSnapshot().value).toBe('hidden');
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    expect(selectCanRequestCode(overlay.snapshot())).toBe(true);
  });

  it('keeps digits only and at most 11 of them', () => {
    const overlay = setUp();
    overlay.send({ type: 'ui.open' });
    overlay.send({ type: 'ui.phone.change', value: '138-0013 8000abc999' });
    expect(overlay.snapshot().context.phone).toBe(PHONE);
  });

  it('opens the consent sheet instead of sending when the box is not ticked; agreeing ticks it and sends the code', () => {
    const overlay = setUp();
    openSms(overlay, { agreed: false });
    overlay.send({ type: 'ui.sendCode' });
    expect(overlay.snapshot().matches({ open: { sms: 'consent' } })).toBe(true);
    expect(overlay.sheet().getSnapshot().value).toBe('asking');
    expect(overlay.calls.calls).toEqual([]);
    overlay.sheet().send({ type: 'ui.agreement.accept' });
    expect(overlay.snapshot().matches({ open: { sms: 'sending' } })).toBe(true);
    expect(overlay.snapshot().context.agreed).toBe(true);
    expect(overlay.calls.lastInput('sendCode')).toEqual({ phone: PHONE, type: '1' });
  });

  it('leaves the box unticked when the sheet is dismissed', () => {
    const overlay = setUp();
    openSms(overlay, { agreed: false });
    overlay.send({ type: 'ui.sendCode' });
    overlay.sheet().send({ type: 'ui.agreement.dismiss' });
    expect(overlay.snapshot().matches({ open: { sms: 'editing' } })).toBe(true);
    expect(overlay.snapshot().context.agreed).toBe(false);
  });

  it('toggles the agreement box both ways', () => {
    const overlay = setUp();
    overlay.send({ type: 'ui.open' });
    overlay.send({ type: 'ui.agree.toggle' });
    expect(overlay.snapshot().context.agreed).toBe(true);
    overlay.send({ type: 'ui.agree.toggle' });
    expect(overlay.snapshot().context.agreed).toBe(false);
  });

  it.each([
    ['code -1 (the session machine toasts it)', refused('发送失败'), []],
    ['an unexpected success code', ok(5, '请稍后再试'), ['请稍后再试']],
    ['an error', serverError('服务器繁忙'), ['服务器繁忙']],
  ])('clears the phone and stays on panel 1 when sendCode answers %s', async (_, outcome, toasts) => {
    const overlay = setUp();
    openSms(overlay);
    overlay.send({ type: 'ui.sendCode' });
    await overlay.calls.resolve('sendCode', outcome);
    expect(selectPanel(overlay.snapshot())).toBe(1);
    expect(overlay.snapshot().matches({ open: { sms: 'editing' } })).toBe(true);
    expect(overlay.snapshot().context.phone).toBe('');
    expect(overlay.toasts).toEqual(toasts);
  });

  it('clears the phone and shows Error when sendCode rejects', async () => {
    const overlay = setUp();
    openSms(overlay);
    overlay.send({ type: 'ui.sendCode' });
    await overlay.calls.reject('sendCode', new Error('offline'));
    expect(overlay.snapshot().context.phone).toBe('');
    expect(overlay.toasts).toEqual(['Error']);
  });

  it.each([
    ['revoked', revoked],
    ['expired', expired],
  ])('only stops waiting when the session is %s', async (_, outcome) => {
    const overlay = setUp();
    openSms(overlay);
    overlay.send({ type: 'ui.sendCode' });
    await overlay.calls.resolve('sendCode', outcome);
    expect(selectIsBusy(overlay.snapshot())).toBe(false);
    expect(selectPanel(overlay.snapshot())).toBe(1);
    expect(overlay.snapshot().context.phone).toBe(PHONE);
    expect(overlay.toasts).toEqual([]);
  });
});

describe('login overlay: panel 2, code boxes', () => {
  it('auto-submits trendRegister on the 4th digit, not before', async () => {
    const overlay = setUp({ bdVid: 'bd-42' });
    await toCodePanel(overlay);
    overlay.send({ type: 'ui.code.change', value: '1' });
    overlay.send({ type: 'ui.code.change', value: '123' });
    expect(overlay.calls.isPending('trendRegister')).toBe(false);
    overlay.send({ type: 'ui.code.change', value: '1234' });
    expect(overlay.calls.lastInput('trendRegister')).toEqual({ account: PHONE, phone_code: '1234', agree_agreement: 1, bd_vid: 'bd-42' });
    expect(selectIsBusy(overlay.snapshot())).toBe(true);
  });

  it('omits bd_vid without an ad-click id and keeps digits only, at most 4', async () => {
    const overlay = setUp();
    await toCodePanel(overlay);
    overlay.send({ type: 'ui.code.change', value: 'a1b2' });
    expect(overlay.snapshot().context.code).toBe('12');
    overlay.send({ type: 'ui.code.change', value: '1 2-3x4 5' });
    expect(overlay.snapshot().context.code).toBe('1234');
    expect(overlay.calls.lastInput('trendRegister')).toEqual({ account: PHONE, phone_code: '1234', agree_agreement: 1 });
  });

  it('signs in via sms and closes on code 200', async () => {
    const overlay = setUp();
    await toCodePanel(overlay);
    overlay.send({ type: 'ui.code.change', value: '1234' });
    await overlay.calls.resolve('trendRegister', { kind: 'ok', code: 200, msg: '登录成功', data: DATA });
    expect(overlay.signedIn).toEqual([{ token: 'tok-1', uuid: 'uuid-1', nickname: '小明', via: 'sms' }]);
    expect(overlay.snapshot().value).toBe('closed');
  });

  it.each([
    ['code -1', refused('验证码错误'), []],
    ['code 1 instead of 200', ok(1, '注册成功'), ['注册成功']],
    ['an error', serverError('服务器繁忙'), ['服务器繁忙']],
  ])('clears the code boxes when trendRegister answers %s', async (_, outcome, toasts) => {
    const overlay = setUp();
    await toCodePanel(overlay);
    overlay.send({ type: 'ui.code.change', value: '1234' });
    await overlay.calls.resolve('trendRegister', outcome);
    expect(overlay.snapshot().matches({ open: { code: 'entering' } })).toBe(true);
    expect(overlay.snapshot().context.code).toBe('');
    expect(overlay.toasts).toEqual(toasts);
    expect(overlay.signedIn).toEqual([]);
  });

  it('clears the code boxes when trendRegister rejects, and only stops waiting on an ended session', async () => {
    const rejected = setUp();
    await toCodePanel(rejected);
    rejected.send({ type: 'ui.code.change', value: '1234' });
    await rejected.calls.reject('trendRegister', new Error('offline'));
    expect(rejected.snapshot().context.code).toBe('');
    const ended = setUp();
    await toCodePanel(ended);
    ended.send({ type: 'ui.code.change', value: '1234' });
    await ended.calls.resolve('trendRegister', expired);
    expect(ended.snapshot().matches({ open: { code: 'entering' } })).toBe(true);
    expect(ended.snapshot().context.code).toBe('1234');
  });

  it('counts down each second and refuses resend at 59 s, allows it at 60 s', async () => {
    const overlay = setUp();
    await toCodePanel(overlay);
    overlay.seconds(1);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(59);
    overlay.seconds(58);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(1);
    overlay.send({ type: 'ui.code.resend' });
    expect(overlay.calls.isPending('sendCode')).toBe(false);
    overlay.seconds(1);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(0);
    expect(selectCanResendCode(overlay.snapshot())).toBe(true);
    overlay.send({ type: 'ui.code.resend' });
    expect(overlay.calls.lastInput('sendCode')).toEqual({ phone: PHONE, type: '1' });
    await overlay.calls.resolve('sendCode', ok(1));
    expect(selectCodeCountdown(overlay.snapshot())).toBe(60);
    expect(selectCanResendCode(overlay.snapshot())).toBe(false);
  });

  it('stays ready to resend when a resend fails', async () => {
    const overlay = setUp();
    await toCodePanel(overlay);
    overlay.seconds(60);
    overlay.send({ type: 'ui.code.resend' });
    await overlay.calls.resolve('sendCode', serverError('发送太频繁'));
    expect(selectCanResendCode(overlay.snapshot())).toBe(true);
    expect(overlay.toasts).toEqual(['发送太频繁']);
    overlay.send({ type: 'ui.code.resend' });
    await overlay.calls.resolve('sendCode', revoked);
    expect(selectCanResendCode(overlay.snapshot())).toBe(true);
    overlay.send({ type: 'ui.code.resend' });
    await overlay.calls.reject('sendCode', new Error('offline'));
    expect(selectCanResendCode(overlay.snapshot())).toBe(true);
  });

  it('stops the countdown when leaving the panel and restarts it on the next send', async () => {
    const overlay = setUp();
    await toCodePanel(overlay);
    overlay.seconds(10);
    overlay.send({ type: 'ui.back' });
    expect(selectCodeCountdown(overlay.snapshot())).toBe(0);
    overlay.seconds(5);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(0);
    overlay.send({ type: 'ui.sendCode' });
    await overlay.calls.resolve('sendCode', ok(1));
    expect(selectCodeCountdown(overlay.snapshot())).toBe(60);
  });
});

describe('login overlay: panel 3, password login (SPEC §5, §8)', () => {
  it.each([
    ['', ''],
    ['', 'secret1'],
    [PHONE, ''],
  ])('takes no 登录 while phone %j / password %j leave a field empty (SPEC §5: the button is disabled)', (phone, password) => {
    const overlay = setUp();
    toPasswordPanel(overlay, { agreed: false });
    overlay.send({ type: 'ui.phone.change', value: phone });
    overlay.send({ type: 'ui.password.change', value: password });
    expect(overlay.snapshot().can({ type: 'ui.passwordLogin' })).toBe(false);
    overlay.send({ type: 'ui.passwordLogin' });
    expect(overlay.snapshot().matches({ open: { password: 'editing' } })).toBe(true);
    expect(overlay.toasts).toEqual([]);
  });

  it('opens the consent sheet first when the box is not ticked, before checking the phone', () => {
    const overlay = setUp();
    toPasswordPanel(overlay, { agreed: false });
    overlay.send({ type: 'ui.phone.change', value: '1380013800' });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    expect(overlay.snapshot().matches({ open: { password: 'consent' } })).toBe(true);
    expect(overlay.sheet().getSnapshot().value).toBe('asking');
    expect(overlay.toasts).toEqual([]);
  });

  it.each([
    ['1380013800', 'secret1', '手机号码格式不正确'],
    ['12345678901', 'secret1', '手机号码格式不正确'],
  ])('refuses phone %j / password %j with %s', (phone, password, message) => {
    const overlay = setUp();
    toPasswordPanel(overlay);
    overlay.send({ type: 'ui.phone.change', value: phone });
    overlay.send({ type: 'ui.password.change', value: password });
    overlay.send({ type: 'ui.passwordLogin' });
    expect(overlay.toasts).toEqual([message]);
    expect(overlay.snapshot().context.message).toBe(message);
    expect(overlay.snapshot().matches({ open: { password: 'editing' } })).toBe(true);
    expect(overlay.calls.calls).toEqual([]);
  });

  it('logs in with account and password, signs in via password and closes on 200', async () => {
    const overlay = setUp();
    toPasswordPanel(overlay);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    expect(overlay.calls.lastInput('passwordLogin')).toEqual({ account: PHONE, password: 'secret1' });
    expect(selectIsBusy(overlay.snapshot())).toBe(true);
    await overlay.calls.resolve('passwordLogin', { kind: 'ok', code: 200, msg: '登录成功', data: DATA });
    expect(overlay.signedIn).toEqual([{ token: 'tok-1', uuid: 'uuid-1', nickname: '小明', via: 'password' }]);
    expect(overlay.snapshot().value).toBe('closed');
  });

  it("'agree and continue' ticks the box and proceeds to log in", () => {
    const overlay = setUp();
    toPasswordPanel(overlay, { agreed: false });
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    overlay.sheet().send({ type: 'ui.agreement.accept' });
    expect(overlay.snapshot().context.agreed).toBe(true);
    expect(overlay.snapshot().matches({ open: { password: 'submitting' } })).toBe(true);
    expect(overlay.calls.lastInput('passwordLogin')).toEqual({ account: PHONE, password: 'secret1' });
  });

  it("'agree and continue' with an invalid form ticks the box and shows the validation message", () => {
    const overlay = setUp();
    toPasswordPanel(overlay, { agreed: false });
    overlay.send({ type: 'ui.phone.change', value: '1380013800' });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    overlay.sheet().send({ type: 'ui.agreement.accept' });
    expect(overlay.snapshot().context.agreed).toBe(true);
    expect(overlay.snapshot().matches({ open: { password: 'editing' } })).toBe(true);
    expect(overlay.toasts).toEqual(['手机号码格式不正确']);
  });

  it('dismissing the sheet returns to the form without logging in', () => {
    const overlay = setUp();
    toPasswordPanel(overlay, { agreed: false });
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    overlay.sheet().send({ type: 'ui.agreement.dismiss' });
    expect(overlay.snapshot().matches({ open: { password: 'editing' } })).toBe(true);
    expect(overlay.snapshot().context.agreed).toBe(false);
    expect(overlay.calls.calls).toEqual([]);
  });

  it.each([
    ['code -1 登录失败 (suppressed globally, shown here)', refused('登录失败'), '登录失败'],
    ['code -1 with another message', refused('账号或密码错误'), '账号或密码错误'],
    ['an error', serverError('服务器繁忙'), '服务器繁忙'],
  ])('shows the server msg when login answers %s', async (_, outcome, message) => {
    const overlay = setUp();
    toPasswordPanel(overlay);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    await overlay.calls.resolve('passwordLogin', outcome);
    expect(overlay.toasts).toEqual([message]);
    expect(overlay.snapshot().matches({ open: { password: 'editing' } })).toBe(true);
    expect(overlay.snapshot().context).toMatchObject({ phone: PHONE, password: 'secret1' });
  });

  it('moves to panel 1 with the phone filled in when the account asks for the SMS code (declared reason, not its words)', async () => {
    const overlay = setUp();
    toPasswordPanel(overlay);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    await overlay.calls.resolve('passwordLogin', { ...refused(AUTH_MSG.useSmsCode), data: { reason: 'sms_required' } });
    expect(selectPanel(overlay.snapshot())).toBe(1);
    expect(overlay.snapshot().context).toMatchObject({ phone: PHONE, agreed: true });
    expect(overlay.toasts).toEqual([AUTH_MSG.useSmsCode]);
    // The get-code button is ready: one tap sends the login code to that phone.
    overlay.send({ type: 'ui.sendCode' });
    expect(overlay.calls.lastInput('sendCode')).toEqual({ phone: PHONE, type: '1' });
  });

  it.each([
    ['locked for this network', { reason: 'locked' }],
    ['this network waits', { reason: 'address_wait', retry_after_s: 300 }],
    ['an unknown reason', { reason: 'something_else' }],
  ])('stays on the password panel when the refusal says %s', async (_, data) => {
    const overlay = setUp();
    toPasswordPanel(overlay);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    await overlay.calls.resolve('passwordLogin', { ...refused('密码错误次数过多'), data });
    expect(overlay.snapshot().matches({ open: { password: 'editing' } })).toBe(true);
    expect(overlay.toasts).toEqual(['密码错误次数过多']);
  });

  it('shows Error when login rejects and stays quiet when the session ended', async () => {
    const overlay = setUp();
    toPasswordPanel(overlay);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'secret1' });
    overlay.send({ type: 'ui.passwordLogin' });
    await overlay.calls.reject('passwordLogin', new Error('offline'));
    overlay.send({ type: 'ui.passwordLogin' });
    await overlay.calls.resolve('passwordLogin', revoked);
    expect(overlay.toasts).toEqual(['Error']);
    expect(selectIsBusy(overlay.snapshot())).toBe(false);
  });
});

describe('login overlay: panel 4, recovery step 1 (SPEC §5)', () => {
  it.each([
    ['', ''],
    ['', '1234'],
    [PHONE, ''],
  ])('takes no 下一步 while phone %j / code %j leave a field empty (SPEC §5)', (phone, code) => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.phone.change', value: phone });
    overlay.send({ type: 'ui.recover.code.change', value: code });
    expect(overlay.snapshot().can({ type: 'ui.recover.next' })).toBe(false);
    overlay.send({ type: 'ui.recover.next' });
    expect(overlay.toasts).toEqual([]);
    expect(overlay.calls.calls).toEqual([]);
  });

  it.each([['1380013800', '1234', '手机号码格式不正确']])('refuses next with phone %j / code %j: %s', (phone, code, message) => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.phone.change', value: phone });
    overlay.send({ type: 'ui.recover.code.change', value: code });
    overlay.send({ type: 'ui.recover.next' });
    expect(overlay.toasts).toEqual([message]);
    expect(overlay.calls.calls).toEqual([]);
  });

  it('keeps the code to 4 digits', () => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.code.change', value: '12a345' });
    expect(overlay.snapshot().context.recoverCode).toBe('1234');
  });

  it.each([
    ['code -1', refused('验证码错误'), []],
    ['an error', serverError('服务器繁忙'), ['服务器繁忙']],
    ['a revoked session', revoked, []],
  ])('stays on panel 4 when verifyCode answers %s', async (_, outcome, toasts) => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
    overlay.send({ type: 'ui.recover.code.change', value: '5678' });
    overlay.send({ type: 'ui.recover.next' });
    expect(selectIsBusy(overlay.snapshot())).toBe(true);
    await overlay.calls.resolve('verifyCode', outcome);
    expect(overlay.snapshot().matches({ open: { recover: 'editing' } })).toBe(true);
    expect(overlay.toasts).toEqual(toasts);
  });

  it('asks for the phone before getting a recovery code', () => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.sendCode' });
    overlay.send({ type: 'ui.recover.phone.change', value: '1380013800' });
    overlay.send({ type: 'ui.recover.sendCode' });
    expect(overlay.toasts).toEqual(['请输入手机号后重新发送', '手机号码格式不正确']);
    expect(overlay.calls.calls).toEqual([]);
  });

  it('gets a recovery code (type 2) and refuses a resend at 59 s, allows it at 60 s', async () => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
    overlay.send({ type: 'ui.recover.sendCode' });
    expect(overlay.calls.lastInput('sendCode')).toEqual({ phone: PHONE, type: '2' });
    await overlay.calls.resolve('sendCode', ok(1));
    expect(selectRecoverCountdown(overlay.snapshot())).toBe(60);
    overlay.seconds(59);
    expect(selectRecoverCountdown(overlay.snapshot())).toBe(1);
    overlay.send({ type: 'ui.recover.sendCode' });
    expect(overlay.calls.calls).toHaveLength(1);
    overlay.seconds(1);
    expect(selectCanResendRecoverCode(overlay.snapshot())).toBe(true);
    overlay.send({ type: 'ui.recover.sendCode' });
    expect(overlay.calls.calls).toHaveLength(2);
  });

  it('clears the phone when the recovery code cannot be sent', async () => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
    overlay.send({ type: 'ui.recover.sendCode' });
    // (A recovery code is never refused for an unregistered phone: the server answers it as any other.)
    await overlay.calls.resolve('sendCode', refused('请勿频繁发送验证码'));
    expect(overlay.snapshot().context.recoverPhone).toBe('');
    expect(selectCanResendRecoverCode(overlay.snapshot())).toBe(true);
    overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
    overlay.send({ type: 'ui.recover.sendCode' });
    await overlay.calls.reject('sendCode', new Error('offline'));
    expect(overlay.snapshot().context.recoverPhone).toBe('');
    expect(overlay.toasts).toEqual(['Error']);
  });

  it('keeps the phone when the session ended during the send', async () => {
    const overlay = setUp();
    toRecoverPanel(overlay);
    overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
    overlay.send({ type: 'ui.recover.sendCode' });
    await overlay.calls.resolve('sendCode', expired);
    expect(overlay.snapshot().context.recoverPhone).toBe(PHONE);
    expect(selectCanResendRecoverCode(overlay.snapshot())).toBe(true);
  });
});

describe('login overlay: panel 5, new password (SPEC §5)', () => {
  it.each([
    ['', ''],
    ['', 'abc123'],
    ['abc123', ''],
  ])('takes no 确定 while %j / %j leave a field empty (SPEC §5)', async (password, confirm) => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    overlay.send({ type: 'ui.reset.password.change', value: password });
    overlay.send({ type: 'ui.reset.confirm.change', value: confirm });
    expect(overlay.snapshot().can({ type: 'ui.reset.submit' })).toBe(false);
    overlay.send({ type: 'ui.reset.submit' });
    expect(overlay.toasts).toEqual([]);
    expect(overlay.calls.isPending('resetPassword')).toBe(false);
  });

  it.each([
    ['12345', '12345', '请输入6-15位数字字母组合密码'],
    ['abc123', 'abc12', '请再次输入6-15位数字字母组合密码'],
    ['abc123', 'abc124', '两次输入的密码不同'],
  ])('refuses %j / %j with %s', async (password, confirm, message) => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    overlay.send({ type: 'ui.reset.password.change', value: password });
    overlay.send({ type: 'ui.reset.confirm.change', value: confirm });
    overlay.send({ type: 'ui.reset.submit' });
    expect(overlay.toasts).toEqual([message]);
    expect(overlay.calls.isPending('resetPassword')).toBe(false);
  });

  it('accepts exactly 6 characters and keeps at most 15', async () => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    overlay.send({ type: 'ui.reset.password.change', value: 'abcdefghij1234567' });
    expect(overlay.snapshot().context.newPassword).toBe('abcdefghij12345');
    overlay.send({ type: 'ui.reset.password.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.confirm.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.submit' });
    expect(overlay.calls.isPending('resetPassword')).toBe(true);
  });

  it.each([
    ['code -1', refused('验证码已过期'), []],
    ['an error', serverError('服务器繁忙'), ['服务器繁忙']],
  ])('clears both password fields when reset answers %s', async (_, outcome, toasts) => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    overlay.send({ type: 'ui.reset.password.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.confirm.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.submit' });
    await overlay.calls.resolve('resetPassword', outcome);
    expect(selectPanel(overlay.snapshot())).toBe(5);
    expect(overlay.snapshot().context).toMatchObject({ newPassword: '', confirmPassword: '' });
    expect(overlay.toasts).toEqual(toasts);
  });

  it('clears both fields on a rejected reset and keeps them when the session ended', async () => {
    const overlay = setUp();
    await toNewPasswordPanel(overlay);
    overlay.send({ type: 'ui.reset.password.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.confirm.change', value: 'abc123' });
    overlay.send({ type: 'ui.reset.submit' });
    await overlay.calls.resolve('resetPassword', revoked);
    expect(overlay.snapshot().context).toMatchObject({ newPassword: 'abc123', confirmPassword: 'abc123' });
    overlay.send({ type: 'ui.reset.submit' });
    await overlay.calls.reject('resetPassword', new Error('offline'));
    expect(overlay.snapshot().context).toMatchObject({ newPassword: '', confirmPassword: '' });
    expect(overlay.toasts).toEqual(['Error']);
  });
});

describe('login overlay: agreement documents', () => {
  it('opens the viewer from a panel link without leaving the panel', async () => {
    const overlay = setUp();
    overlay.send({ type: 'ui.open' });
    overlay.sheet().send({ type: 'ui.doc.open', doc: 'privacy' });
    expect(overlay.docs.lastInput('loadDocument')).toEqual({ doc: 'privacy' });
    await overlay.docs.resolve('loadDocument', { kind: 'ok', code: 1, msg: '', data: { title: '隐私政策', content: '<p>…</p>' } });
    expect(overlay.sheet().getSnapshot().context).toMatchObject({ title: '隐私政策', html: '<p>…</p>' });
    expect(overlay.snapshot().matches({ open: { sms: 'editing' } })).toBe(true);
    overlay.sheet().send({ type: 'ui.doc.close' });
    expect(overlay.sheet().getSnapshot().value).toBe('hidden');
  });
});

describe('the full pages: the same panels opened by a route (ui.page.open)', () => {
  it.each([
    ['sms', 1],
    ['password', 3],
    ['recover', 4],
    ['register', 6],
  ] as const)('opens at %s (panel %i) as a page, with a fresh form', (panel, number) => {
    const overlay = setUp();
    overlay.send({ type: 'ui.open' });
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    expect(selectIsSheetOpen(overlay.snapshot())).toBe(true);
    overlay.send({ type: 'ui.page.open', panel });
    expect(selectPanel(overlay.snapshot())).toBe(number);
    expect(selectIsPageOpen(overlay.snapshot())).toBe(true);
    expect(selectIsSheetOpen(overlay.snapshot())).toBe(false);
    expect(overlay.snapshot().context.phone).toBe('');
    // Leaving the page closes it from any panel.
    overlay.send({ type: 'ui.page.leave' });
    expect(overlay.snapshot().value).toBe('closed');
    overlay.send({ type: 'ui.page.open', panel });
    expect(selectPanel(overlay.snapshot())).toBe(number);
    // openLogin afterwards is the sheet again.
    overlay.send({ type: 'ui.page.leave' });
    overlay.send({ type: 'ui.open' });
    expect(selectIsSheetOpen(overlay.snapshot())).toBe(true);
    // The sheet is not closed by a page's leaving (only by its own close, from panels 1, 3 and 6).
    overlay.send({ type: 'ui.page.leave' });
    expect(selectIsSheetOpen(overlay.snapshot())).toBe(true);
  });

  it('a page opened on the recovery panel stops the countdown of the form it replaces', async () => {
    const overlay = setUp();
    overlay.send({ type: 'ui.page.open', panel: 'recover' });
    overlay.send({ type: 'ui.recover.phone.change', value: PHONE });
    overlay.send({ type: 'ui.recover.sendCode' });
    await overlay.calls.resolve('sendCode', ok(1));
    expect(selectRecoverCountdown(overlay.snapshot())).toBe(60);
    overlay.send({ type: 'ui.page.open', panel: 'sms' });
    expect(selectRecoverCountdown(overlay.snapshot())).toBe(0);
  });
});

describe('register page (panel 6): phone, code, password → userRegister', () => {
  function openRegister(overlay: Overlay, { agreed = true } = {}) {
    overlay.send({ type: 'ui.page.open', panel: 'register' });
    if (agreed) overlay.send({ type: 'ui.agree.toggle' });
  }

  it('sends a type-1 code and counts 60 s down second by second before it may resend', async () => {
    const overlay = setUp();
    openRegister(overlay);
    overlay.send({ type: 'ui.register.sendCode' });
    expect(overlay.toasts).toEqual(['请输入手机号后重新发送']);
    overlay.send({ type: 'ui.phone.change', value: '12345678901' });
    overlay.send({ type: 'ui.register.sendCode' });
    expect(overlay.toasts.at(-1)).toBe('手机号码格式不正确');
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.register.sendCode' });
    expect(overlay.calls.lastInput('sendCode')).toEqual({ phone: PHONE, type: '1' });
    expect(selectIsBusy(overlay.snapshot())).toBe(true);
    await overlay.calls.resolve('sendCode', ok(1));
    expect(selectCodeCountdown(overlay.snapshot())).toBe(60);
    expect(selectCanResendRegisterCode(overlay.snapshot())).toBe(false);
    overlay.seconds(59);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(1);
    expect(selectCanResendRegisterCode(overlay.snapshot())).toBe(false);
    overlay.seconds(1);
    expect(selectCodeCountdown(overlay.snapshot())).toBe(0);
    expect(selectCanResendRegisterCode(overlay.snapshot())).toBe(true);
  });

  it('takes no 注册 until phone, code and password are filled; then consent first, phone before password; registers and signs in', async () => {
    const overlay = setUp({ bdVid: 'click-1' });
    openRegister(overlay, { agreed: false });
    overlay.send({ type: 'ui.register.submit' });
    expect(overlay.snapshot().matches({ open: { register: 'editing' } })).toBe(true);
    overlay.send({ type: 'ui.phone.change', value: '1380013800' });
    overlay.send({ type: 'ui.register.code.change', value: '12a34' });
    expect(overlay.snapshot().context.registerCode).toBe('1234');
    expect(overlay.snapshot().can({ type: 'ui.register.submit' })).toBe(false);
    overlay.send({ type: 'ui.register.password.change', value: 'abc12' });
    overlay.send({ type: 'ui.register.submit' });
    expect(overlay.snapshot().matches({ open: { register: 'consent' } })).toBe(true);
    overlay.sheet().send({ type: 'ui.agreement.accept' });
    expect(overlay.toasts).toEqual(['手机号码格式不正确']);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.register.submit' });
    expect(overlay.toasts.at(-1)).toBe('请输入6-15位数字字母组合密码');
    overlay.send({ type: 'ui.register.password.change', value: 'abc123456789012345' });
    expect(overlay.snapshot().context.registerPassword).toBe('abc123456789012');
    overlay.send({ type: 'ui.register.submit' });
    expect(overlay.calls.lastInput('register')).toEqual({ account: PHONE, phone_code: '1234', password: 'abc123456789012', agree_agreement: 1, bd_vid: 'click-1' });
    await overlay.calls.resolve('register', { kind: 'ok', code: 200, msg: '登录成功', data: DATA });
    expect(overlay.snapshot().value).toBe('closed');
    expect(overlay.signedIn).toEqual([{ token: 'tok-1', uuid: 'uuid-1', nickname: '小明', via: 'register' }]);
  });

  it('a refusal (该手机号已注册) clears the code and keeps the rest; the toast is the session machine\'s', async () => {
    const overlay = setUp();
    openRegister(overlay);
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.register.code.change', value: '1234' });
    overlay.send({ type: 'ui.register.password.change', value: 'abc123' });
    overlay.send({ type: 'ui.register.submit' });
    await overlay.calls.resolve('register', refused('该手机号已注册'));
    expect(overlay.snapshot().context).toMatchObject({ phone: PHONE, registerCode: '', registerPassword: 'abc123' });
    expect(overlay.toasts).toEqual([]);
    overlay.send({ type: 'ui.register.code.change', value: '4321' });
    overlay.send({ type: 'ui.register.submit' });
    await overlay.calls.resolve('register', serverError('服务器繁忙'));
    expect(overlay.toasts).toEqual(['服务器繁忙']);
    overlay.send({ type: 'ui.toSms' });
    expect(selectPanel(overlay.snapshot())).toBe(1);
  });
});
