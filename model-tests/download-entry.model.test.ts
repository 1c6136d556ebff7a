import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { FAILED_ENTRY_REMOVAL_MS } from '../machines/constants.ts';
import { ALLOWED } from '../machines/download-transitions.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { emptyEffects, metaDownState, providedEntry } from './download-entry.kit.ts';
import { describeEntryEvent, describeInput, ENTRY_CALLS, getEntryPaths, INVOKE_SRC } from './download-entry.paths.ts';
import { downloadEntryMachine } from '../machines/download-entry.machine.ts';
import type { DownState } from '../machines/download.types.ts';
import { replayPath } from './replay.ts';

const paths = getEntryPaths();

/** The down_state a native event asks for. */
function nativeTarget(event: AnyEventObject): DownState | null {
  if (event.type === 'bridge.download.state') return event.state as DownState;
  if (event.type === 'bridge.download.progress') return '2';
  if (event.type === 'bridge.install.result') return event.code === 1 ? '5' : '3';
  return null;
}
const runtime = createCoverageRecorder(downloadEntryMachine);

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
    const effects = emptyEffects();
    const calls = createDeferredActors(downloadEntryMachine, ENTRY_CALLS);
    const { machine } = providedEntry(effects, calls);
    const clock = new SimulatedClock();
    let unsolicitedBefore = 0;
    let tracked = 0;
    await replayPath(downloadEntryMachine, path, {
      harness: { actor: createActor(machine, { clock, input, inspect: runtime.inspect }), calls, clock },
      sources: INVOKE_SRC,
      recorder: runtime,
      beforeStep: () => {
        unsolicitedBefore = effects.unsolicited.length;
        tracked = effects.trackPoint.length;
      },
      perform: (event, { actor }) => {
        const snapshot = actor.getSnapshot() as SnapshotFrom<typeof downloadEntryMachine>;
        const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
        if (event.type.startsWith('xstate.after.') && snapshot.matches('removing')) clock.increment(FAILED_ENTRY_REMOVAL_MS);
        // Anything else but the answer to a running call, stray answers and timers included, is what the machine may be sent.
        else if (!answer || snapshot.children[answer[2]!] === undefined) actor.send(event);
        else return false;
        return true;
      },
      check: ({ index, event, before: beforeSnapshot, snapshot }) => {
        const before: DownState = beforeSnapshot ? beforeSnapshot.context.entry.down_state : input.entry.down_state;
        const beforeMeta = beforeSnapshot ? metaDownState(beforeSnapshot as SnapshotFrom<typeof downloadEntryMachine>) : undefined;
        const where = `step ${index}: ${event.type}`;
        const after = snapshot.context.entry.down_state as DownState;
        if (after !== before) expect(ALLOWED[before], where).toContain(after);
        const meta = metaDownState(snapshot as SnapshotFrom<typeof downloadEntryMachine>);
        if (meta !== undefined) expect(meta, where).toBe(after);
        // A native event whose down_state ALLOWED does not list (or that reaches a non-SPEC state) is reported.
        const target = nativeTarget(event);
        if (target !== null) {
          const accepted = beforeMeta !== undefined && ALLOWED[before].includes(target);
          expect(effects.unsolicited.length - unsolicitedBefore, where).toBe(accepted ? 0 : 1);
        }
        if (after === '3' && before !== '3') expect(effects.trackPoint.length, where).toBe(tracked + 1);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`download entry at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
