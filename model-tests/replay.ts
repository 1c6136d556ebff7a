import { expect } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { delayOf, type createCoverageRecorder, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';

/**
 * Replays one generated path on a running actor: `xstate.init` starts it, `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` settle the deferred call, `xstate.after.*` moves a simulated clock by
 * the delay, and anything else is sent. After each step the running snapshot must equal the
 * path's (value and context), then `check` may look at what happened outside the machine.
 */

export interface ReplayStep {
  index: number;
  event: AnyEventObject;
  expected: AnyMachineSnapshot;
  before: AnyMachineSnapshot | undefined;
  snapshot: AnyMachineSnapshot;
  /** Whether a call (by actor src) is waiting for its answer. */
  isPending: (src: string) => boolean;
}

export interface ReplayOptions {
  /** The srcs of the promise actors the test answers. */
  calls: readonly string[];
  /** Invoke ids that differ from their src: the answer to `id` settles a call of `src`. */
  sources?: Readonly<Record<string, string>>;
  input?: unknown;
  actions?: Record<string, (...args: never[]) => void>;
  recorder: ReturnType<typeof createCoverageRecorder>;
  check?: (step: ReplayStep) => void;
}

export async function replayPath(machine: AnyStateMachine, path: MachinePath, { calls, sources = {}, input, actions = {}, recorder, check }: ReplayOptions): Promise<void> {
  const clock = new SimulatedClock();
  const deferred = createDeferredActors(machine, calls as never);
  const actor: AnyActorRef = createActor(machine.provide({ actors: deferred.actors, actions: actions as never }), { clock, input, inspect: recorder.inspect });
  for (const [index, step] of path.steps.entries()) {
    const event: AnyEventObject = step.event;
    const before = index === 0 ? undefined : (actor.getSnapshot() as AnyMachineSnapshot);
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    const src = answer ? (sources[answer[2]!] ?? answer[2]!) : '';
    if (event.type === 'xstate.init') actor.start();
    else if (answer?.[1] === 'done') await deferred.resolve(src as never, event.output);
    else if (answer?.[1] === 'error') await deferred.reject(src as never, event.error);
    else if (event.type.startsWith('xstate.after.')) clock.increment(delayOf(machine, event.type, before));
    else actor.send(event);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    expect(snapshot.value, `step ${index}: ${event.type}`).toEqual(step.state.value);
    expect(snapshot.context, `step ${index}: ${event.type}`).toEqual(step.state.context);
    check?.({ index, event, expected: step.state, before, snapshot, isPending: (id) => deferred.isPending(id as never) });
  }
  actor.stop();
}

/** A path's events in a line: user events by type, answers by call and outcome kind, ticks by delay. */
export function summarizePath(path: MachinePath): string {
  return path.steps
    .slice(1)
    .map(({ event }) => {
      if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
      const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (answer?.[1] === 'error') return `${answer[2]} fails`;
      if (answer) {
        const output = event.output as { kind?: string; ok?: boolean } | undefined;
        return `${answer[2]} answers ${output?.kind ?? (output?.ok === undefined ? 'done' : output.ok ? 'ok' : 'not ok')}`;
      }
      return event.type;
    })
    .join(' → ');
}
