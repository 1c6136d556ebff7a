import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { agreementSheetMachine, type AgreementSheetContext } from '../machines/agreement-sheet.machine.ts';
import { CODE_LENGTH, PHONE_LENGTH } from '../machines/constants.ts';
import { loginOverlayMachine } from '../machines/login-overlay.machine.ts';
import { selectIsBusy, selectPanel } from '../machines/login-overlay.selectors.ts';
import type { LoginOverlayContext, SignedInParams } from '../machines/login-overlay.types.ts';
import LoginOverlay from '../src/features/login/LoginOverlay.tsx';
import LoginPageView from '../src/features/login/LoginPageView.tsx';
import { getAgreementSheetPaths } from './agreement-sheet.paths.ts';
import { createCoverageRecorder, delayOf, formatCoverage, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { silentResendCode } from './resend-code.kit.ts';
import { describeLoginOverlayEvent, getLoginOverlayPaths, LOGIN_DATA, LOGIN_OVERLAY_CALLS, LOGIN_OVERLAY_INPUT, type LoginOverlayCall } from './login-overlay.paths.ts';

/**
 * The generated paths of the login overlay (and of its agreement sheet), replayed against the
 * RENDERED overlay — the sheet and the full-page view of the auth routes, both mounted as in the
 * app: user events are real DOM interactions (Testing Library), opening and leaving are what
 * openLogin and the auth pages send ('route'), server answers resolve fake actors, clock ticks
 * advance fake timers. After every step the visible panel, fields, countdown labels, busy
 * indicators and sheets must show what the machine's state says.
 *
 * How each step was driven is counted. One kind of step cannot be one DOM event: setting a field
 * to the value it already holds (the generator uses '' → '' to cover a field's change
 * transition). React emits no change for it, so the test types one character and deletes it —
 * two change events ending on the same value — and lists those steps by name.
 */

type Means = 'dom' | 'route' | 'server' | 'clock' | 'child' | 'typed-and-deleted';

const tally: Record<Means, number> = { dom: 0, route: 0, server: 0, clock: 0, child: 0, 'typed-and-deleted': 0 };
const retyped = new Map<string, number>();
const overlayCoverage = createCoverageRecorder(loginOverlayMachine);
const sheetCoverage = createCoverageRecorder(agreementSheetMachine);
const inspect = (event: InspectionEvent) => {
  overlayCoverage.inspect(event);
  sheetCoverage.inspect(event);
};

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no layout: antd's PasscodeInput scrolls itself into view on focus.
  Element.prototype.scrollIntoView = () => {};
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.useRealTimers();
});

/** A fresh overlay with fake calls, rendered as the sheet and as the auth pages' view. */
function mountOverlay() {
  const calls = createDeferredActors(loginOverlayMachine, LOGIN_OVERLAY_CALLS);
  const docs = createDeferredActors(agreementSheetMachine, ['loadDocument']);
  const toasts: string[] = [];
  const signedIn: SignedInParams[] = [];
  const actor = createActor(
    loginOverlayMachine.provide({
      actors: { ...calls.actors, agreementSheet: agreementSheetMachine.provide({ actors: docs.actors }), resendCode: silentResendCode },
      actions: {
        showToast: (_, params) => void toasts.push(params.message),
        signedIn: (_, params) => void signedIn.push(params),
      },
    }),
    { input: LOGIN_OVERLAY_INPUT, inspect },
  ).start();
  const view = render(
    <>
      <LoginOverlay overlay={actor} />
      <LoginPageView overlay={actor} />
    </>,
  );
  const unmount = () => {
    view.unmount();
    actor.stop();
  };
  return { actor, calls, docs, toasts, signedIn, unmount };
}

type Mounted = ReturnType<typeof mountOverlay>;

// ── Reading the rendered overlay ────────────────────────────────────────────────────────────

/** The sheet or the page, whichever is open. */
function openRoot(): HTMLElement | null {
  for (const id of ['login-overlay', 'login-page']) {
    const root = screen.queryByTestId(id);
    if (root?.dataset.state === 'open') return root;
  }
  return null;
}

function visiblePanel(): number | null {
  const panel = openRoot()?.querySelector<HTMLElement>('[data-panel]');
  return panel ? Number(panel.dataset.panel) : null;
}

function panel(): HTMLElement {
  const shown = visiblePanel();
  if (shown === null) throw new Error('no panel is visible');
  return within(openRoot()!).getByTestId(`login-panel-${shown}`);
}

const inPanel = () => within(panel());
const sheetState = (testId: string) => screen.queryByTestId(testId)?.dataset.state ?? 'closed';

function enabled<T extends HTMLElement>(element: T, what: string): T {
  if ((element as unknown as HTMLButtonElement).disabled) throw new Error(`${what} is disabled, but the machine takes its event`);
  return element;
}

const button = (name: string) => enabled(inPanel().getByRole('button', { name }), `'${name}'`);
const field = (label: string) => enabled(inPanel().getByLabelText<HTMLInputElement>(label), `the ${label} field`);
const keyboard = () => within(document.querySelector<HTMLElement>('.adm-number-keyboard')!);
const codeInBoxes = () => [...panel().querySelectorAll('.adm-passcode-input-cell')].map((cell) => cell.textContent).join('');

// ── Driving the rendered overlay ────────────────────────────────────────────────────────────

/** Types a value; a value equal to the field's own is typed-and-deleted (see the header). */
function typeInto(label: string, value: string, stepName: string): Means {
  const input = field(label);
  if (input.value !== value) {
    fireEvent.change(input, { target: { value } });
    return 'dom';
  }
  retyped.set(stepName, (retyped.get(stepName) ?? 0) + 1);
  fireEvent.change(input, { target: { value: `${value}1` } });
  fireEvent.change(field(label), { target: { value } });
  return 'typed-and-deleted';
}

/** The four boxes take digits from antd's number keyboard, as on a phone. */
async function typeCode(value: string, current: string, stepName: string): Promise<Means> {
  const boxes = inPanel().getByRole('button', { name: '验证码输入框' });
  await act(async () => boxes.focus());
  const press = (key: string) => fireEvent.click(keyboard().getByRole('button', { name: key }));
  if (value === current) {
    if (value.length >= CODE_LENGTH - 1) throw new Error(`cannot re-enter '${value}' without completing the code`);
    retyped.set(stepName, (retyped.get(stepName) ?? 0) + 1);
    press('9');
    press('删除');
    return 'typed-and-deleted';
  }
  const keep = value.startsWith(current) ? current.length : 0;
  for (let i = current.length; i > keep; i -= 1) press('删除');
  for (const digit of value.slice(keep)) press(digit);
  return 'dom';
}

async function answer(mounted: Mounted, call: string, outcome: { output: unknown } | { error: unknown }, owner: 'calls' | 'docs') {
  await act(async () => {
    const deferred = mounted[owner] as ReturnType<typeof createDeferredActors<typeof loginOverlayMachine, typeof LOGIN_OVERLAY_CALLS>>;
    const settled = 'output' in outcome ? deferred.resolve(call as LoginOverlayCall, outcome.output) : deferred.reject(call as LoginOverlayCall, outcome.error);
    await vi.advanceTimersByTimeAsync(0);
    await settled;
  });
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** What openLogin does (a protected entry, the mine page's 登录/注册). */
function openByRoute(mounted: Pick<Mounted, 'actor'>) {
  act(() => mounted.actor.send({ type: 'ui.open' }));
}

/** Performs one path event on the rendered overlay; returns how it was driven. */
async function performOverlayEvent(mounted: Mounted, event: AnyEventObject, stepName: string): Promise<Means> {
  const context = mounted.actor.getSnapshot().context;
  const value = 'value' in event ? String(event.value) : '';
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) {
    await answer(mounted, done[2]!, done[1] === 'done' ? { output: event.output } : { error: event.error }, 'calls');
    return 'server';
  }
  if (event.type.startsWith('xstate.after.')) {
    await tick(delayOf(loginOverlayMachine, event.type));
    return 'clock';
  }
  if (event.type.startsWith('resend.')) {
    // The resend child is silent here (its own model drives it): its report is played as it would arrive.
    act(() => mounted.actor.send(event as Parameters<Mounted['actor']['send']>[0]));
    return 'child';
  }
  const click = (name: string) => (fireEvent.click(button(name)), 'dom' as const);
  const consent = () => within(screen.getByTestId('login-consent'));
  switch (event.type) {
    case 'ui.open':
      openByRoute(mounted);
      return 'route';
    case 'ui.page.open':
    case 'ui.page.leave':
      // What the auth pages send as they mount and as the player leaves them.
      act(() => mounted.actor.send(event as Parameters<Mounted['actor']['send']>[0]));
      return 'route';
    case 'ui.register.sendCode':
      return click('获取验证码');
    case 'ui.register.submit':
      return click('注册');
    case 'ui.register.code.change':
      return typeInto('验证码', value, stepName);
    case 'ui.register.password.change':
      return typeInto('密码', value, stepName);
    case 'ui.close':
      return click('关闭');
    case 'ui.back':
      return click('返回');
    case 'ui.toPassword':
      return click('密码登录');
    case 'ui.toSms':
      return click(visiblePanel() === 6 ? '已有账号，去登录' : '验证码登录');
    case 'ui.forgot':
      return click('忘记密码？');
    case 'ui.agree.toggle':
      fireEvent.click(enabled(inPanel().getByRole('checkbox'), 'the agreement checkbox'));
      return 'dom';
    case 'ui.sendCode':
      return click('获取验证码');
    case 'ui.code.resend':
      return click('重新获取');
    case 'ui.passwordLogin':
      return click('登录');
    case 'ui.recover.sendCode':
      return click('获取验证码');
    case 'ui.recover.next':
      return click('下一步');
    case 'ui.reset.submit':
      return click('确定');
    case 'ui.phone.change':
    case 'ui.recover.phone.change':
      return typeInto('手机号', value, stepName);
    case 'ui.password.change':
      return typeInto('密码', value, stepName);
    case 'ui.recover.code.change':
      return typeInto('验证码', value, stepName);
    case 'ui.reset.password.change':
      return typeInto('新密码', value, stepName);
    case 'ui.reset.confirm.change':
      return typeInto('确认新密码', value, stepName);
    case 'ui.code.change':
      return typeCode(value, context.code, stepName);
    case 'agreement.accepted':
      fireEvent.click(consent().getByRole('button', { name: '同意并继续' }));
      return 'dom';
    case 'agreement.dismissed':
      fireEvent.click(consent().getByRole('button', { name: '取消' }));
      return 'dom';
    default:
      throw new Error(`no DOM action for ${event.type}`);
  }
}

// ── What the rendered overlay must show for a machine state ────────────────────────────────

function expectOverlayShows(state: AnyMachineSnapshot, where: string) {
  const context = state.context as LoginOverlayContext;
  const expectedPanel = selectPanel(state as never);
  expect(visiblePanel(), `${where}: visible panel`).toBe(expectedPanel);
  const asking =
    state.matches({ open: { sms: 'consent' } }) || state.matches({ open: { password: 'consent' } }) || state.matches({ open: { register: 'consent' } });
  expect(sheetState('login-consent'), `${where}: consent sheet`).toBe(asking ? 'open' : 'closed');
  if (expectedPanel === null) return;

  const busyShown = panel().querySelector('[aria-busy="true"], .login-busy') !== null;
  expect(busyShown, `${where}: busy indicator`).toBe(selectIsBusy(state as never));
  const valueOf = (label: string) => inPanel().getByLabelText<HTMLInputElement>(label).value;
  const checked = () => inPanel().getByRole('checkbox').getAttribute('aria-checked');
  const codeButtonText = () => panel().querySelector('.login-code-button')!.textContent;

  switch (expectedPanel) {
    case 1:
      expect(valueOf('手机号'), where).toBe(context.phone);
      expect(checked(), where).toBe(String(context.agreed));
      expect(inPanel().getByRole('button', { name: /获取验证码|发送中/ }).hasAttribute('disabled'), `${where}: get-code enabled only at 11 digits`).toBe(
        context.phone.length !== PHONE_LENGTH || state.matches({ open: { sms: 'sending' } }) || asking,
      );
      break;
    case 2:
      expect(codeInBoxes(), where).toBe(context.code);
      if (context.codeResendPhase === 'counting') expect(codeButtonText(), where).toBe(`${context.codeCountdown}s后重新获取`);
      if (context.codeResendPhase === 'ready') expect(codeButtonText(), where).toBe('重新获取');
      if (context.codeResendPhase === 'sending') expect(codeButtonText(), where).toBe('发送中');
      break;
    case 3:
      expect(valueOf('手机号'), where).toBe(context.phone);
      expect(valueOf('密码'), where).toBe(context.password);
      expect(checked(), where).toBe(String(context.agreed));
      break;
    case 4:
      expect(valueOf('手机号'), where).toBe(context.recoverPhone);
      expect(valueOf('验证码'), where).toBe(context.recoverCode);
      if (context.recoverResendPhase === 'counting') expect(codeButtonText(), where).toBe(`${context.recoverCountdown}s后重新获取`);
      if (context.recoverResendPhase === 'ready') expect(codeButtonText(), where).toBe('获取验证码');
      if (context.recoverResendPhase === 'sending') expect(codeButtonText(), where).toBe('发送中');
      break;
    case 5:
      expect(valueOf('新密码'), where).toBe(context.newPassword);
      expect(valueOf('确认新密码'), where).toBe(context.confirmPassword);
      expect(inPanel().getByLabelText<HTMLInputElement>('新密码').placeholder, where).toBe('请输入6-15位数字字母组合密码');
      break;
    case 6:
      expect(valueOf('手机号'), where).toBe(context.phone);
      expect(valueOf('验证码'), where).toBe(context.registerCode);
      expect(valueOf('密码'), where).toBe(context.registerPassword);
      expect(checked(), where).toBe(String(context.agreed));
      if (context.codeResendPhase === 'counting') expect(codeButtonText(), where).toBe(`${context.codeCountdown}s后重新获取`);
      if (context.codeResendPhase === 'ready') expect(codeButtonText(), where).toBe('获取验证码');
      if (context.codeResendPhase === 'sending') expect(codeButtonText(), where).toBe('发送中');
      break;
  }
}

function summarize(path: MachinePath): string {
  const parts: string[] = [];
  for (const { event } of path.steps.slice(1)) {
    const name = event.type.startsWith('xstate.after.') ? 'tick' : event.type.replace(/^xstate\./, '');
    const detail = 'value' in event ? `(${String(event.value)})` : 'output' in event ? `:${(event.output as { kind: string }).kind}` : '';
    const last = parts.at(-1);
    if (name === 'tick' && last?.startsWith('tick')) parts[parts.length - 1] = `tick ×${Number(last.split('×')[1] ?? 1) + 1}`;
    else parts.push(name + detail);
  }
  return parts.join(' → ');
}

const overlayPaths = getLoginOverlayPaths();

describe('login overlay DOM: generated paths replayed on the rendered overlay', () => {
  it.each(overlayPaths.map((path, index) => [`#${index + 1} ${summarize(path)}`, path] as const))('replays %s', async (name, path) => {
    const mounted = mountOverlay();
    try {
      expectOverlayShows(mounted.actor.getSnapshot(), 'start');
      for (const [index, step] of path.steps.slice(1).entries()) {
        const where = `${name.split(' ')[0]} step ${index + 1} (${describeLoginOverlayEvent(step.event).action})`;
        const stepName = `${step.event.type}(${'value' in step.event ? String(step.event.value) : ''}) on ${JSON.stringify(path.steps[index]!.state.value)}`;
        tally[await performOverlayEvent(mounted, step.event, stepName)] += 1;
        const snapshot = mounted.actor.getSnapshot();
        expect(snapshot.value, where).toEqual(step.state.value);
        expect(snapshot.context, where).toEqual(step.state.context);
        expectOverlayShows(step.state, where);
      }
      if (path.steps.at(-1)!.event.type.startsWith('xstate.done.actor.') && mounted.actor.getSnapshot().matches('closed')) {
        expect(mounted.signedIn).toEqual([expect.objectContaining({ token: LOGIN_DATA.token, uuid: LOGIN_DATA.user_uuid })]);
      }
    } finally {
      mounted.unmount();
    }
  });

  it('drove every step, and took every state and transition through the rendered overlay', () => {
    const steps = overlayPaths.reduce((sum, path) => sum + path.steps.length - 1, 0);
    const report = overlayCoverage.report();
    const retypedList = [...retyped].map(([step, count]) => `    ${step} ×${count}`).join('\n');
    console.log(
      [
        `login overlay DOM: ${overlayPaths.length} paths, ${steps} steps — ` +
          `${tally.dom} DOM interactions, ${tally.route} opened or left (openLogin, the auth pages), ${tally.server} server answers, ` +
          `${tally.clock} clock ticks, ${tally.child} resend-child reports, ${tally['typed-and-deleted']} typed-and-deleted (a field set to its own value):`,
        retypedList,
        `login overlay DOM at runtime: ${formatCoverage(report)}`,
      ].join('\n'),
    );
    expect(tally.dom + tally.route + tally.server + tally.clock + tally.child + tally['typed-and-deleted']).toBe(steps);
    expect(tally['typed-and-deleted']).toBe([...retyped.values()].reduce((a, b) => a + b, 0));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});

// ── The agreement sheet's own paths, through the consent sheet and the viewer ───────────────

const sheetPaths = getAgreementSheetPaths();
const sheetTally: Record<'dom' | 'server', number> = { dom: 0, server: 0 };

async function performSheetEvent(mounted: Mounted, event: AnyEventObject) {
  const consent = () => within(screen.getByTestId('login-consent'));
  const viewer = () => within(screen.getByTestId('login-viewer'));
  if (event.type === 'xstate.done.actor.loadDocument') return answer(mounted, 'loadDocument', { output: event.output }, 'docs').then(() => 'server' as const);
  if (event.type === 'xstate.error.actor.loadDocument') return answer(mounted, 'loadDocument', { error: event.error }, 'docs').then(() => 'server' as const);
  switch (event.type) {
    case 'overlay.consent.ask': {
      // The overlay asks when 'get code' is tapped with 11 digits and the box unticked.
      if (mounted.actor.getSnapshot().context.agreed) fireEvent.click(inPanel().getByRole('checkbox'));
      fireEvent.change(field('手机号'), { target: { value: '13800138000' } });
      fireEvent.click(button('获取验证码'));
      break;
    }
    case 'ui.agreement.accept':
      fireEvent.click(consent().getByRole('button', { name: '同意并继续' }));
      break;
    case 'ui.agreement.dismiss':
      fireEvent.click(consent().getByRole('button', { name: '取消' }));
      break;
    case 'ui.doc.open': {
      const link = event.doc === 'privacy' ? '《隐私政策》' : '《用户协议》';
      const from = sheetState('login-consent') === 'open' ? consent() : inPanel();
      fireEvent.click(from.getByRole('button', { name: link }));
      break;
    }
    case 'ui.doc.close':
      fireEvent.click(viewer().getByRole('button', { name: '返回' }));
      break;
    case 'ui.doc.retry':
      fireEvent.click(viewer().getByRole('button', { name: '重新加载' }));
      break;
    default:
      throw new Error(`no DOM action for ${event.type}`);
  }
  return 'dom' as const;
}

function expectSheetShows(state: AnyMachineSnapshot, where: string) {
  const context = state.context as AgreementSheetContext;
  expect(sheetState('login-consent'), `${where}: consent sheet`).toBe(state.matches('asking') ? 'open' : 'closed');
  expect(sheetState('login-viewer'), `${where}: viewer`).toBe(state.matches('viewing') ? 'open' : 'closed');
  if (!state.matches('viewing')) return;
  const viewer = within(screen.getByTestId('login-viewer'));
  const fallback = context.doc === 'privacy' ? '隐私政策' : '用户协议';
  expect(viewer.getByRole('heading').textContent, where).toBe(context.title || fallback);
  if (state.matches({ viewing: 'loading' })) expect(viewer.getByRole('status').textContent, where).toContain('加载中');
  if (state.matches({ viewing: 'failed' })) expect(viewer.getByRole('alert').textContent, where).toContain(context.error);
  if (state.matches({ viewing: 'loaded' })) expect(screen.getByTestId('login-viewer').querySelector('article')!.innerHTML, where).toBe(context.html);
}

describe('agreement sheet DOM: generated paths replayed on the consent sheet and the viewer', () => {
  it.each(sheetPaths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ')}`, path] as const))(
    'replays %s',
    async (name, path) => {
      const mounted = mountOverlay();
      try {
        openByRoute(mounted);
        for (const [index, step] of path.steps.slice(1).entries()) {
          const where = `${name.split(' ')[0]} step ${index + 1} (${step.event.type})`;
          sheetTally[await performSheetEvent(mounted, step.event)] += 1;
          const sheet = mounted.actor.getSnapshot().children.agreement!.getSnapshot();
          expect(sheet.value, where).toEqual(step.state.value);
          expect(sheet.context, where).toEqual(step.state.context);
          expectSheetShows(step.state, where);
        }
      } finally {
        mounted.unmount();
      }
    },
  );

  it('took every state and transition of the sheet through the rendered overlay', () => {
    const report = sheetCoverage.report();
    console.log(`agreement sheet DOM: ${sheetPaths.length} paths, ${sheetTally.dom} DOM interactions, ${sheetTally.server} server answers; at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
