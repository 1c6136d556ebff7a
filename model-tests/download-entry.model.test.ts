import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { FAILED_ENTRY_REMOVAL_MS } from '../machines/constants.ts';
import { ALLOWED } from '../machines/download-transitions.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { emptyEffects, metaDownState, providedEntry } from './download-entry.kit.ts';
import { describeEntryEvent, describeInput, ENTRY_CALLS, getEntryPaths, INVOKE_SRC } from './download-entry.paths.ts';
import { downloadEntryMachine } from '../machines/download-entry.machine.ts';
import type { DownloadEntryInput, DownState } from '../machines/download.types.ts';

const paths = getEntryPaths();

/** The down_state a native event asks for. */
function nativeTarget(event: AnyEventObject): DownState | null {
  if (event.type === 'bridge.download.state') return event.state as DownState;
  if (event.type === 'bridge.download.progress') return '2';
  if (event.type === 'bridge.install.result') return event.code === 1 ? '5' : '3';
  return null;
}
const runtime = createCoverageRecorder(downloadEntryMachine);

/** A running entry that replays a path: answers its pending calls, runs its clock, sends the rest. */
function createReplay(input: DownloadEntryInput) {
  const effects = emptyEffects();
  const calls = createDeferredActors(downloadEntryMachine, ENTRY_CALLS);
  const { machine } = providedEntry(effects, calls);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input, inspect: runtime.inspect });

  async function perform(event: AnyEventObject) {
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    const invoked = actorEvent && actor.getSnapshot().children[actorEvent[2]!] !== undefined;
    if (event.type === 'xstate.init') actor.start();
    else if (invoked && actorEvent[1] === 'done') await calls.resolve(INVOKE_SRC[actorEvent[2]!]!, event.output);
    else if (invoked) await calls.reject(INVOKE_SRC[actorEvent[2]!]!, event.error);
    else if (event.type.startsWith('xstate.after.') && actor.getSnapshot().matches('removing')) clock.increment(FAILED_ENTRY_REMOVAL_MS);
    // Anything else, stray answers and timers included, is what the machine may be sent.
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, effects };
}

describe('download entry: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(
      downloadEntryMachine,
      paths.map(({ path }) => path),
    );
    console.log(`download entry: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.transitions.covered).toBe(report.transitions.total);
  });

  const named = paths.map(({ input, path }, index) => {
    const actions = path.steps.slice(1).map((step) => describeEntryEvent(step.event));
    return [`#${index + 1} ${describeInput(input)}: ${actions.join(' → ')}`, input, path] as const;
  });

  it.each(named)('replays %s', async (_, input, path: MachinePath) => {
    const { actor, perform, effects } = createReplay(input);
    for (const [index, step] of path.steps.entries()) {
      const started = index > 0;
      const before = started ? actor.getSnapshot().context.entry.down_state : input.entry.down_state;
      const beforeMeta = started ? metaDownState(actor.getSnapshot()) : undefined;
      const unsolicitedBefore = effects.unsolicited.length;
      const tracked = effects.trackPoint.length;
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      const where = `step ${index}: ${step.event.type}`;
      expect(snapshot.value, where).toEqual(step.state.value);
      expect(snapshot.context, where).toEqual(step.state.context);
      const after = snapshot.context.entry.down_state;
      if (after !== before) expect(ALLOWED[before], where).toContain(after);
      const meta = metaDownState(snapshot);
      if (meta !== undefined) expect(meta, where).toBe(after);
      // A native event whose down_state ALLOWED does not list (or that reaches a non-SPEC state) is reported.
      const target = nativeTarget(step.event);
      if (target !== null) {
        const accepted = beforeMeta !== undefined && ALLOWED[before].includes(target);
        expect(effects.unsolicited.length - unsolicitedBefore, where).toBe(accepted ? 0 : 1);
      }
      if (after === '3' && before !== '3') expect(effects.trackPoint.length, where).toBe(tracked + 1);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`download entry at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
