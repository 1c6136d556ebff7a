import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

/**
 * A statechart read from a machine definition, in the shape the diagram writers need: nested
 * states in definition order, each with its transitions in priority order. Pure data, no DOM:
 * the Mermaid text, the SVG layout (scripts/diagrams.ts) and /testview all start from here.
 */

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type ChartTransitionKind = 'event' | 'after' | 'done' | 'error' | 'always' | 'stateDone' | 'snapshot';

export interface ChartTransition {
  /** What triggers it, as drawn: 'ui.sendCode', 'done.actor.sendCode', 'after countdownTick (1000ms)', 'always'. */
  trigger: string;
  eventType: string;
  kind: ChartTransitionKind;
  guard: string | null;
  /** State ids; empty when the transition only runs actions. */
  targets: string[];
  reenter: boolean;
}

export interface ChartState {
  /** The xstate state node id ('loginOverlay.open.sms'); the root's is the machine id. */
  id: string;
  key: string;
  /** Keys from the root down ([] for the root). */
  path: string[];
  type: ChartStateType;
  /** Id of the initial child of a compound state. */
  initial: string | null;
  children: ChartState[];
  transitions: ChartTransition[];
  description: string | null;
  tags: string[];
  /** Ids of the actors the state invokes while active. */
  invokes: string[];
}

export interface Chart {
  machineId: string;
  root: ChartState;
  /** Every state by id, the root included. */
  states: Map<string, ChartState>;
}

/**
 * xstate's higher-order guards are functions with `check` and `guards`; their names do not
 * survive minification, so they are told apart by their `check`, taken from reference guards.
 */
const COMPOSITES = [
  ['and', (and([]) as unknown as { check: unknown }).check],
  ['or', (or([]) as unknown as { check: unknown }).check],
  ['not', (not('x') as unknown as { check: unknown }).check],
] as const;
const STATE_IN_CHECK = (stateIn('x') as unknown as { check: unknown }).check;

/** A guard as the chart names it: 'phoneComplete', 'and(phoneComplete, not(agreed))', 'stateIn(...)'. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = guard as { check?: unknown; guards?: unknown[]; stateValue?: unknown };
    const kind = COMPOSITES.find(([, check]) => check === composite.check)?.[0];
    if (kind && composite.guards) return `${kind}(${composite.guards.map(guardName).join(', ')})`;
    if (composite.check === STATE_IN_CHECK) return `stateIn(${stateValueText(composite.stateValue)})`;
    // Function names differ between Node and a minified build: inline guards stay anonymous.
    return 'inline guard';
  }
  if (guard && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return 'guard';
}

/** A state value on one line: 'signedIn.recording.pending', '{code: {boxes: entering, resend: counting}}'. */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [key, child] = entries[0]!;
      return `${key}.${stateValueText(child)}`;
    }
    return `{${entries.map(([key, child]) => `${key}: ${stateValueText(child)}`).join(', ')}}`;
  }
  return String(value);
}

function delayText(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${delay}ms`;
  const named = (machine.implementations.delays as Record<string, unknown>)[String(delay)];
  if (typeof named === 'number') return `after ${String(delay)} (${named}ms)`;
  return `after ${String(delay)} (computed)`;
}

function describeTrigger(machine: AnyStateMachine, definition: AnyTransitionDefinition): { trigger: string; kind: ChartTransitionKind } {
  const type = definition.eventType;
  const delay = (definition as { delay?: unknown }).delay;
  if (delay !== undefined) return { trigger: delayText(machine, delay), kind: 'after' };
  if (type === '') return { trigger: 'always', kind: 'always' };
  if (type.startsWith('xstate.done.actor.')) return { trigger: `done.actor.${type.slice('xstate.done.actor.'.length)}`, kind: 'done' };
  if (type.startsWith('xstate.error.actor.')) return { trigger: `error.actor.${type.slice('xstate.error.actor.'.length)}`, kind: 'error' };
  if (type.startsWith('xstate.done.state.')) return { trigger: 'done (all regions final)', kind: 'stateDone' };
  if (type.startsWith('xstate.snapshot.')) return { trigger: `snapshot.${type.slice('xstate.snapshot.'.length)}`, kind: 'snapshot' };
  return { trigger: type, kind: 'event' };
}

function toTransition(machine: AnyStateMachine, definition: AnyTransitionDefinition): ChartTransition {
  const { trigger, kind } = describeTrigger(machine, definition);
  return {
    trigger,
    eventType: definition.eventType,
    kind,
    guard: definition.guard === undefined ? null : guardName(definition.guard),
    targets: (definition.target ?? []).map((target: AnyStateNode) => target.id),
    reenter: Boolean(definition.reenter),
  };
}

function readState(machine: AnyStateMachine, node: AnyStateNode, states: Map<string, ChartState>): ChartState {
  const transitions = [...node.transitions.values()].flat().map((definition) => toTransition(machine, definition));
  for (const definition of node.always ?? []) transitions.push(toTransition(machine, definition));
  const children = Object.values(node.states as Record<string, AnyStateNode>).map((child) => readState(machine, child, states));
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  const state: ChartState = {
    id: node.id,
    key: node.key,
    path: [...node.path],
    type: node.type as ChartStateType,
    initial: initialTarget ? (initialTarget as AnyStateNode).id : null,
    children,
    transitions,
    description: node.description ?? null,
    tags: [...node.tags],
    invokes: node.invoke.map((invoke: { id: string }) => invoke.id),
  };
  states.set(state.id, state);
  return state;
}

export function readChart(machine: AnyStateMachine): Chart {
  const states = new Map<string, ChartState>();
  const root = readState(machine, machine.root, states);
  return { machineId: machine.id, root, states };
}

/** Every state under `state`, depth first, in definition order. */
export function descendantsOf(state: ChartState): ChartState[] {
  return state.children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** A transition's label: trigger and guard. */
export function transitionLabel(transition: ChartTransition): string {
  return transition.guard ? `${transition.trigger} [${transition.guard}]` : transition.trigger;
}
