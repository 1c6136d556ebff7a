import { describe, expect, it } from 'vitest';
import { serviceLiveMachine } from '../machines/service-live.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createLiveHarness } from './service-live.kit.ts';
import { describeServiceLiveEvent, getServiceLivePaths } from './service-live.paths.ts';
import { replayPath } from './replay.ts';

const paths = getServiceLivePaths();
const runtime = createCoverageRecorder(serviceLiveMachine);

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
    const kit = createLiveHarness(input, runtime.inspect);
    let effectsBefore = 0;
    await replayPath(serviceLiveMachine, path, {
      harness: kit,
      recorder: runtime,
      beforeStep: () => void (effectsBefore = kit.effects.length),
      perform: (event, { actor }) => {
        // Stream events come from the stream actor, as in the app.
        if (event.type.startsWith('stream.')) kit.currentStream()!.send(event as Parameters<typeof kit.actor.send>[0]);
        // Timers of parallel or nested states could fire more than the path's one delayed event on a
        // clock jump: the event itself is delivered (exact timings: service-live.machine.test.ts).
        else if (event.type.startsWith('xstate.after.')) actor.send(event);
        else return false;
        return true;
      },
      check: ({ index, event, snapshot, isPending }) => {
        const where = `step ${index}: ${event.type}`;
        // One call at a time, exactly while busy outside the stream's opening.
        const pending = isPending('getStreamTicket') || isPending('getQueue');
        expect(pending, where).toBe(snapshot.hasTag('busy') && !snapshot.matches({ live: 'opening' }));
        // A stream runs exactly while live, and at most one.
        expect(kit.streams.filter((stream) => !stream.stopped).length, where).toBe(snapshot.matches('live') ? 1 : 0);
        const effects = kit.effects.slice(effectsBefore);
        if (event.type === 'stream.message') expect(effects, where).toEqual([`deliver ${(event as unknown as { id: number }).id}`]);
        else if (!event.type.startsWith('xstate.done.actor.getQueue')) expect(effects, where).toEqual([]);
      },
    });
    expect(kit.streams.every((stream) => stream.stopped)).toBe(true);
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`service live at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
