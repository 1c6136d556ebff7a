import { describe, expect, it } from 'vitest';
import { paymentMachine } from '../machines/payment.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { silentOrderPoll } from './order-poll.kit.ts';
import { describePaymentEvent, getPaymentPaths, PAYMENT_CALLS } from './payment.paths.ts';
import { replayPath } from './replay.ts';

const paths = getPaymentPaths();
const runtime = createCoverageRecorder(paymentMachine);

describe('payment: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(paymentMachine, paths);
    console.log(`payment: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describePaymentEvent(step.event).action);
    return [`#${index + 1} ${actions.join(' → ')}`, path] as const;
  });

  it.each(named)('replays %s', async (_, path) => {
    const effects: string[] = [];
    let effectsBefore = 0;
    await replayPath(paymentMachine, path, {
      calls: PAYMENT_CALLS,
      actors: { orderPoll: silentOrderPoll },
      recorder: runtime,
      actions: {
        persistAttempt: (_: unknown, params: { orderNumber?: string }) => void effects.push(`persist ${params.orderNumber ?? 'attempt'}`),
        clearAttempt: () => void effects.push('clear'),
        openCashier: (_: unknown, { payUrl }: { payUrl: string }) => void effects.push(`cashier ${payUrl}`),
        showError: (_: unknown, { message }: { message: string }) => void effects.push(`toast ${message}`),
        orderPaid: (_: unknown, { orderNumber }: { orderNumber: string }) => void effects.push(`paid ${orderNumber}`),
      },
      beforeStep: () => void (effectsBefore = effects.length),
      check: ({ index, event, snapshot, isPending }) => {
        // A call is in flight exactly in the states that invoke it.
        expect(isPending('createOrder'), `step ${index}`).toBe(snapshot.matches('creating'));
        expect(isPending('cancelOrder'), `step ${index}`).toBe(snapshot.matches('cancelling'));
        const newEffects = effects.slice(effectsBefore);
        if (snapshot.matches('awaitingCashier') && event.type !== 'xstate.init') expect(newEffects.some((e) => e.startsWith('cashier '))).toBe(true);
        if (snapshot.matches('creating') && event.type === 'ui.pay.submit') expect(newEffects).toEqual(['persist attempt']);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`payment at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
