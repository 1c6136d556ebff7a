import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkDraft } from '../api/protocol/withdraw-rules.ts';
import { requestIdOf, withdrawFormMachine } from '../machines/withdraw-form.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeWithdrawEvent, getWithdrawPaths, GOOD_DRAFT, INPUT, SHORT_DRAFT, WITHDRAW_CALLS } from './withdraw-form.paths.ts';
import { replayPath } from './replay.ts';

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
    let refreshes = 0;
    let refreshesBefore = 0;
    const sent: string[] = [];
    await replayPath(withdrawFormMachine, path, {
      calls: WITHDRAW_CALLS,
      input: INPUT,
      recorder: runtime,
      actions: { refreshFacts: () => void refreshes++ },
      beforeStep: () => void (refreshesBefore = refreshes),
      check: ({ event, before, snapshot }) => {
        if (snapshot.matches('submitting')) sent.push(requestIdOf(snapshot.context));
        // A retry after a failure sends the same request id; an answered request renews it.
        if (event.type === 'ui.retry') expect(sent.at(-1)).toBe(sent.at(-2));
        if (event.type === 'xstate.done.actor.submit' && before?.matches('submitting')) {
          const answered = snapshot.matches('submitted') || snapshot.matches('refused');
          expect(snapshot.context.serial).toBe(before.context.serial + (answered ? 1 : 0));
          expect(refreshes).toBe(refreshesBefore + (answered ? 1 : 0));
        }
        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('validating') || snapshot.matches('submitting'));
      },
    });
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
