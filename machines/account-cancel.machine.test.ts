import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { CancellationView, CancelStatus } from '../api/protocol/calls/account-cancel.ts';
import { ACCOUNT_CANCEL_MESSAGES, accountCancelMachine, stepOf, type ConditionsAnswer } from './account-cancel.machine.ts';
import { RESEND_COUNTDOWN_S } from './constants.ts';
import { resendCodeMachine } from './resend-code.machine.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ok = <T>(data: T, msg = 'success'): ApiOutcome<T> => ({ kind: 'ok', code: 1, msg, data });
const toast = (msg: string): ApiOutcome<never> => ({ kind: 'toast', code: -1, msg, data: null as never, show: true });

const NONE: CancelStatus = { status: 'none', cancellation: null };
const CANCELLATION: CancellationView = { requested_at: '2026-03-02T02:00:00.000Z', effective_at: '2026-03-17T02:00:00.000Z' };
const PASSING: ConditionsAnswer = {
  all_passed: true,
  phone: '138****8000',
  conditions: [
    { key: 'balance', title: '账号内无乐玩币余额', passed: true, reason: '' },
    { key: 'orders', title: '无未完成的订单', passed: true, reason: '' },
  ],
};
const BLOCKED: ConditionsAnswer = { ...PASSING, all_passed: false, conditions: [{ key: 'balance', title: '账号内无乐玩币余额', passed: false, reason: '账号内还有30乐玩币，请使用完毕后再申请注销' }] };

interface Answers {
  status?: ApiOutcome<CancelStatus>;
  conditions?: ApiOutcome<ConditionsAnswer>;
  send?: ApiOutcome;
  apply?: ApiOutcome<CancellationView>;
  revoke?: ApiOutcome;
}

function start(answers: Answers = {}) {
  const clock = new SimulatedClock();
  const toasts: string[] = [];
  const calls: Array<{ name: string; input?: unknown }> = [];
  const events: string[] = [];
  const answer = <T>(name: string, value: ApiOutcome<T> | undefined, fallback: ApiOutcome<T>) =>
    fromPromise<ApiOutcome<T>, never>(async ({ input }) => {
      calls.push({ name, input });
      return value ?? fallback;
    });
  const actor = createActor(
    accountCancelMachine.provide({
      actors: {
        loadStatus: answer('status', answers.status, ok(NONE)),
        loadConditions: answer('conditions', answers.conditions, ok(PASSING)),
        resendCode: resendCodeMachine.provide({ actors: { sendCode: answer('send', answers.send, ok(null, '验证码已发送')) as never } }),
        applyCancel: answer('apply', answers.apply, ok(CANCELLATION, '注销申请已提交')),
        revokeCancel: answer('revoke', answers.revoke, ok(null, '已撤销注销')),
      } as never,
      actions: { showToast: (_, { message }) => void toasts.push(message) },
    }),
    { clock, inspect: (event: InspectionEvent) => event.type === '@xstate.event' && events.push(event.event.type) },
  ).start();
  return { actor, clock, toasts, calls, events, step: () => stepOf(actor.getSnapshot()) };
}

async function toCode(answers: Answers = {}) {
  const flow = start(answers);
  await flush();
  flow.actor.send({ type: 'ui.agree.toggle' });
  flow.actor.send({ type: 'ui.next' });
  await flush();
  flow.actor.send({ type: 'ui.next' });
  return flow;
}

describe('account-cancel machine', () => {
  it('walks rules → conditions → code → cooling-off, and every event reaches the inspector', async () => {
    const { actor, step, toasts, calls, events } = start();
    expect(step()).toBe('loading');
    await flush();
    expect(step()).toBe('rules');
    actor.send({ type: 'ui.next' });
    expect(step()).toBe('rules');
    expect(toasts).toEqual([ACCOUNT_CANCEL_MESSAGES.agreeFirst]);
    actor.send({ type: 'ui.agree.toggle' });
    actor.send({ type: 'ui.next' });
    expect(actor.getSnapshot().matches({ conditions: 'checking' })).toBe(true);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ phone: '138****8000', allPassed: true });
    actor.send({ type: 'ui.next' });
    expect(step()).toBe('code');
    actor.send({ type: 'ui.sendCode' });
    await flush();
    expect(calls.find((c) => c.name === 'send')?.input).toEqual({ type: '5' });
    actor.send({ type: 'ui.code.change', value: '12a3 4' });
    expect(actor.getSnapshot().context.code).toBe('1234');
    actor.send({ type: 'ui.submit' });
    expect(actor.getSnapshot().matches({ code: 'confirming' })).toBe(true);
    actor.send({ type: 'ui.confirm' });
    await flush();
    expect(step()).toBe('coolingOff');
    expect(calls.find((c) => c.name === 'apply')?.input).toEqual({ phone_code: '1234' });
    expect(actor.getSnapshot().context.cancellation).toEqual(CANCELLATION);
    expect(toasts).toContain('注销申请已提交');
    expect(events).toEqual(expect.arrayContaining(['ui.agree.toggle', 'ui.next', 'ui.sendCode', 'ui.code.change', 'ui.submit', 'ui.confirm', 'xstate.done.actor.applyCancel']));
  });

  it('the resend countdown runs 60 s, second by second, then a code may be sent again', async () => {
    const { actor, clock } = await toCode();
    actor.send({ type: 'ui.sendCode' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ countdown: RESEND_COUNTDOWN_S, codeSent: true });
    expect(actor.getSnapshot().can({ type: 'ui.sendCode' })).toBe(false);
    clock.increment(1_000);
    expect(actor.getSnapshot().context.countdown).toBe(59);
    for (let second = 0; second < 58; second++) clock.increment(1_000);
    expect(actor.getSnapshot().context.countdown).toBe(1);
    expect(actor.getSnapshot().context.resendPhase).toBe('counting');
    clock.increment(1_000);
    expect(actor.getSnapshot().context.resendPhase).toBe('ready');
    expect(actor.getSnapshot().context.countdown).toBe(0);
    expect(actor.getSnapshot().can({ type: 'ui.sendCode' })).toBe(true);
  });

  it('a refused send stays ready (the session machine toasts -1); a network failure is shown here', async () => {
    const refused = await toCode({ send: toast('请勿频繁发送验证码') });
    refused.actor.send({ type: 'ui.sendCode' });
    await flush();
    expect(refused.actor.getSnapshot().context.resendPhase).toBe('ready');
    expect(refused.toasts).toEqual([]);
    const offline = await toCode({ send: { kind: 'error', reason: 'network', code: null, msg: '网络异常' } });
    offline.actor.send({ type: 'ui.sendCode' });
    await flush();
    expect(offline.toasts).toEqual(['网络异常']);
  });

  it('an incomplete code is not submitted; cancelling the confirm goes back to the form', async () => {
    const { actor, toasts, calls } = await toCode();
    actor.send({ type: 'ui.code.change', value: '12' });
    actor.send({ type: 'ui.submit' });
    expect(toasts).toEqual([ACCOUNT_CANCEL_MESSAGES.codeRequired]);
    actor.send({ type: 'ui.code.change', value: '1234' });
    actor.send({ type: 'ui.submit' });
    actor.send({ type: 'ui.cancel' });
    expect(actor.getSnapshot().matches({ code: 'editing' })).toBe(true);
    expect(calls.some((c) => c.name === 'apply')).toBe(false);
  });

  it('a refused code clears the boxes and stays on the step', async () => {
    const { actor, step } = await toCode({ apply: toast('验证码错误') as ApiOutcome<CancellationView> });
    actor.send({ type: 'ui.code.change', value: '9999' });
    actor.send({ type: 'ui.submit' });
    actor.send({ type: 'ui.confirm' });
    await flush();
    expect(step()).toBe('code');
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it('blocked conditions keep next closed; a recheck reloads them', async () => {
    const flow = start({ conditions: ok(BLOCKED) });
    await flush();
    flow.actor.send({ type: 'ui.agree.toggle' });
    flow.actor.send({ type: 'ui.next' });
    await flush();
    expect(flow.actor.getSnapshot().context.allPassed).toBe(false);
    flow.actor.send({ type: 'ui.next' });
    expect(flow.step()).toBe('conditions');
    flow.actor.send({ type: 'ui.retry' });
    expect(flow.actor.getSnapshot().matches({ conditions: 'checking' })).toBe(true);
  });

  it('an account already in its cooling-off opens on it; revoking ends the flow', async () => {
    const { actor, step, toasts } = start({ status: ok({ status: 'pending', cancellation: CANCELLATION }) });
    await flush();
    expect(step()).toBe('coolingOff');
    expect(actor.getSnapshot().context.cancellation).toEqual(CANCELLATION);
    actor.send({ type: 'ui.revoke' });
    await flush();
    expect(step()).toBe('revoked');
    expect(actor.getSnapshot().status).toBe('done');
    expect(toasts).toEqual(['已撤销注销']);
  });

  it('visiting an earlier step goes back; the code step forgets its code and countdown', async () => {
    const { actor, step } = await toCode();
    actor.send({ type: 'ui.sendCode' });
    await flush();
    actor.send({ type: 'ui.code.change', value: '12' });
    actor.send({ type: 'ui.visit.conditions' });
    expect(step()).toBe('conditions');
    expect(actor.getSnapshot().context).toMatchObject({ code: '', countdown: 0, codeSent: false });
    actor.send({ type: 'ui.visit.rules' });
    expect(step()).toBe('rules');
  });

  it('a failed status load can be retried', async () => {
    const { actor } = start({ status: { kind: 'error', reason: 'network', code: null, msg: '网络异常' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
    actor.send({ type: 'ui.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});
