import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { listingLifecycleMachine, resubmitPayload } from '../machines/listing-lifecycle.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeLifecycleEvent, getLifecyclePaths, LIFECYCLE_CALLS, LIFECYCLE_NOT_ON_PATHS, REQUEST_BASE, startOf } from './listing-lifecycle.paths.ts';

const paths = getLifecyclePaths();
const runtime = createCoverageRecorder(listingLifecycleMachine);

type Call = (typeof LIFECYCLE_CALLS)[number];

describe('listing-lifecycle: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(listingLifecycleMachine, paths);
    console.log(`listing-lifecycle: ${paths.length} paths, ${formatCoverage(report)}`);
    // The running actor below records what LIFECYCLE_NOT_ON_PATHS names.
    expect(unexplained(report, LIFECYCLE_NOT_ON_PATHS)).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${startOf(path).status}: ${path.steps.slice(1).map((step) => describeLifecycleEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const calls = createDeferredActors(listingLifecycleMachine, LIFECYCLE_CALLS);
    const opened: string[] = [];
    const notes: string[] = [];
    const actor = createActor(
      listingLifecycleMachine.provide({
        actors: calls.actors,
        actions: { openEditor: () => void opened.push('editor'), openTrade: () => void opened.push('trade'), notify: (_, params) => void notes.push(params.message) },
      }),
      { input: { listing: startOf(path), requestBase: REQUEST_BASE }, inspect: runtime.inspect },
    );
    const perform = async (event: AnyEventObject) => {
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.')) await calls.resolve(event.type.slice('xstate.done.actor.'.length) as Call, event.output);
      else if (event.type.startsWith('xstate.error.actor.')) await calls.reject(event.type.slice('xstate.error.actor.'.length) as Call, event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot?.();
      const openedBefore = opened.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // Outside a call, the state is the listing's status.
      if (!snapshot.hasTag('busy') && !snapshot.matches('confirmingWithdraw')) expect(snapshot.value).toBe(snapshot.context.listing.status);
      // 编辑 and 查看交易 leave the page only when the listing allows it.
      if (step.event.type === 'ui.edit') expect(opened.length - openedBefore).toBe(before?.context.listing.can_edit ? 1 : 0);
      if (step.event.type === 'ui.viewTrade') expect(opened.length - openedBefore).toBe(before?.context.listing.trade_id !== null ? 1 : 0);
      if (snapshot.matches('withdrawing')) expect(calls.calls.at(-1)).toEqual({ id: 'withdraw', input: { listingId: snapshot.context.listing.id } });
      if (snapshot.matches('resubmitting')) expect(calls.calls.at(-1)).toEqual({ id: 'resubmit', input: { payload: resubmitPayload(snapshot.context.listing), requestId: `${REQUEST_BASE}-${snapshot.context.serial}` } });
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches('withdrawing') || snapshot.matches('resubmitting') || snapshot.matches('refreshing'));
    }
    actor.stop();
  });

  it('took every transition in the running actor too (the eventless route included)', () => {
    const report = runtime.report();
    console.log(`listing-lifecycle at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
