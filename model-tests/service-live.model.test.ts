import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { serviceLiveMachine } from '../machines/service-live.machine.ts';
import type { ServiceLiveInput } from '../machines/service-live.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createLiveHarness, type LiveCall } from './service-live.kit.ts';
import { describeServiceLiveEvent, getServiceLivePaths } from './service-live.paths.ts';

const paths = getServiceLivePaths();
const runtime = createCoverageRecorder(serviceLiveMachine);

function createReplay(input: ServiceLiveInput) {
  const kit = createLiveHarness(input, runtime.inspect);
  async function perform(event: AnyEventObject) {
    const { type } = event;
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (type === 'xstate.init') kit.actor.start();
    else if (actorEvent?.[1] === 'done') await kit.calls.resolve(actorEvent[2] as LiveCall, event.output);
    else if (actorEvent?.[1] === 'error') await kit.calls.reject(actorEvent[2] as LiveCall, event.error);
    // Stream events come from the stream actor, as in the app.
    else if (type.startsWith('stream.')) kit.currentStream()!.send(event as Parameters<typeof kit.actor.send>[0]);
    // Timers of parallel or nested states could fire more than the path's one delayed event on a
    // clock jump: the event itself is delivered (exact timings: service-live.machine.test.ts).
    else kit.actor.send(event as Parameters<typeof kit.actor.send>[0]);
  }
  return { ...kit, perform };
}

describe('/service connection: paths generated from the machine graph', () => {
  it('cover every state and every transition (both with and without EventSource)', () => {
    const report = coverageOfPaths(serviceLiveMachine, paths.map(({ path }) => path));
    console.log(`service live: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.covered).toBe(report.states.total);
  });

  const named = paths.map(({ input, path }, index) => {
    const actions = path.steps.slice(1).map((step) => describeServiceLiveEvent(step.event).action);
    return [`#${index + 1}${input.streamSupported ? '' : ' (no EventSource)'} ${actions.join(' → ')}`, input, path] as const;
  });

  it.each(named)('replays %s', async (_, input, path) => {
    const replay = createReplay(input);
    for (const [index, step] of path.steps.entries()) {
      const effectsBefore = replay.effects.length;
      await replay.perform(step.event);
      const snapshot = replay.actor.getSnapshot();
      const where = `step ${index}: ${step.event.type}`;
      expect(snapshot.value, where).toEqual(step.state.value);
      expect(snapshot.context, where).toEqual(step.state.context);
      // One call at a time, exactly while busy outside the stream's opening.
      const pending = replay.calls.isPending('getStreamTicket') || replay.calls.isPending('getQueue');
      expect(pending, where).toBe(snapshot.hasTag('busy') && !snapshot.matches({ live: 'opening' }));
      // A stream runs exactly while live, and at most one.
      expect(replay.streams.filter((stream) => !stream.stopped).length, where).toBe(snapshot.matches('live') ? 1 : 0);
      const effects = replay.effects.slice(effectsBefore);
      if (step.event.type === 'stream.message') expect(effects, where).toEqual([`deliver ${(step.event as unknown as { id: number }).id}`]);
      else if (!step.event.type.startsWith('xstate.done.actor.getQueue')) expect(effects, where).toEqual([]);
    }
    replay.actor.stop();
    expect(replay.streams.every((stream) => stream.stopped)).toBe(true);
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`service live at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
