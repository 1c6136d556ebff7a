import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { AUTH_MSG, MSG, type PasswordRefusalData } from '../api/protocol/codes.ts';
import { loginOverlayMachine } from '../machines/login-overlay.machine.ts';
import type { LoginData, LoginOverlayContext, LoginOverlayEvent, LoginOverlayInput } from '../machines/login-overlay.types.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';
import { describeResendReport, resendReports } from './resend-code.kit.ts';

/**
 * The login overlay's model: the event table the graph is walked with, the generated paths,
 * and what each path event means as a user action, a server answer or a clock tick, so that a
 * DOM model test can replay the same paths against the rendered overlay.
 */

/** Invoke ids of the overlay's calls (ARCHITECTURE: every invoke has a stable id). */
/** Panel 1's sendCode and the panels' calls; the resend children's sends are played as their reports. */
export const LOGIN_OVERLAY_CALLS = ['sendCode', 'verifyCode', 'trendRegister', 'passwordLogin', 'resetPassword', 'register'] as const;
export type LoginOverlayCall = (typeof LOGIN_OVERLAY_CALLS)[number];

export const LOGIN_DATA: LoginData = { token: 'token-model', user_uuid: 'uuid-model', nickname: '玩家一号' };

/** Server answers used by the paths: one per distinct behaviour (SPEC §5, §8). */
export const OUTCOMES = {
  accepted: { kind: 'ok', code: 1, msg: '验证码已发送', data: null },
  loggedIn: { kind: 'ok', code: 200, msg: '登录成功', data: LOGIN_DATA },
  refused: { kind: 'toast', code: -1, msg: '验证码错误', data: null, show: true },
  /** Password sign-in refused with the declared reason sms_required: the overlay moves to panel 1. */
  smsRequired: { kind: 'toast', code: -1, msg: AUTH_MSG.useSmsCode, data: { reason: 'sms_required' }, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
  revoked: { kind: 'sessionRevoked', code: 102, msg: MSG.signedInElsewhere },
  expired: { kind: 'sessionExpired', code: 104, msg: MSG.tokenExpired, toast: MSG.tokenExpired },
} satisfies Record<string, ApiOutcome<LoginData | PasswordRefusalData | null>>;

/** Field values: each class a guard tells apart (empty, incomplete, 11 digits off-pattern, valid …). */
export const VALUES = {
  phones: ['', '1380013800', '13800138000', '12345678901'],
  passwords: ['', 'secret1'],
  codes: ['12', '1234'],
  recoverPhones: ['', '1380013800', '13800138000'],
  recoverCodes: ['', '1234'],
  newPasswords: ['', '12345', 'abc123'],
  confirmPasswords: ['', '12345', 'abc123', 'abc124'],
  registerCodes: ['', '1234'],
  registerPasswords: ['', 'abc123'],
  pagePanels: ['sms', 'password', 'recover', 'register'],
} as const;

const answers = (call: LoginOverlayCall, success: ApiOutcome<LoginData | null>): AnyEventObject[] => [
  ...[success, OUTCOMES.refused, OUTCOMES.serverError, OUTCOMES.revoked, OUTCOMES.expired].map((output) => ({
    type: `xstate.done.actor.${call}`,
    output,
  })),
  { type: `xstate.error.actor.${call}`, error: new Error(`${call} failed`) },
];

const userEvents: LoginOverlayEvent[] = [
  { type: 'ui.open' },
  ...VALUES.pagePanels.map((panel) => ({ type: 'ui.page.open' as const, panel })),
  { type: 'ui.page.leave' },
  { type: 'ui.close' },
  { type: 'ui.back' },
  { type: 'ui.toPassword' },
  { type: 'ui.toSms' },
  { type: 'ui.forgot' },
  { type: 'ui.agree.toggle' },
  { type: 'ui.sendCode' },
  { type: 'ui.code.resend' },
  { type: 'ui.passwordLogin' },
  { type: 'ui.recover.sendCode' },
  { type: 'ui.recover.next' },
  { type: 'ui.reset.submit' },
  { type: 'ui.register.sendCode' },
  { type: 'ui.register.submit' },
  { type: 'agreement.accepted' },
  { type: 'agreement.dismissed' },
  ...VALUES.phones.map((value) => ({ type: 'ui.phone.change' as const, value })),
  ...VALUES.passwords.map((value) => ({ type: 'ui.password.change' as const, value })),
  ...VALUES.codes.map((value) => ({ type: 'ui.code.change' as const, value })),
  ...VALUES.recoverPhones.map((value) => ({ type: 'ui.recover.phone.change' as const, value })),
  ...VALUES.recoverCodes.map((value) => ({ type: 'ui.recover.code.change' as const, value })),
  ...VALUES.newPasswords.map((value) => ({ type: 'ui.reset.password.change' as const, value })),
  ...VALUES.confirmPasswords.map((value) => ({ type: 'ui.reset.confirm.change' as const, value })),
  ...VALUES.registerCodes.map((value) => ({ type: 'ui.register.code.change' as const, value })),
  ...VALUES.registerPasswords.map((value) => ({ type: 'ui.register.password.change' as const, value })),
];

/** Every event the graph is walked with: user events, server answers, the resend children's reports. */
export const loginOverlayEventTable: readonly AnyEventObject[] = [
  ...userEvents,
  ...answers('sendCode', OUTCOMES.accepted),
  ...answers('verifyCode', OUTCOMES.accepted),
  ...answers('resetPassword', OUTCOMES.accepted),
  ...answers('trendRegister', OUTCOMES.loggedIn),
  ...answers('passwordLogin', OUTCOMES.loggedIn),
  { type: 'xstate.done.actor.passwordLogin', output: OUTCOMES.smsRequired },
  ...answers('register', OUTCOMES.loggedIn),
  ...resendReports(OUTCOMES.serverError),
];

/**
 * The state value plus the fields the active panel's guards read, and nothing else: fields of
 * other panels (and the last message) would only multiply vertices without new behaviour.
 */
export function serializeLoginOverlay(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as LoginOverlayContext;
  const pick = (...keys: Array<keyof LoginOverlayContext>) => keys.map((key) => context[key]);
  const fields = snapshot.matches({ open: 'sms' })
    ? pick('phone', 'agreed')
    : snapshot.matches({ open: 'code' })
      ? pick('codeCountdown', 'codeResendPhase')
      : snapshot.matches({ open: 'password' })
        ? pick('phone', 'password', 'agreed')
        : snapshot.matches({ open: 'recover' })
          ? pick('recoverPhone', 'recoverCode', 'recoverCountdown', 'recoverResendPhase')
          : snapshot.matches({ open: 'newPassword' })
            ? pick('newPassword', 'confirmPassword')
            : snapshot.matches({ open: 'register' })
              ? pick('phone', 'registerCode', 'registerPassword', 'agreed', 'codeCountdown', 'codeResendPhase')
              : [];
  // Sheet or page: only ui.page.leave tells them apart (a closed overlay has neither).
  const presentation = snapshot.matches('open') ? context.presentation : null;
  return JSON.stringify([snapshot.value, fields, presentation]);
}

let paths: MachinePath[] | undefined;

/** The overlay's input on every path: no ad-click id. */
export const LOGIN_OVERLAY_INPUT: LoginOverlayInput = {};

/** The generated paths (computed once): together they cover every state and transition. */
export function getLoginOverlayPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(loginOverlayMachine, {
    events: loginOverlayEventTable,
    serializeState: serializeLoginOverlay,
    input: LOGIN_OVERLAY_INPUT,
  });
  return paths;
}

export type StepActor = 'user' | 'sheet' | 'server' | 'clock';

export interface StepAction {
  actor: StepActor;
  /** What a DOM test does for this event. */
  action: string;
}

const USER_ACTIONS: Record<string, string> = {
  'ui.open': 'open the login overlay (tap a protected entry or the login button)',
  'ui.page.open': 'go to /login, /register or /findpassword (the page opens its panel)',
  'ui.page.leave': 'leave the auth page (tab bar, browser back)',
  'ui.register.sendCode': "tap 'get code' on the register page",
  'ui.register.submit': "tap 'register' on the register page",
  'ui.register.code.change': 'type into the code field (register page)',
  'ui.register.password.change': 'type into the password field (register page)',
  'ui.close': 'tap the close button (panels 1, 3 and 6)',
  'ui.back': 'tap the back arrow (panels 2, 4, 5)',
  'ui.toPassword': "tap 'password login' on panel 1",
  'ui.toSms': "tap 'phone login' on panel 3",
  'ui.forgot': "tap 'forgot password' on panel 3",
  'ui.agree.toggle': 'tap the agreement checkbox',
  'ui.sendCode': "tap 'get code' on panel 1",
  'ui.code.resend': "tap 'resend' on panel 2",
  'ui.passwordLogin': "tap 'log in' on panel 3",
  'ui.recover.sendCode': "tap 'get code' on panel 4",
  'ui.recover.next': "tap 'next' on panel 4",
  'ui.reset.submit': "tap 'confirm' on panel 5",
  'ui.phone.change': 'type into the phone field (panels 1 and 3)',
  'ui.password.change': 'type into the password field (panel 3)',
  'ui.code.change': 'type into the four code boxes (panel 2)',
  'ui.recover.phone.change': 'type into the phone field (panel 4)',
  'ui.recover.code.change': 'type into the code field (panel 4)',
  'ui.reset.password.change': 'type into the new-password field (panel 5)',
  'ui.reset.confirm.change': 'type into the confirm-password field (panel 5)',
};

/** How a path event is produced outside the machine: by a tap, by the sheet, by the server, by time. */
export function describeLoginOverlayEvent(event: AnyEventObject): StepAction {
  const { type } = event;
  if (type === 'agreement.accepted') return { actor: 'sheet', action: "tap 'agree and continue' on the consent sheet" };
  if (type === 'agreement.dismissed') return { actor: 'sheet', action: 'dismiss the consent sheet' };
  const report = describeResendReport(event);
  if (report) return report;
  const call = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.done.actor.')) {
    const output = event.output as ApiOutcome;
    return { actor: 'server', action: `${call} answers ${output.kind} ${output.code ?? ''} ${output.msg}`.trim() };
  }
  if (type.startsWith('xstate.error.actor.')) return { actor: 'server', action: `${call} rejects (network failure)` };
  const action = USER_ACTIONS[type];
  if (!action) throw new Error(`no user action for ${type}`);
  const value = 'value' in event ? ` "${String(event.value)}"` : '';
  return { actor: 'user', action: action + value };
}
