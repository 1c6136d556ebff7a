import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { servicePollMachine } from '../machines/service-poll.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeServicePollEvent, getServicePollPaths, SERVICE_POLL_CALLS, SERVICE_POLL_INPUT, type ServicePollCall } from './service-poll.paths.ts';

const paths = getServicePollPaths();
const runtime = createCoverageRecorder(servicePollMachine);

function createReplay() {
  const calls = createDeferredActors(servicePollMachine, SERVICE_POLL_CALLS);
  const effects: string[] = [];
  const actor = createActor(
    servicePollMachine.provide({
      actors: calls.actors,
      actions: {
        persistSeenId: (_, params) => void effects.push(`persist ${params.id}`),
        reloadPage: () => void effects.push('reload'),
        openServicePage: () => void effects.push('open /service'),
      },
    }),
    { clock: new SimulatedClock(), inspect: runtime.inspect, input: SERVICE_POLL_INPUT },
  );

  async function perform(event: AnyEventObject) {
    const { type } = event;
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (type === 'xstate.init') actor.start();
    else if (actorEvent?.[1] === 'done') await calls.resolve(actorEvent[2] as ServicePollCall, event.output);
    else if (actorEvent?.[1] === 'error') await calls.reject(actorEvent[2] as ServicePollCall, event.error);
    // Timers of parallel regions run together, so a clock jump could fire more than the path's
    // one delayed event: the event itself is delivered (exact timings: service-poll.machine.test.ts).
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, effects, calls };
}

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
    const { actor, perform, effects, calls } = createReplay();
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot();
      const effectsBefore = effects.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // A poll is pending exactly while fetching: one request in flight at most.
      expect(calls.isPending('getUnreadMessage'), `step ${index}`).toBe(snapshot.hasTag('busy'));
      const newEffects = effects.slice(effectsBefore);
      if (snapshot.context.lastSeenId !== before.context.lastSeenId) expect(newEffects).toContain(`persist ${snapshot.context.lastSeenId}`);
      if (step.event.type === 'xstate.done.actor.getServiceStatus' && (step.event.output as { data: string }).data === 'offline') expect(newEffects).toEqual(['reload']);
      if (step.event.type === 'ui.notice.open') expect(newEffects).toEqual(['open /service']);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`service poll at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
