import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { orderPollMachine } from '../machines/order-poll.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeOrderPollEvent, getOrderPollPaths, ORDER_NUMBER, ORDER_POLL_CALLS, ORDER_POLL_INPUTS, ORDER_POLL_NOT_ON_PATHS, POLLED, type PollStart } from './order-poll.paths.ts';
import { replayPath } from './replay.ts';

const starts: PollStart[] = ['fetchFirst', 'waitFirst', 'hidden'];
const pathsOf = Object.fromEntries(starts.map((start) => [start, getOrderPollPaths(start)])) as Record<PollStart, ReturnType<typeof getOrderPollPaths>>;
const runtime = createCoverageRecorder(orderPollMachine);

describe('order poll: paths generated from the machine graph (asking at once, after one interval, hidden)', () => {
  it('cover every state and every transition', () => {
    const all = starts.flatMap((start) => pathsOf[start]);
    const report = coverageOfPaths(orderPollMachine, all);
    console.log(`order-poll: ${all.length} paths, ${formatCoverage(report)}`);
    expect(unexplained(report, ORDER_POLL_NOT_ON_PATHS)).toEqual([]);
  });

  const named = starts.flatMap((start) => pathsOf[start].map((path) => [start, path] as const)).map(
    ([start, path], index) => [`#${index + 1} ${start}: ${path.steps.slice(1).map((step) => describeOrderPollEvent(step.event)).join(' → ')}`, start, path] as const,
  );

  it.each(named)('replays %s', async (_, start, path) => {
    const reports: unknown[] = [];
    let reportsBefore = 0;
    await replayPath(orderPollMachine, path, {
      calls: ORDER_POLL_CALLS,
      input: ORDER_POLL_INPUTS[start],
      recorder: runtime,
      actions: { report: (_: unknown, params: { outcome: unknown }) => void reports.push(params.outcome) },
      beforeStep: () => void (reportsBefore = reports.length),
      check: ({ index, event, snapshot, isPending, lastInput }) => {
        // One request at a time, exactly while fetching, for the parent's order.
        expect(isPending('getOneOrder'), `step ${index}`).toBe(snapshot.matches('fetching'));
        if (snapshot.matches('fetching')) expect(lastInput('getOneOrder')).toEqual({ order_number: ORDER_NUMBER });
        // Every answer goes to the parent, a failure never does.
        const reported = reports.slice(reportsBefore);
        if (event.type === 'xstate.done.actor.getOneOrder') expect(reported).toEqual([event.output]);
        else expect(reported).toEqual([]);
        // A hidden page asks nothing until it is back.
        if (snapshot.context.hidden) expect(snapshot.matches('waiting')).toBe(false);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`order-poll at runtime: ${formatCoverage(report)}`);
    // 'starting' is left by its always transitions within the start-up step: no snapshot holds it.
    expect(unexplained(report, { 'orderPoll.starting': ORDER_POLL_NOT_ON_PATHS['orderPoll.starting']! })).toEqual([]);
  });
});

describe('order poll: what its parent receives', () => {
  it('each answer as poll.answer, by sendParent', async () => {
    const calls = createDeferredActors(orderPollMachine, ORDER_POLL_CALLS);
    const received: AnyEventObject[] = [];
    const parent = createActor(
      createMachine({
        invoke: { id: 'poll', src: orderPollMachine.provide({ actors: calls.actors }), input: ORDER_POLL_INPUTS.fetchFirst },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start();
    await calls.resolve('getOneOrder', POLLED.paying);
    expect(received).toEqual([{ type: 'poll.answer', outcome: POLLED.paying }]);
    parent.stop();
  });
});
