import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { checkDraft } from '../api/protocol/withdraw-rules.ts';
import { requestIdOf, withdrawFormMachine } from '../machines/withdraw-form.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeWithdrawEvent, getWithdrawPaths, GOOD_DRAFT, INPUT, SHORT_DRAFT, WITHDRAW_CALLS } from './withdraw-form.paths.ts';

const paths = getWithdrawPaths();
const runtime = createCoverageRecorder(withdrawFormMachine);

describe('withdraw-form: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(withdrawFormMachine, paths);
    console.log(`withdraw-form: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeWithdrawEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const calls = createDeferredActors(withdrawFormMachine, WITHDRAW_CALLS);
    let refreshes = 0;
    const sent: string[] = [];
    const actor = createActor(withdrawFormMachine.provide({ actors: calls.actors, actions: { refreshFacts: () => void refreshes++ } }), { input: INPUT, inspect: runtime.inspect });
    const perform = async (event: AnyEventObject) => {
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.')) await calls.resolve(event.type.slice('xstate.done.actor.'.length) as 'validate' | 'submit', event.output);
      else if (event.type.startsWith('xstate.error.actor.')) await calls.reject(event.type.slice('xstate.error.actor.'.length) as 'validate' | 'submit', event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot?.();
      const refreshesBefore = refreshes;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      if (snapshot.matches('submitting')) sent.push(requestIdOf(snapshot.context));
      // A retry after a failure sends the same request id; an answered request renews it.
      if (step.event.type === 'ui.retry') expect(sent.at(-1)).toBe(sent.at(-2));
      if (step.event.type === 'xstate.done.actor.submit' && before?.matches('submitting')) {
        const answered = snapshot.matches('submitted') || snapshot.matches('refused');
        expect(snapshot.context.serial).toBe(before.context.serial + (answered ? 1 : 0));
        expect(refreshes).toBe(refreshesBefore + (answered ? 1 : 0));
      }
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches('validating') || snapshot.matches('submitting'));
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`withdraw-form at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it('validates with the shared rules when the app keeps the default check', async () => {
    const submits: unknown[] = [];
    const calls = createDeferredActors(withdrawFormMachine, ['submit']);
    const actor = createActor(withdrawFormMachine.provide({ actors: calls.actors }), { input: INPUT }).start();
    actor.send({ type: 'ui.submit', draft: SHORT_DRAFT, availableCents: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe((checkDraft(SHORT_DRAFT, 5000) as { message: string }).message);
    actor.send({ type: 'ui.submit', draft: GOOD_DRAFT, availableCents: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('submitting');
    submits.push(actor.getSnapshot().context.payload);
    expect(submits).toEqual([{ source: 'income', amount_cents: 2000, alipay_account: '13800138000', payee_name: '张三' }]);
    actor.stop();
  });
});
