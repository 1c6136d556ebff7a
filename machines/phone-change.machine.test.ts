import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { ACCOUNT_MSG } from '../api/protocol/account-security-messages.ts';
import { createDeferredFormActors } from '../model-tests/resend-code.kit.ts';
import { ACCOUNT_SECURITY_MESSAGES } from './account-security.constants.ts';
import { RESEND_COUNTDOWN_S } from './constants.ts';
import { phoneBindMachine } from './phone-bind.machine.ts';
import { phoneVerifyMachine } from './phone-verify.machine.ts';

const CALLS = ['verifyOldPhone', 'bindNewPhone'] as const;
const ok = (data: unknown = null): ApiOutcome => ({ kind: 'ok', code: 1, msg: '成功', data });
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const expired: ApiOutcome = { kind: 'sessionExpired', code: 106, msg: '密码已修改，请重新登录', toast: '密码已修改，请重新登录' };

/** The countdown re-arms its timer each second: the simulated clock moves one tick at a time. */
function seconds(clock: SimulatedClock, count: number) {
  for (let i = 0; i < count; i += 1) clock.increment(1_000);
}

function setUp(input: { step: 'verify' } | { step: 'bind'; ticket: string }) {
  const clock = new SimulatedClock();
  const machine = input.step === 'verify' ? phoneVerifyMachine : phoneBindMachine;
  const calls = createDeferredFormActors(phoneVerifyMachine, CALLS);
  const toasts: string[] = [];
  const verified: string[] = [];
  let changed = 0;
  let restarted = 0;
  const actor = createActor(
    (machine as typeof phoneVerifyMachine).provide({
      actors: calls.actors,
      actions: {
        showToast: (_, params) => void toasts.push(params.message),
        verified: (_, params) => void verified.push(params.ticket),
        changed: () => void (changed += 1),
        restart: () => void (restarted += 1),
      },
    }),
    { clock, input: input.step === 'bind' ? { ticket: input.ticket } : {} },
  ).start();
  return { actor, clock, calls, toasts, verified, changed: () => changed, restarted: () => restarted, send: actor.send.bind(actor), snapshot: () => actor.getSnapshot() };
}

describe('phone change, step 1 (/phoneverify)', () => {
  it('sends a type-3 code, counts down exactly 60 s, then offers to resend', async () => {
    const flow = setUp({ step: 'verify' });
    flow.send({ type: 'ui.sendCode' });
    expect(flow.calls.lastInput('sendCode')).toEqual({ type: '3' });
    expect(flow.snapshot().context.resendPhase).toBe('sending');
    await flow.calls.resolve('sendCode', ok());
    expect(flow.snapshot().context.countdown).toBe(RESEND_COUNTDOWN_S);
    flow.clock.increment(1_000);
    expect(flow.snapshot().context.countdown).toBe(59);
    seconds(flow.clock, 58);
    flow.clock.increment(999);
    expect(flow.snapshot().context.countdown).toBe(1);
    expect(flow.snapshot().can({ type: 'ui.sendCode' })).toBe(false);
    flow.clock.increment(1);
    expect(flow.snapshot().context.countdown).toBe(0);
    expect(flow.snapshot().context.resendPhase).toBe('ready');
  });

  it('validates the code (empty, short), then trades it for a ticket', async () => {
    const flow = setUp({ step: 'verify' });
    flow.send({ type: 'ui.submit' });
    expect(flow.toasts.at(-1)).toBe('请输入验证码');
    flow.send({ type: 'ui.code.change', value: '1a2' });
    expect(flow.snapshot().context.code).toBe('12');
    flow.send({ type: 'ui.submit' });
    expect(flow.toasts.at(-1)).toBe(ACCOUNT_SECURITY_MESSAGES.codeIncomplete);
    flow.send({ type: 'ui.code.change', value: '12345' });
    flow.send({ type: 'ui.submit' });
    expect(flow.calls.lastInput('verifyOldPhone')).toEqual({ phone_code: '1234' });
    await flow.calls.resolve('verifyOldPhone', ok({ ticket: 'T1', expires_in: 600 }));
    expect(flow.verified).toEqual(['T1']);
    expect(flow.snapshot().status).toBe('done');
  });

  it('a refusal clears the code and stays (the session machine toasts it); an ok without a ticket is no success', async () => {
    const flow = setUp({ step: 'verify' });
    flow.send({ type: 'ui.code.change', value: '1234' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('verifyOldPhone', refused('验证码错误'));
    expect(flow.snapshot().context.code).toBe('');
    expect(flow.toasts).toEqual([]);
    flow.send({ type: 'ui.code.change', value: '1234' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('verifyOldPhone', ok(null));
    expect(flow.verified).toEqual([]);
    expect(flow.snapshot().matches({ verify: 'editing' })).toBe(true);
    expect(flow.toasts).toEqual(['成功']);
  });
});

describe('phone change, step 2 (/phoneverifynew)', () => {
  it('checks the new phone before sending (SPEC §5 messages), sends type 4 to it, counts 60 s', async () => {
    const flow = setUp({ step: 'bind', ticket: 'T1' });
    flow.send({ type: 'ui.sendCode' });
    expect(flow.toasts.at(-1)).toBe('请输入手机号');
    flow.send({ type: 'ui.phone.change', value: '1238001380' });
    flow.send({ type: 'ui.sendCode' });
    expect(flow.toasts.at(-1)).toBe('手机号码格式不正确');
    flow.send({ type: 'ui.phone.change', value: '139 0013-9000' });
    expect(flow.snapshot().context.phone).toBe('13900139000');
    flow.send({ type: 'ui.sendCode' });
    expect(flow.calls.lastInput('sendCode')).toEqual({ type: '4', phone: '13900139000' });
    await flow.calls.resolve('sendCode', ok());
    seconds(flow.clock, RESEND_COUNTDOWN_S - 1);
    flow.clock.increment(999);
    expect(flow.snapshot().context.countdown).toBe(1);
    flow.clock.increment(1);
    expect(flow.snapshot().context.resendPhase).toBe('ready');
  });

  it('binds with phone, code and ticket: 手机号更换成功, then leaves', async () => {
    const flow = setUp({ step: 'bind', ticket: 'T1' });
    flow.send({ type: 'ui.phone.change', value: '13900139000' });
    flow.send({ type: 'ui.submit' });
    expect(flow.toasts.at(-1)).toBe('请输入验证码');
    flow.send({ type: 'ui.code.change', value: '4321' });
    flow.send({ type: 'ui.submit' });
    expect(flow.calls.lastInput('bindNewPhone')).toEqual({ phone: '13900139000', phone_code: '4321', ticket: 'T1' });
    await flow.calls.resolve('bindNewPhone', ok({ phone: '139****9000' }));
    expect(flow.toasts.at(-1)).toBe(ACCOUNT_MSG.phoneChanged);
    expect(flow.changed()).toBe(1);
  });

  it('a refused ticket sends the player back to step 1; other refusals clear the code and stay', async () => {
    const flow = setUp({ step: 'bind', ticket: 'T1' });
    flow.send({ type: 'ui.phone.change', value: '13900139000' });
    flow.send({ type: 'ui.code.change', value: '4321' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('bindNewPhone', refused(ACCOUNT_MSG.phoneTaken));
    expect(flow.snapshot().context.code).toBe('');
    expect(flow.restarted()).toBe(0);
    flow.send({ type: 'ui.code.change', value: '4321' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('bindNewPhone', refused(ACCOUNT_MSG.ticketInvalid));
    expect(flow.restarted()).toBe(1);
    expect(flow.snapshot().status).toBe('done');
  });

  it('an ended session only stops the wait (the session machine signs out)', async () => {
    const flow = setUp({ step: 'bind', ticket: 'T1' });
    flow.send({ type: 'ui.phone.change', value: '13900139000' });
    flow.send({ type: 'ui.code.change', value: '4321' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('bindNewPhone', expired);
    expect(flow.snapshot().value).toMatchObject({ bind: 'editing' });
    expect(flow.snapshot().context.code).toBe('4321');
    expect(flow.toasts).toEqual([]);
  });
});
