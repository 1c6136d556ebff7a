import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { StateValueJson } from '../../../api/protocol/event-log.ts';
import { safeHtml } from '../sanitize.ts';
import { activeStateIds, machineLayout } from './diagram.ts';
import { renderDiagramSvg } from './svg.ts';
import './diagram-view.css';

/**
 * One machine's diagram with the states of `state` in orange, scrolled to the deepest of them;
 * 适应宽度 / 原始大小 switch between fitting the width and full size. /testview shows the live
 * actors' and an imported log's; the staff console's feedback module steps through an attached log.
 */

const layouts = new WeakMap<AnyStateMachine, ReturnType<typeof machineLayout>>();
function layoutOf(machine: AnyStateMachine) {
  let layout = layouts.get(machine);
  if (!layout) {
    layout = machineLayout(machine);
    layouts.set(machine, layout);
  }
  return layout;
}

export function DiagramView({ machine, state }: { machine: AnyStateMachine; state: StateValueJson | null }) {
  const [fit, setFit] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const stateKey = JSON.stringify(state);
  // Keyed by the value, not the object: a new object with the same value draws the same picture.
  const svg = useMemo(
    () => safeHtml(renderDiagramSvg(layoutOf(machine), { active: new Set(activeStateIds(machine, JSON.parse(stateKey) as StateValueJson | null)) }), { svg: true }),
    [machine, stateKey],
  );
  useEffect(() => {
    const container = box.current;
    if (!container || fit) return;
    const active = container.querySelectorAll('[data-active="true"]');
    const deepest = active[active.length - 1];
    if (!deepest) return;
    const target = deepest.getBoundingClientRect();
    const frame = container.getBoundingClientRect();
    container.scrollLeft += target.left - frame.left - 16;
    container.scrollTop += target.top - frame.top - 16;
  }, [svg, fit]);
  return (
    <div className="diagram-view-wrap">
      <button type="button" className="diagram-view__toggle" onClick={() => setFit(!fit)}>
        {fit ? '原始大小' : '适应宽度'}
      </button>
      <div ref={box} className={fit ? 'diagram-view diagram-view--fit' : 'diagram-view'} dangerouslySetInnerHTML={{ __html: svg }} />
    </div>
  );
}

