import { describe, expect, it } from 'vitest';
import { servicePollMachine } from '../machines/service-poll.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { describeServicePollEvent, getServicePollPaths, SERVICE_POLL_CALLS, SERVICE_POLL_INPUT } from './service-poll.paths.ts';
import { replayPath } from './replay.ts';

const paths = getServicePollPaths();
const runtime = createCoverageRecorder(servicePollMachine);

describe('customer-service poll: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(servicePollMachine, paths);
    console.log(`service poll: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.covered).toBe(report.states.total);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describeServicePollEvent(step.event).action);
    return [`#${index + 1} ${actions.join(' → ')}`, path] as const;
  });

  it.each(named)('replays %s', async (_, path) => {
    const effects: string[] = [];
    let effectsBefore = 0;
    await replayPath(servicePollMachine, path, {
      calls: SERVICE_POLL_CALLS,
      input: SERVICE_POLL_INPUT,
      recorder: runtime,
      actions: {
        persistSeenId: (_: unknown, params: { id: number }) => void effects.push(`persist ${params.id}`),
        reloadPage: () => void effects.push('reload'),
        openServicePage: () => void effects.push('open /service'),
      },
      beforeStep: () => void (effectsBefore = effects.length),
      // Timers of parallel regions run together, so a clock jump could fire more than the path's
      // one delayed event: the event itself is delivered (exact timings: service-poll.machine.test.ts).
      perform: (event, { actor }) => {
        if (!event.type.startsWith('xstate.after.')) return false;
        actor.send(event);
        return true;
      },
      check: ({ index, event, before, snapshot, isPending }) => {
        // A poll is pending exactly while fetching: one request in flight at most.
        expect(isPending('getUnreadMessage'), `step ${index}`).toBe(snapshot.hasTag('busy'));
        const newEffects = effects.slice(effectsBefore);
        if (before && snapshot.context.lastSeenId !== before.context.lastSeenId) expect(newEffects).toContain(`persist ${snapshot.context.lastSeenId}`);
        if (event.type === 'xstate.done.actor.getServiceStatus' && (event.output as { data: string }).data === 'offline') expect(newEffects).toEqual(['reload']);
        if (event.type === 'ui.notice.open') expect(newEffects).toEqual(['open /service']);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`service poll at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
