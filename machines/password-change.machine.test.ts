import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { createDeferredFormActors } from '../model-tests/resend-code.kit.ts';
import { ACCOUNT_SECURITY_MESSAGES as MESSAGES } from './account-security.constants.ts';
import { RESEND_COUNTDOWN_S } from './constants.ts';
import { passwordChangeMachine } from './password-change.machine.ts';

const ok: ApiOutcome = { kind: 'ok', code: 1, msg: '修改成功', data: null };
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const serverError: ApiOutcome = { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' };

/** The countdown re-arms its timer each second: the simulated clock moves one tick at a time. */
function seconds(clock: SimulatedClock, count: number) {
  for (let i = 0; i < count; i += 1) clock.increment(1_000);
}

function setUp(hasPassword: boolean) {
  const clock = new SimulatedClock();
  const calls = createDeferredFormActors(passwordChangeMachine, ['changePassword']);
  const toasts: string[] = [];
  let changed = 0;
  const actor = createActor(
    passwordChangeMachine.provide({
      actors: calls.actors,
      actions: { showToast: (_, params) => void toasts.push(params.message), changed: () => void (changed += 1) },
    }),
    { clock, input: { hasPassword } },
  ).start();
  return { actor, clock, calls, toasts, changed: () => changed, send: actor.send.bind(actor), snapshot: () => actor.getSnapshot() };
}

function fill(flow: ReturnType<typeof setUp>, fields: { old?: string; code?: string; next?: string; confirm?: string }) {
  if (fields.old !== undefined) flow.send({ type: 'ui.oldPassword.change', value: fields.old });
  if (fields.code !== undefined) flow.send({ type: 'ui.code.change', value: fields.code });
  if (fields.next !== undefined) flow.send({ type: 'ui.newPassword.change', value: fields.next });
  if (fields.confirm !== undefined) flow.send({ type: 'ui.confirm.change', value: fields.confirm });
}

describe('password change (/editpassword)', () => {
  it('starts on 原密码验证 with a password, on the code only without one (原密码验证 refused)', () => {
    expect(setUp(true).snapshot().context.method).toBe('password');
    const without = setUp(false);
    expect(without.snapshot().context.method).toBe('code');
    without.send({ type: 'ui.method', method: 'password' });
    expect(without.snapshot().context.method).toBe('code');
    const withPassword = setUp(true);
    withPassword.send({ type: 'ui.method', method: 'code' });
    withPassword.send({ type: 'ui.method', method: 'password' });
    expect(withPassword.snapshot().context.method).toBe('password');
  });

  it('says SPEC §5 messages in order: proof, new password, confirm, mismatch, composition', () => {
    const flow = setUp(true);
    const submit = () => {
      flow.send({ type: 'ui.submit' });
      return flow.toasts.at(-1);
    };
    expect(submit()).toBe('请输入原密码');
    fill(flow, { old: 'old123' });
    expect(submit()).toBe('请输入6-15位数字字母组合密码');
    fill(flow, { next: 'abc12' });
    expect(submit()).toBe('请输入6-15位数字字母组合密码');
    fill(flow, { next: 'abc123' });
    expect(submit()).toBe('请再次输入6-15位数字字母组合密码');
    fill(flow, { confirm: 'abc12' });
    expect(submit()).toBe('请再次输入6-15位数字字母组合密码');
    fill(flow, { confirm: 'abc124' });
    expect(submit()).toBe('两次输入的密码不同');
    fill(flow, { next: 'abcdefg', confirm: 'abcdefg' });
    expect(submit()).toBe('请输入6-15位数字字母组合密码');
    flow.send({ type: 'ui.method', method: 'code' });
    expect(submit()).toBe('请输入验证码');
    fill(flow, { code: '12' });
    expect(submit()).toBe(MESSAGES.codeIncomplete);
    expect(flow.calls.calls).toEqual([]);
  });

  it('new passwords stop at 15 characters', () => {
    const flow = setUp(true);
    fill(flow, { next: 'abcdefghij1234567', confirm: 'abcdefghij1234567' });
    expect(flow.snapshot().context.newPassword).toBe('abcdefghij12345');
  });

  it('changes by the old password: 修改成功, then leaves', async () => {
    const flow = setUp(true);
    fill(flow, { old: 'old123', next: 'new456', confirm: 'new456' });
    flow.send({ type: 'ui.submit' });
    expect(flow.calls.lastInput('changePassword')).toEqual({ old_password: 'old123', password: 'new456' });
    await flow.calls.resolve('changePassword', ok);
    expect(flow.toasts).toEqual(['修改成功']);
    expect(flow.changed()).toBe(1);
  });

  it('changes by a type-3 code, with the 60 s countdown', async () => {
    const flow = setUp(false);
    flow.send({ type: 'ui.sendCode' });
    expect(flow.calls.lastInput('sendCode')).toEqual({ type: '3' });
    await flow.calls.resolve('sendCode', ok);
    expect(flow.snapshot().context.countdown).toBe(RESEND_COUNTDOWN_S);
    seconds(flow.clock, RESEND_COUNTDOWN_S - 1);
    flow.clock.increment(999);
    expect(flow.snapshot().context.countdown).toBe(1);
    flow.clock.increment(1);
    expect(flow.snapshot().context.resendPhase).toBe('ready');
    fill(flow, { code: '0042', next: 'new456', confirm: 'new456' });
    flow.send({ type: 'ui.submit' });
    expect(flow.calls.lastInput('changePassword')).toEqual({ phone_code: '0042', password: 'new456' });
    await flow.calls.resolve('changePassword', ok);
    expect(flow.changed()).toBe(1);
  });

  it('a refusal clears the proof and keeps the new password; an error is shown by the form', async () => {
    const flow = setUp(true);
    fill(flow, { old: 'bad999', next: 'new456', confirm: 'new456' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('changePassword', refused('原密码错误'));
    expect(flow.snapshot().context).toMatchObject({ oldPassword: '', newPassword: 'new456', confirmPassword: 'new456' });
    expect(flow.toasts).toEqual([]);
    fill(flow, { old: 'old123' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('changePassword', serverError);
    expect(flow.toasts).toEqual(['服务器繁忙']);
    expect(flow.changed()).toBe(0);
  });

  it('switches to the code method when the account asks for the SMS code (declared reason), keeping the new password', async () => {
    const flow = setUp(true);
    fill(flow, { old: 'old123', next: 'new456', confirm: 'new456' });
    flow.send({ type: 'ui.submit' });
    await flow.calls.resolve('changePassword', { ...refused('该账号密码错误次数过多，请使用短信验证码验证'), data: { reason: 'sms_required' } });
    expect(flow.snapshot().context).toMatchObject({ method: 'code', oldPassword: '', newPassword: 'new456', confirmPassword: 'new456' });
  });
});
