import { getStateNodes, type AnyStateMachine, type StateValue } from 'xstate';
import { readChart } from './chart.ts';
import { layoutChart, type DiagramLayout } from './layout.ts';
import { toMermaid } from './mermaid.ts';
import { renderDiagramSvg } from './svg.ts';

/** The two drawings of one machine, as `npm run diagrams` writes them and /testview shows them. */

export function machineLayout(machine: AnyStateMachine): DiagramLayout {
  return layoutChart(readChart(machine));
}

export function machineMermaid(machine: AnyStateMachine, name?: string): string {
  return toMermaid(readChart(machine), name === undefined ? {} : { name });
}

export function machineSvg(machine: AnyStateMachine, active?: ReadonlySet<string>): string {
  return renderDiagramSvg(machineLayout(machine), active ? { active } : {});
}

/** Ids of the state nodes a state value makes active (the machine root excluded); [] if it does not fit. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  try {
    const ids = getStateNodes(machine.root, value)
      .filter((node) => node !== machine.root)
      .map((node) => node.id);
    return [...new Set(ids)];
  } catch {
    return [];
  }
}

