import { descendantsOf, transitionLabel, type Chart, type ChartState, type ChartTransitionKind } from './chart.ts';

/**
 * A small layout for statecharts that stays readable on paper and on a 375 px phone:
 * - every state is a box; compound states contain their children, stacked in one column in
 *   flow order (DFS from the initial child breaks cycles, longest path gives the order);
 *   parallel regions are stacked too, dashed; the machine is the outermost box;
 * - a box lists what it does, one row per transition in priority order —
 *   `event [guard] → target` — so the diagram reads even without following an arrow;
 * - an arrow leaves its box at its row, runs right to its own lane in the gutter of the
 *   smallest box holding both ends, along the lane, and enters the target box from the right.
 *   Lanes never share a vertical stretch, and since boxes are stacked, arrows do not cross boxes;
 * - rows and arrows share a colour per kind (event, done, error, after, always).
 * Text is measured as monospace (0.6 em, CJK 1 em), so the output is the same in Node and in
 * the browser, byte for byte.
 */

export type DiagramBoxKind = 'machine' | 'compound' | 'parallel' | 'region' | 'atomic' | 'final';
export type DiagramLineKind = ChartTransitionKind | 'invoke' | 'description';

export interface DiagramLine {
  text: string;
  /** Start of the text (left) and its baseline. */
  x: number;
  y: number;
  width: number;
  kind: DiagramLineKind;
}

export interface DiagramBox {
  id: string;
  kind: DiagramBoxKind;
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  titleY: number;
  tags: string[];
  lines: DiagramLine[];
  description: string | null;
  depth: number;
}

export interface DiagramEdge {
  from: string;
  to: string;
  kind: ChartTransitionKind;
  label: string;
  /** SVG path data (orthogonal, rounded corners), arrow head at its end. */
  path: string;
}

export interface DiagramMarker {
  /** The ●→ of an initial state: dot centre and arrow end. */
  cx: number;
  cy: number;
  x2: number;
  target: string;
}

export interface DiagramLayout {
  machineId: string;
  width: number;
  height: number;
  boxes: DiagramBox[];
  edges: DiagramEdge[];
  initials: DiagramMarker[];
}

export const FONT_SIZE = 12;
export const TITLE_SIZE = 13;
const LINE_H = 16;
const TITLE_H = 18;
const PAD_X = 10;
const PAD_TOP = 6;
const PAD_BOTTOM = 8;
const INNER = { left: 24, right: 12, top: 14, bottom: 14 };
const V_GAP = 22;
const LANE_START = 14;
const LANE_GAP = 9;
const SLOT_GAP = 8;
const CORNER = 4;
const MIN_WIDTH = 88;
const MARGIN = 16;
const TAG_GAP = 8;

const round = (value: number) => Math.round(value * 10) / 10;

/** Width of text in the diagram's monospace font: East Asian wide characters take 1 em. */
export function textWidth(text: string, size: number = FONT_SIZE): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      code >= 0x1f300;
    width += wide ? size : size * 0.6;
  }
  return width;
}

export const tagWidth = (tag: string) => textWidth(tag, FONT_SIZE - 2) + 10;

const isWithin = (inner: ChartState, outer: ChartState) =>
  inner.path.length > outer.path.length && outer.path.every((key, index) => inner.path[index] === key);

/** Where a target sits, named from the nearest common ancestor so siblings read as one word. */
function targetName(chart: Chart, source: ChartState, targetId: string): string {
  const target = chart.states.get(targetId);
  if (!target) return targetId;
  const base = source.path.slice(0, Math.max(0, source.path.length - 1));
  let common = 0;
  while (common < base.length && base[common] === target.path[common]) common++;
  const rest = target.path.slice(common);
  return rest.length > 0 ? rest.join('.') : target.key || chart.machineId;
}

function boxKind(state: ChartState, parent: ChartState | null): DiagramBoxKind {
  if (!parent) return 'machine';
  if (parent.type === 'parallel') return 'region';
  if (state.type === 'final') return 'final';
  if (state.type === 'parallel') return 'parallel';
  if (state.children.length > 0) return 'compound';
  return 'atomic';
}

const titleOf = (state: ChartState, kind: DiagramBoxKind) => {
  const name = kind === 'machine' ? state.id : state.key;
  return state.type === 'parallel' ? `${name} (parallel)` : name;
};

interface RowSpec {
  text: string;
  kind: DiagramLineKind;
  /** Index into state.transitions, for rows that draw arrows. */
  transition?: number;
}

function rowsOf(chart: Chart, state: ChartState): RowSpec[] {
  const rows: RowSpec[] = [];
  if (state.description) rows.push({ text: state.description, kind: 'description' });
  for (const invoke of state.invokes) rows.push({ text: `invoke ${invoke}`, kind: 'invoke' });
  state.transitions.forEach((transition, index) => {
    const label = transitionLabel(transition);
    let text: string;
    if (transition.targets.length === 0) text = `${label} (stays)`;
    else {
      const names = transition.targets.map((target) =>
        target === state.id ? `${state.key}${transition.reenter ? ' (re-enter)' : ''}` : targetName(chart, state, target),
      );
      text = `${label} → ${names.join(', ')}`;
    }
    rows.push({ text, kind: transition.kind, transition: index });
  });
  return rows;
}

/** One arrow of the chart: a transition's row to one of its targets. */
interface Arrow {
  source: ChartState;
  row: number;
  target: ChartState;
  kind: ChartTransitionKind;
  label: string;
  /** The state whose gutter holds the arrow's lane. */
  router: ChartState;
  /** Position among the arrows entering the same target (spread along its right side). */
  slot: number;
  slots: number;
}

function parentOf(chart: Chart, state: ChartState): ChartState | null {
  if (state.path.length === 0) return null;
  for (const candidate of chart.states.values()) {
    if (candidate.path.length === state.path.length - 1 && candidate.children.includes(state)) return candidate;
  }
  return null;
}

function commonAncestor(chart: Chart, a: ChartState, b: ChartState): ChartState {
  let depth = 0;
  while (depth < a.path.length && depth < b.path.length && a.path[depth] === b.path[depth]) depth++;
  let state = chart.root;
  for (const key of a.path.slice(0, depth)) state = state.children.find((child) => child.key === key)!;
  return state;
}

function arrowsOf(chart: Chart): Arrow[] {
  const arrows: Arrow[] = [];
  for (const source of [chart.root, ...descendantsOf(chart.root)]) {
    const rows = rowsOf(chart, source);
    source.transitions.forEach((transition, index) => {
      const row = rows.findIndex((candidate) => candidate.transition === index);
      for (const targetId of transition.targets) {
        const target = chart.states.get(targetId);
        if (!target || target === source) continue; // the row says it: the state re-enters itself
        let router: ChartState;
        if (isWithin(target, source)) router = source;
        else if (isWithin(source, target)) router = parentOf(chart, target) ?? chart.root;
        else router = commonAncestor(chart, source, target);
        arrows.push({ source, row, target, kind: transition.kind, label: `${transitionLabel(transition)} → ${target.id}`, router, slot: 0, slots: 0 });
      }
    });
  }
  const byTarget = new Map<string, Arrow[]>();
  for (const arrow of arrows) byTarget.set(arrow.target.id, [...(byTarget.get(arrow.target.id) ?? []), arrow]);
  for (const group of byTarget.values()) {
    group.forEach((arrow, slot) => {
      arrow.slot = slot;
      arrow.slots = group.length;
    });
  }
  return arrows;
}

/** Children in flow order: DFS from the initial child (back edges ignored), longest path layers. */
function orderChildren(chart: Chart, parent: ChartState): ChartState[] {
  const children = parent.children;
  if (parent.type === 'parallel' || children.length < 2) return children;
  const index = new Map(children.map((child, position) => [child.id, position]));
  const holder = (id: string): ChartState | null => {
    const state = chart.states.get(id);
    if (!state || !isWithin(state, parent)) return null;
    return children.find((child) => child.key === state.path[parent.path.length]) ?? null;
  };
  const out = new Map<string, string[]>(children.map((child) => [child.id, []]));
  for (const source of descendantsOf(parent)) {
    for (const transition of source.transitions) {
      for (const target of transition.targets) {
        const from = holder(source.id);
        const to = holder(target);
        if (!from || !to || from === to) continue;
        const list = out.get(from.id)!;
        if (!list.includes(to.id)) list.push(to.id);
      }
    }
  }
  const initial = parent.initial ?? children[0]!.id;
  const roots = [...children].sort((a, b) => (a.id === initial ? -1 : b.id === initial ? 1 : index.get(a.id)! - index.get(b.id)!));
  const status = new Map<string, 'open' | 'done'>();
  const finished: string[] = [];
  const forward = new Map<string, string[]>(children.map((child) => [child.id, []]));
  const visit = (id: string) => {
    status.set(id, 'open');
    for (const next of out.get(id)!) {
      if (next === initial || status.get(next) === 'open') continue; // back edge: drawn, not ordered
      forward.get(id)!.push(next);
      if (!status.has(next)) visit(next);
    }
    status.set(id, 'done');
    finished.push(id);
  };
  for (const child of roots) if (!status.has(child.id)) visit(child.id);
  const layer = new Map<string, number>(children.map((child) => [child.id, 0]));
  for (const id of [...finished].reverse()) {
    for (const next of forward.get(id)!) layer.set(next, Math.max(layer.get(next)!, layer.get(id)! + 1));
  }
  // Within a layer the author's order wins: the initial child first, then definition order.
  return [...children].sort((a, b) => layer.get(a.id)! - layer.get(b.id)! || (a.id === initial ? -1 : b.id === initial ? 1 : index.get(a.id)! - index.get(b.id)!));
}

interface Sized {
  state: ChartState;
  kind: DiagramBoxKind;
  width: number;
  height: number;
  headerHeight: number;
  rows: RowSpec[];
  /** Children in drawing order, with their top-left relative to this box. */
  children: Array<{ sized: Sized; x: number; y: number }>;
  /** Lanes of the arrows routed in this box's gutter, x relative to this box. */
  lanes: Map<Arrow, number>;
}

/** Top-left of a descendant relative to `sized`, with its sizing. */
function locate(sized: Sized, id: string): { x: number; y: number; sized: Sized } | null {
  if (sized.state.id === id) return { x: 0, y: 0, sized };
  for (const child of sized.children) {
    const found = locate(child.sized, id);
    if (found) return { x: found.x + child.x, y: found.y + child.y, sized: found.sized };
  }
  return null;
}

const rowCentre = (row: number) => PAD_TOP + TITLE_H + row * LINE_H + 8;

/** Where an arrow enters its target: on the right side, spread over the title and header rows. */
function entryY(target: Sized, slot: number, slots: number): number {
  const top = 9;
  const bottom = Math.max(top, (target.children.length > 0 ? target.headerHeight : target.height) - 5);
  if (slots === 1) return top;
  if (top + (slots - 1) * SLOT_GAP <= bottom) return top + slot * SLOT_GAP;
  return top + ((bottom - top) * slot) / (slots - 1);
}

interface ArrowEnds {
  start: { x: number; y: number };
  end: { x: number; y: number };
}

/** Both ends of an arrow relative to the router box. */
function arrowEnds(router: Sized, arrow: Arrow): ArrowEnds {
  const source = locate(router, arrow.source.id)!;
  const target = locate(router, arrow.target.id)!;
  const rowY = source.y + rowCentre(arrow.row);
  const startX = arrow.source === arrow.router ? source.x + PAD_X + textWidth(source.sized.rows[arrow.row]!.text) + 6 : source.x + source.sized.width;
  return {
    start: { x: startX, y: rowY },
    end: { x: target.x + target.sized.width, y: target.y + entryY(target.sized, arrow.slot, arrow.slots) },
  };
}

function size(chart: Chart, state: ChartState, parent: ChartState | null, arrows: Arrow[]): Sized {
  const kind = boxKind(state, parent);
  const rows = rowsOf(chart, state);
  const titleWidth = textWidth(titleOf(state, kind), TITLE_SIZE) + state.tags.reduce((sum, tag) => sum + TAG_GAP + tagWidth(tag), 0);
  const contentWidth = Math.max(titleWidth, ...rows.map((row) => textWidth(row.text)));
  const headerHeight = PAD_TOP + TITLE_H + rows.length * LINE_H + (state.children.length > 0 ? 0 : PAD_BOTTOM);
  const ownWidth = Math.max(MIN_WIDTH, contentWidth + 2 * PAD_X);
  const sized: Sized = { state, kind, width: round(ownWidth), height: round(headerHeight), headerHeight, rows, children: [], lanes: new Map() };
  if (state.children.length === 0) return sized;

  let y = headerHeight + INNER.top;
  let innerRight = 0;
  for (const child of orderChildren(chart, state)) {
    const childSized = size(chart, child, state, arrows);
    sized.children.push({ sized: childSized, x: INNER.left, y: round(y) });
    y += childSized.height + V_GAP;
    innerRight = Math.max(innerRight, INNER.left + childSized.width);
  }
  sized.height = round(y - V_GAP + INNER.bottom);

  // Lanes: shortest arrows nearest the boxes; an arrow takes the first lane free over its span.
  const routed = arrows
    .filter((arrow) => arrow.router === state)
    .map((arrow, order) => ({ arrow, order, ...arrowEnds(sized, arrow) }));
  const laneBase = Math.max(innerRight, ...routed.map((entry) => entry.start.x)) + LANE_START;
  const occupied: Array<Array<[number, number]>> = [];
  const span = (entry: (typeof routed)[number]) => [Math.min(entry.start.y, entry.end.y) - 3, Math.max(entry.start.y, entry.end.y) + 3] as const;
  const bySpan = [...routed].sort((a, b) => {
    const [a0, a1] = span(a);
    const [b0, b1] = span(b);
    return a1 - a0 - (b1 - b0) || a.order - b.order;
  });
  for (const entry of bySpan) {
    const [from, to] = span(entry);
    let lane = 0;
    while ((occupied[lane] ?? []).some(([start, end]) => from < end && start < to)) lane++;
    (occupied[lane] ??= []).push([from, to]);
    sized.lanes.set(entry.arrow, round(laneBase + lane * LANE_GAP));
  }
  const gutter = occupied.length > 0 ? laneBase + (occupied.length - 1) * LANE_GAP + INNER.right : innerRight + INNER.right;
  sized.width = round(Math.max(ownWidth, gutter));
  return sized;
}

function place(sized: Sized, x: number, y: number, depth: number, boxes: DiagramBox[], origins: Map<string, { x: number; y: number; sized: Sized }>): void {
  origins.set(sized.state.id, { x, y, sized });
  boxes.push({
    id: sized.state.id,
    kind: sized.kind,
    x: round(x),
    y: round(y),
    width: sized.width,
    height: sized.height,
    title: titleOf(sized.state, sized.kind),
    titleY: round(y + PAD_TOP + 13),
    tags: sized.state.tags,
    lines: sized.rows.map((row, index) => ({
      text: row.text,
      x: round(x + PAD_X),
      y: round(y + rowCentre(index) + 4),
      width: round(textWidth(row.text)),
      kind: row.kind,
    })),
    description: sized.state.description,
    depth,
  });
  for (const child of sized.children) place(child.sized, x + child.x, y + child.y, depth + 1, boxes, origins);
}

/** Right from the row, along the lane, left into the target; corners rounded. */
function lanePath(start: { x: number; y: number }, laneX: number, end: { x: number; y: number }): string {
  const dy = end.y - start.y;
  if (Math.abs(dy) < 2 * CORNER) return `M${round(start.x)},${round(start.y)} H${round(laneX)} V${round(end.y)} H${round(end.x)}`;
  const down = dy > 0 ? 1 : -1;
  return [
    `M${round(start.x)},${round(start.y)}`,
    `H${round(laneX - CORNER)}`,
    `Q${round(laneX)},${round(start.y)} ${round(laneX)},${round(start.y + down * CORNER)}`,
    `V${round(end.y - down * CORNER)}`,
    `Q${round(laneX)},${round(end.y)} ${round(laneX - CORNER)},${round(end.y)}`,
    `H${round(end.x)}`,
  ].join(' ');
}

/** Boxes, rows, arrows and initial markers of a chart, in absolute coordinates. */
export function layoutChart(chart: Chart): DiagramLayout {
  const arrows = arrowsOf(chart);
  const sized = size(chart, chart.root, null, arrows);
  const boxes: DiagramBox[] = [];
  const origins = new Map<string, { x: number; y: number; sized: Sized }>();
  place(sized, MARGIN, MARGIN, 0, boxes, origins);

  const edges: DiagramEdge[] = arrows.map((arrow) => {
    const router = origins.get(arrow.router.id)!;
    const { start, end } = arrowEnds(router.sized, arrow);
    const laneX = router.sized.lanes.get(arrow)!;
    const path = lanePath({ x: router.x + start.x, y: router.y + start.y }, router.x + laneX, { x: router.x + end.x, y: router.y + end.y });
    return { from: arrow.source.id, to: arrow.target.id, kind: arrow.kind, label: arrow.label, path };
  });

  const initials: DiagramMarker[] = [];
  for (const state of [chart.root, ...descendantsOf(chart.root)]) {
    if (!state.initial || state.type === 'parallel') continue;
    const origin = origins.get(state.initial)!;
    initials.push({ cx: round(origin.x - 14), cy: round(origin.y + PAD_TOP + 8), x2: round(origin.x), target: state.initial });
  }
  return { machineId: chart.machineId, width: round(sized.width + 2 * MARGIN), height: round(sized.height + 2 * MARGIN), boxes, edges, initials };
}
