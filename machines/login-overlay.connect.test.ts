import { shallowEqual } from '@xstate/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementSheetMachine } from './agreement-sheet.machine.ts';
import { connectAgreementSheet } from './agreement-sheet.connect.ts';
import { connectLoginOverlay, formatPhone } from './login-overlay.connect.ts';
import { loginOverlayMachine } from './login-overlay.machine.ts';
import { initialLoginOverlayContext } from './login-overlay.setup.ts';
import type { LoginOverlayContext, LoginOverlayEvent } from './login-overlay.types.ts';

/** connect() is pure: a snapshot (resolved from a state value and context, no actor) in, a view model out. */

type StateValue = Parameters<typeof loginOverlayMachine.resolveState>[0]['value'];
const PHONE = '13800138000';

function snapshotAt(value: StateValue, context: Partial<LoginOverlayContext> = {}) {
  return loginOverlayMachine.resolveState({ value, context: { ...initialLoginOverlayContext(null), ...context } });
}

function connect(value: StateValue, context: Partial<LoginOverlayContext> = {}) {
  const sent: LoginOverlayEvent[] = [];
  const send = (event: LoginOverlayEvent) => void sent.push(event);
  return { view: connectLoginOverlay(snapshotAt(value, context), send), sent, send };
}

describe('connectLoginOverlay', () => {
  it('closed: nothing open, no panel, no control the machine would refuse', () => {
    const { view } = connect('closed');
    expect(view).toMatchObject({ isOpen: false, isSheetOpen: false, isPageOpen: false, panel: null, canClose: false, canSendCode: false, agreementSheet: undefined });
  });

  it('panel 1 as the sheet: get-code enabled only at 11 digits', () => {
    expect(connect({ open: { sms: 'editing' } }, { phone: '1380013800' }).view).toMatchObject({ isSheetOpen: true, panel: 1, canSendCode: false, canClose: true });
    expect(connect({ open: { sms: 'editing' } }, { phone: PHONE }).view.canSendCode).toBe(true);
  });

  it('a panel waiting on the server shows busy and takes no input (closing still does)', () => {
    const { view } = connect({ open: { sms: 'sending' } }, { phone: PHONE, agreed: true });
    expect(view.canClose).toBe(true);
    expect(view).toMatchObject({ sendingCode: true, canEditPhone: false, canSendCode: false, canSwitchToPassword: false });
  });

  it('panel 2: where the code went, the countdown label, then 重新获取', () => {
    const counting = connect({ open: { code: 'entering' } }, { phone: PHONE, codeCountdown: 58, codeResendPhase: 'counting' }).view;
    expect(counting).toMatchObject({ panel: 2, codeSentTo: '138 0013 8000', resendCodeLabel: '58s后重新获取', canResendCode: false, canGoBack: true });
    const ready = connect({ open: { code: 'entering' } }, { phone: PHONE }).view;
    expect(ready).toMatchObject({ resendCodeLabel: '重新获取', canResendCode: true });
    const submitting = connect({ open: { code: 'submitting' } }, { phone: PHONE, code: '1234' }).view;
    expect(submitting).toMatchObject({ submittingCode: true, canGoBack: false });
  });

  it('panel 4: 获取验证码 until a code is sent, then the countdown', () => {
    expect(connect({ open: { recover: 'editing' } }).view).toMatchObject({ panel: 4, recoverCodeLabel: '获取验证码' });
    expect(connect({ open: { recover: 'editing' } }, { recoverCountdown: 9, recoverResendPhase: 'counting' }).view.recoverCodeLabel).toBe('9s后重新获取');
  });

  it('the register page: its own countdown label, shown as a page', () => {
    const { view } = connect({ open: { register: 'editing' } }, { presentation: 'page', codeCountdown: 30, codeResendPhase: 'counting' });
    expect(view).toMatchObject({ panel: 6, isPageOpen: true, isSheetOpen: false, registerCodeLabel: '30s后重新获取', canSendRegisterCode: false });
  });

  it('SPEC §5: 登录, 下一步 and 确定 are disabled until their required fields are non-empty', () => {
    expect(connect({ open: { password: 'editing' } }, { phone: PHONE }).view.canPasswordLogin).toBe(false);
    expect(connect({ open: { password: 'editing' } }, { phone: PHONE, password: 'x' }).view.canPasswordLogin).toBe(true);
    expect(connect({ open: { recover: 'editing' } }, { recoverPhone: PHONE }).view.canRecoverNext).toBe(false);
    expect(connect({ open: { recover: 'editing' } }, { recoverPhone: PHONE, recoverCode: '1' }).view.canRecoverNext).toBe(true);
    expect(connect({ open: { newPassword: 'editing' } }, { newPassword: 'abc123' }).view.canReset).toBe(false);
    expect(connect({ open: { newPassword: 'editing' } }, { newPassword: 'abc123', confirmPassword: 'a' }).view.canReset).toBe(true);
  });

  it('intents send the machine’s events', () => {
    const { view, sent } = connect({ open: { password: 'editing' } });
    view.changePhone(PHONE);
    view.changePassword('secret1');
    view.passwordLogin();
    view.forgot();
    expect(sent).toEqual([
      { type: 'ui.phone.change', value: PHONE },
      { type: 'ui.password.change', value: 'secret1' },
      { type: 'ui.passwordLogin' },
      { type: 'ui.forgot' },
    ]);
  });

  it('is shallowly equal for the same snapshot and send (intents are the same functions), and differs when a value does', () => {
    const send = () => {};
    const snapshot = snapshotAt({ open: { password: 'editing' } }, { phone: PHONE });
    expect(shallowEqual(connectLoginOverlay(snapshot, send), connectLoginOverlay(snapshot, send))).toBe(true);
    expect(shallowEqual(connectLoginOverlay(snapshot, send), connectLoginOverlay(snapshotAt({ open: { password: 'editing' } }, { phone: '1' }), send))).toBe(false);
  });
});

describe('formatPhone', () => {
  it('groups 3-4-rest and loses no digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,11}$/), (phone) => {
        const formatted = formatPhone(phone);
        expect(formatted.replaceAll(' ', '')).toBe(phone);
        const groups = formatted === '' ? [] : formatted.split(' ');
        // Every group but the last is full: 3, then 4, then the rest.
        groups.slice(0, -1).forEach((group, index) => expect(group.length).toBe([3, 4][index]));
      }),
    );
  });
});

describe('connectAgreementSheet', () => {
  const sheetAt = (value: Parameters<typeof agreementSheetMachine.resolveState>[0]['value'], context: object = {}) =>
    agreementSheetMachine.resolveState({ value, context: { doc: null, title: '', html: '', error: null, returnTo: 'hidden', ...context } });

  it('no sheet (the overlay is closed): hidden, and its intents send nowhere', () => {
    const view = connectAgreementSheet(undefined);
    expect(view).toMatchObject({ sheetMode: 'hidden', documentTitle: '', documentHtml: '', documentError: null });
    expect(() => view.acceptAgreement()).not.toThrow();
  });

  it('asking, then viewing: the document’s name until the server’s title arrives', () => {
    expect(connectAgreementSheet(sheetAt('asking')).sheetMode).toBe('asking');
    expect(connectAgreementSheet(sheetAt({ viewing: 'loading' }, { doc: 'privacy' }))).toMatchObject({ sheetMode: 'viewing', documentStatus: 'loading', documentTitle: '隐私政策' });
    const loaded = connectAgreementSheet(sheetAt({ viewing: 'loaded' }, { doc: 'agreement', title: '乐玩用户协议', html: '<p>x</p>' }));
    expect(loaded).toMatchObject({ documentStatus: 'loaded', documentTitle: '乐玩用户协议', documentHtml: '<p>x</p>' });
    expect(connectAgreementSheet(sheetAt({ viewing: 'failed' }, { doc: 'agreement', error: '网络异常' }))).toMatchObject({ documentStatus: 'failed', documentError: '网络异常' });
  });

  it('intents send the sheet’s events', () => {
    const sent: unknown[] = [];
    const view = connectAgreementSheet(sheetAt('asking'), (event) => void sent.push(event));
    view.openDocument('privacy');
    view.acceptAgreement();
    expect(sent).toEqual([{ type: 'ui.doc.open', doc: 'privacy' }, { type: 'ui.agreement.accept' }]);
  });
});
