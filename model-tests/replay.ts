import { expect } from 'vitest';
import { createActor, SimulatedClock, type AnyActorLogic, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { delayOf, type createCoverageRecorder, type MachinePath } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';

/**
 * Replays one generated path on a running actor: `xstate.init` starts it, `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` settle the deferred call, `xstate.after.*` moves a simulated clock by
 * the delay, and anything else is sent. After each step the running snapshot must equal the
 * path's (value and context), then `check` may look at what happened outside the machine.
 * A test whose machine a kit builds passes the kit's actor as `harness`; a test whose events need
 * routing of their own (a stream's message, a stray answer) handles them in `perform`.
 */

/** The deferred calls of a replay, whichever way they were made. */
export interface ReplayCalls {
  resolve(src: never, output: unknown): Promise<void>;
  reject(src: never, error: unknown): Promise<void>;
  isPending(src: never): boolean;
  lastInput(src: never): unknown;
  /** Every call made so far, in order. */
  readonly calls: ReadonlyArray<{ id: string; input: unknown }>;
}

/** An actor a kit built (not yet started), with its deferred calls and its clock. */
export interface ReplayHarness {
  actor: AnyActorRef;
  calls: ReplayCalls;
  clock?: SimulatedClock;
}

export interface ReplayStep {
  index: number;
  event: AnyEventObject;
  expected: AnyMachineSnapshot;
  before: AnyMachineSnapshot | undefined;
  snapshot: AnyMachineSnapshot;
  /** Whether a call (by actor src) is waiting for its answer. */
  isPending: (src: string) => boolean;
  /** The input the last call of `src` was made with. */
  lastInput: (src: string) => unknown;
  /** The last call made, of any src. */
  lastCall: () => { id: string; input: unknown } | undefined;
  /** The running actor, for a check that drives it further (a progress report from inside a call). */
  actor: AnyActorRef;
}

export interface ReplayOptions {
  /** The srcs of the promise actors the test answers. */
  calls?: readonly string[];
  /** Actors the test implements itself (a callback actor, a stream), next to the deferred calls. */
  actors?: Record<string, AnyActorLogic>;
  /** The actor a kit built, instead of one made here from `calls`, `actors` and `actions`. */
  harness?: ReplayHarness;
  /** Invoke ids that differ from their src: the answer to `id` settles a call of `src`. */
  sources?: Readonly<Record<string, string>>;
  input?: unknown;
  actions?: Record<string, (...args: never[]) => void>;
  recorder: ReturnType<typeof createCoverageRecorder>;
  /** What of the context is compared (all of it by default): a test may leave out what a path cannot hold equal. */
  contextOf?: (context: unknown) => unknown;
  /** Runs before each step's event, to note what the step will be compared against. */
  beforeStep?: (index: number, event: AnyEventObject) => void;
  /** Takes an event the default does not deliver right; answers whether it did. */
  perform?: (event: AnyEventObject, replay: { actor: AnyActorRef; isPending: (src: string) => boolean; clock: SimulatedClock | undefined }) => boolean | Promise<boolean>;
  check?: (step: ReplayStep) => void;
}

function harnessOf(machine: AnyStateMachine, { calls = [], actors = {}, input, actions = {}, recorder }: ReplayOptions): Required<ReplayHarness> {
  const clock = new SimulatedClock();
  const deferred = createDeferredActors(machine, calls as never);
  const provided = machine.provide({ actors: { ...deferred.actors, ...actors }, actions: actions as never });
  return { actor: createActor(provided, { clock, input, inspect: recorder.inspect }), calls: deferred as ReplayCalls, clock };
}

export async function replayPath(machine: AnyStateMachine, path: MachinePath, options: ReplayOptions): Promise<void> {
  const { sources = {}, beforeStep, perform, check, contextOf = (context: unknown) => context } = options;
  const { actor, calls, clock } = options.harness ?? harnessOf(machine, options);
  for (const [index, step] of path.steps.entries()) {
    const event: AnyEventObject = step.event;
    const before = index === 0 ? undefined : (actor.getSnapshot() as AnyMachineSnapshot);
    beforeStep?.(index, event);
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    const src = answer ? (sources[answer[2]!] ?? answer[2]!) : '';
    if (event.type === 'xstate.init') actor.start();
    else if (perform && (await perform(event, { actor, isPending: (id) => calls.isPending(id as never), clock }))) {
      // The test delivered it.
    } else if (answer?.[1] === 'done') await calls.resolve(src as never, event.output);
    else if (answer?.[1] === 'error') await calls.reject(src as never, event.error);
    else if (event.type.startsWith('xstate.after.') && clock) clock.increment(delayOf(machine, event.type, before));
    else actor.send(event);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    expect(snapshot.value, `step ${index}: ${event.type}`).toEqual(step.state.value);
    expect(contextOf(snapshot.context), `step ${index}: ${event.type}`).toEqual(contextOf(step.state.context));
    check?.({ index, event, expected: step.state, before, snapshot, isPending: (id) => calls.isPending(id as never), lastInput: (id) => calls.lastInput(id as never), lastCall: () => calls.calls.at(-1), actor });
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
