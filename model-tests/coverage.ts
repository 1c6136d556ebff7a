import {
  getStateNodes,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';

/**
 * State and transition coverage of a machine by a set of paths, for any machine's model test.
 *
 * A state is covered when some step of some path has it active. A transition is one
 * TransitionDefinition of the chart (`on`, `after`, invoke `onDone`/`onError`, `always`), named
 * `<source id> <event type> #<index>`, so the name survives `.provide()` (which copies nodes).
 * Paths have xstate/graph's shape: the first step is `xstate.init`, every step holds the snapshot
 * reached after its event.
 */

export type MachinePath = StatePath<AnyMachineSnapshot, AnyEventObject>;

export interface CoverageCount {
  covered: number;
  total: number;
  missing: string[];
}

export interface CoverageReport {
  states: CoverageCount;
  transitions: CoverageCount;
}

export interface PathGenerationOptions {
  /** The events worth trying, with payloads (done events carry `output`, error events `error`). */
  events: readonly AnyEventObject[];
  /** Must keep every field a guard reads, else transitions hide behind a merged vertex. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** The machine's input, when it takes one. */
  input?: unknown;
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

/** Every state node id but the root's. */
export function stateIdsOf(machine: AnyStateMachine): string[] {
  return descendants(machine.root).map((node) => node.id);
}

export function transitionName(definition: AnyTransitionDefinition): string {
  const { source, eventType } = definition;
  const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id} ${eventType || 'always'} #${siblings.indexOf(definition)}`;
}

export function transitionNamesOf(machine: AnyStateMachine): string[] {
  return [machine.root, ...descendants(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionName),
    ...(node.always ?? []).map(transitionName),
  ]);
}

/** The `xstate.after.<delay>.<state id>` events of the chart, for event tables. */
export function delayedEventsOf(machine: AnyStateMachine): AnyEventObject[] {
  const types = [machine.root, ...descendants(machine.root)].flatMap((node) => node.after.map((definition) => definition.eventType));
  return [...new Set(types)].map((type) => ({ type }));
}

/**
 * Milliseconds a delayed event waits, from its named or numeric delay; a delay computed from the
 * context (a function) is read from the snapshot the timer was armed in.
 */
export function delayOf(machine: AnyStateMachine, eventType: string, armedIn?: AnyMachineSnapshot): number {
  const [, , delay] = eventType.split('.');
  const named = (machine.implementations.delays as Record<string, unknown>)[delay ?? ''];
  const computed = typeof named === 'function' && armedIn ? (named as (args: { context: unknown }) => unknown)({ context: armedIn.context }) : named;
  const ms = typeof computed === 'number' ? computed : Number(delay);
  if (!Number.isFinite(ms)) throw new Error(`cannot read the delay of ${eventType}`);
  return ms;
}

export function activeStateIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return getStateNodes(machine.root, snapshot.value)
    .filter((node) => node !== machine.root)
    .map((node) => node.id);
}

function report(machine: AnyStateMachine, states: ReadonlySet<string>, transitions: ReadonlySet<string>): CoverageReport {
  const count = (all: string[], seen: ReadonlySet<string>): CoverageCount => {
    const missing = all.filter((name) => !seen.has(name));
    return { covered: all.length - missing.length, total: all.length, missing };
  };
  return { states: count(stateIdsOf(machine), states), transitions: count(transitionNamesOf(machine), transitions) };
}

interface Covered {
  states: Set<string>;
  transitions: Set<string>;
}

function coverStep(machine: AnyStateMachine, covered: Covered, from: AnyMachineSnapshot | undefined, step: MachinePath['steps'][number]) {
  for (const id of activeStateIds(machine, step.state)) covered.states.add(id);
  if (from) for (const definition of machine.getTransitionData(from, step.event)) covered.transitions.add(transitionName(definition));
}

function coverPath(machine: AnyStateMachine, covered: Covered, path: MachinePath) {
  path.steps.forEach((step, index) => coverStep(machine, covered, path.steps[index - 1]?.state, step));
}

/** Static coverage: what the paths' steps enter and which transitions their events select. */
export function coverageOfPaths(machine: AnyStateMachine, paths: readonly MachinePath[]): CoverageReport {
  const covered: Covered = { states: new Set(), transitions: new Set() };
  for (const path of paths) coverPath(machine, covered, path);
  return report(machine, covered.states, covered.transitions);
}

/**
 * Runtime coverage: pass `inspect` to createActor while replaying; it records the transitions the
 * running machine (and not its children) actually took, eventless and delayed ones included.
 */
export function createCoverageRecorder(machine: AnyStateMachine) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  return {
    inspect(event: InspectionEvent) {
      const snapshot = ('snapshot' in event ? event.snapshot : undefined) as AnyMachineSnapshot | undefined;
      if (snapshot?.machine?.id !== machine.id) return;
      if (event.type === '@xstate.microstep') for (const definition of event._transitions) transitions.add(transitionName(definition));
      if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
        for (const id of activeStateIds(snapshot.machine, snapshot)) states.add(id);
      }
    },
    report: () => report(machine, states, transitions),
  };
}

/**
 * States and transitions a model's paths cannot show, by name, each with its reason: what happens
 * at `xstate.init` (eventless choices at start-up), states a snapshot only passes through, and
 * events the machine raises to itself inside one step. The running actor of the model test
 * (createCoverageRecorder) must still see them.
 */
export type NotOnPaths = Readonly<Record<string, string>>;

/** What the paths miss and no reason names, and reasons naming what the paths do cover (stale): both must be empty. */
export function unexplained({ states, transitions }: CoverageReport, notOnPaths: NotOnPaths = {}): string[] {
  const missing = [...states.missing, ...transitions.missing];
  return [...missing.filter((name) => !(name in notOnPaths)), ...Object.keys(notOnPaths).filter((name) => !missing.includes(name)).map((name) => `covered, yet named: ${name}`)];
}

export function formatCoverage({ states, transitions }: CoverageReport): string {
  return `states covered ${states.covered}/${states.total}, transitions covered ${transitions.covered}/${transitions.total}`;
}

/** Replays events purely from the initial snapshot, so every step's snapshot is exact. */
export function pathFromEvents(machine: AnyStateMachine, events: readonly AnyEventObject[], input?: unknown): MachinePath {
  let [state] = initialTransition(machine, input);
  const steps: MachinePath['steps'] = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    [state] = transition(machine, state, event);
    steps.push({ event, state });
  }
  return { state, steps, weight: events.length };
}

/**
 * Paths that together cover every reachable state and transition: xstate/graph's adjacency map
 * gives the edges, getShortestPaths the shortest way to each edge's source; an edge is kept when
 * it adds coverage, walking edges breadth-first so the shortest witnesses win. Paths that are
 * prefixes of kept paths are dropped.
 */
export function generateCoveringPaths(machine: AnyStateMachine, { events, serializeState, input }: PathGenerationOptions): MachinePath[] {
  const traversal = {
    serializeState,
    input,
    events: (snapshot: AnyMachineSnapshot) => events.filter((event) => snapshot.can(event)),
  };
  const adjacency = getAdjacencyMap(machine, traversal);
  const shortest = new Map(
    getShortestPaths(machine, traversal).map((path) => [serializeState(path.state), path.steps.slice(1).map((step) => step.event)]),
  );

  const covered: Covered = { states: new Set(), transitions: new Set() };
  const chosen: MachinePath[] = [];
  for (const [vertex, { state, transitions: edges }] of Object.entries(adjacency)) {
    for (const { event, state: next } of Object.values(edges) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
      const adds =
        activeStateIds(machine, next).some((id) => !covered.states.has(id)) ||
        machine.getTransitionData(state, event).some((definition) => !covered.transitions.has(transitionName(definition)));
      if (!adds) continue;
      const path = pathFromEvents(machine, [...(shortest.get(vertex) ?? []), event], input);
      coverPath(machine, covered, path);
      chosen.push(path);
    }
  }
  return withoutPrefixes(chosen);
}

function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  const key = (path: MachinePath) => path.steps.map((step) => JSON.stringify(step.event));
  const longestFirst = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: Array<{ path: MachinePath; events: string[] }> = [];
  for (const path of longestFirst) {
    const events = key(path);
    if (!kept.some((other) => events.every((event, index) => other.events[index] === event))) kept.push({ path, events });
  }
  return kept.map(({ path }) => path).sort((a, b) => a.steps.length - b.steps.length);
}
