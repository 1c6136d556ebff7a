import { describe, expect, it } from 'vitest';
import { listingLifecycleMachine, resubmitPayload } from '../machines/listing-lifecycle.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { describeLifecycleEvent, getLifecyclePaths, LIFECYCLE_CALLS, LIFECYCLE_NOT_ON_PATHS, REQUEST_BASE, startOf } from './listing-lifecycle.paths.ts';
import { replayPath } from './replay.ts';

const paths = getLifecyclePaths();
const runtime = createCoverageRecorder(listingLifecycleMachine);


describe('listing-lifecycle: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(listingLifecycleMachine, paths);
    console.log(`listing-lifecycle: ${paths.length} paths, ${formatCoverage(report)}`);
    // The running actor below records what LIFECYCLE_NOT_ON_PATHS names.
    expect(unexplained(report, LIFECYCLE_NOT_ON_PATHS)).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${startOf(path).status}: ${path.steps.slice(1).map((step) => describeLifecycleEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const opened: string[] = [];
    const notes: string[] = [];
    let openedBefore = 0;
    await replayPath(listingLifecycleMachine, path, {
      calls: LIFECYCLE_CALLS,
      input: { listing: startOf(path), requestBase: REQUEST_BASE },
      recorder: runtime,
      actions: { openEditor: () => void opened.push('editor'), openTrade: () => void opened.push('trade'), notify: (_: unknown, params: { message: string }) => void notes.push(params.message) },
      beforeStep: () => void (openedBefore = opened.length),
      check: ({ event, before, snapshot, lastCall }) => {
        // Outside a call, the state is the listing's status.
        if (!snapshot.hasTag('busy') && !snapshot.matches('confirmingWithdraw')) expect(snapshot.value).toBe(snapshot.context.listing.status);
        // 编辑 and 查看交易 leave the page only when the listing allows it.
        if (event.type === 'ui.edit') expect(opened.length - openedBefore).toBe(before?.context.listing.can_edit ? 1 : 0);
        if (event.type === 'ui.viewTrade') expect(opened.length - openedBefore).toBe(before?.context.listing.trade_id !== null ? 1 : 0);
        if (snapshot.matches('withdrawing')) expect(lastCall()).toEqual({ id: 'withdraw', input: { listingId: snapshot.context.listing.id } });
        if (snapshot.matches('resubmitting')) expect(lastCall()).toEqual({ id: 'resubmit', input: { payload: resubmitPayload(snapshot.context.listing), requestId: `${REQUEST_BASE}-${snapshot.context.serial}` } });
        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('withdrawing') || snapshot.matches('resubmitting') || snapshot.matches('refreshing'));
      },
    });
  });

  it('took every transition in the running actor too (the eventless route included)', () => {
    const report = runtime.report();
    console.log(`listing-lifecycle at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
