import type { DiagramBox, DiagramLayout, DiagramLineKind } from './layout.ts';
import { FONT_SIZE, TITLE_SIZE, textWidth } from './layout.ts';

/**
 * SVG text of a laid-out chart. No stylesheet (the SVG is inlined in /testview and must not
 * style the page): presentation attributes only. `active` highlights the boxes of the states an
 * actor is in (/testview passes the live snapshot's state nodes).
 */

export interface RenderOptions {
  active?: ReadonlySet<string>;
}

const FONT = "ui-monospace, SFMono-Regular, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, 'Noto Sans Mono CJK SC', monospace";

export const KIND_COLOURS: Record<DiagramLineKind, string> = {
  event: '#0b5cad',
  done: '#1a7f37',
  stateDone: '#1a7f37',
  error: '#c9372c',
  after: '#9a6700',
  always: '#6e7781',
  snapshot: '#6e7781',
  invoke: '#6e7781',
  description: '#57606a',
};

const ARROW_KINDS = ['event', 'done', 'stateDone', 'error', 'after', 'always', 'snapshot'] as const;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const CONTAINER_FILLS = ['#ffffff', '#f4f6f8', '#e9eef3', '#f4f6f8', '#e9eef3'];

function fillOf(box: DiagramBox, active: boolean): string {
  if (active) return box.kind === 'atomic' || box.kind === 'final' ? '#ffe8a3' : '#fff6dc';
  if (box.kind === 'atomic' || box.kind === 'final') return '#ffffff';
  if (box.kind === 'region') return 'none';
  return CONTAINER_FILLS[box.depth % CONTAINER_FILLS.length]!;
}

function rect(box: DiagramBox, active: boolean): string {
  const stroke = active ? '#e8590c' : box.kind === 'machine' ? '#24292f' : box.kind === 'region' ? '#8c959f' : '#57606a';
  const width = active ? (box.kind === 'atomic' || box.kind === 'final' ? 3 : 2) : box.kind === 'machine' ? 1.5 : 1;
  const dash = box.kind === 'region' ? ' stroke-dasharray="6 4"' : '';
  const radius = box.kind === 'region' ? 4 : 8;
  let out = `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="${radius}" fill="${fillOf(box, active)}" stroke="${stroke}" stroke-width="${width}"${dash}/>`;
  if (box.kind === 'final') {
    out += `<rect x="${box.x + 3}" y="${box.y + 3}" width="${box.width - 6}" height="${box.height - 6}" rx="6" fill="none" stroke="${stroke}" stroke-width="1"/>`;
  }
  return out;
}

function texts(box: DiagramBox, active: boolean): string {
  const isLeaf = box.kind === 'atomic' || box.kind === 'final';
  const fill = fillOf(box, active);
  // Arrows pass over containers: their text gets a halo in the box's own colour.
  const halo = isLeaf ? '' : ` stroke="${fill === 'none' ? '#ffffff' : fill}" stroke-width="3" stroke-linejoin="round" paint-order="stroke"`;
  const parts: string[] = [];
  const titleWeight = box.kind === 'machine' || active ? '700' : '600';
  parts.push(`<text x="${box.x + 10}" y="${box.titleY}" font-size="${TITLE_SIZE}" font-weight="${titleWeight}" fill="#24292f"${halo}>${escapeXml(box.title)}</text>`);
  let tagX = box.x + 10 + textWidth(box.title, TITLE_SIZE) + 8;
  for (const tag of box.tags) {
    const width = textWidth(tag, FONT_SIZE - 2) + 10;
    parts.push(
      `<rect x="${Math.round(tagX * 10) / 10}" y="${box.titleY - 11}" width="${Math.round(width * 10) / 10}" height="14" rx="7" fill="#ddf4ff" stroke="#54aeff" stroke-width="0.8"/>`,
      `<text x="${Math.round((tagX + 5) * 10) / 10}" y="${box.titleY - 1}" font-size="${FONT_SIZE - 2}" fill="#0969da">${escapeXml(tag)}</text>`,
    );
    tagX += width + 8;
  }
  for (const line of box.lines) {
    const style = line.kind === 'invoke' || line.kind === 'description' ? ' font-style="italic"' : '';
    parts.push(`<text x="${line.x}" y="${line.y}" font-size="${FONT_SIZE}" fill="${KIND_COLOURS[line.kind]}"${style}${halo}>${escapeXml(line.text)}</text>`);
  }
  return parts.join('');
}

export function renderDiagramSvg(layout: DiagramLayout, options: RenderOptions = {}): string {
  const active = options.active ?? new Set<string>();
  const prefix = `d-${layout.machineId.replace(/[^\w-]/g, '_')}`;
  const isLeaf = (box: DiagramBox) => box.kind === 'atomic' || box.kind === 'final';
  const group = (box: DiagramBox, body: string) =>
    `<g data-state="${escapeXml(box.id)}"${active.has(box.id) ? ' data-active="true"' : ''}><title>${escapeXml(box.description ? `${box.id} — ${box.description}` : box.id)}</title>${body}</g>`;

  const markers = ARROW_KINDS.map(
    (kind) =>
      `<marker id="${prefix}-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${KIND_COLOURS[kind]}"/></marker>`,
  ).join('');
  const containers = layout.boxes
    .filter((box) => !isLeaf(box))
    .sort((a, b) => a.depth - b.depth)
    .map((box) => group(box, rect(box, active.has(box.id))))
    .join('\n');
  const edges = layout.edges
    .map((edge) => {
      const dash = edge.kind === 'always' ? ' stroke-dasharray="4 3"' : '';
      return `<path d="${edge.path}" fill="none" stroke="${KIND_COLOURS[edge.kind]}" stroke-width="1.3" stroke-opacity="0.85"${dash} marker-end="url(#${prefix}-${edge.kind})"><title>${escapeXml(edge.label)}</title></path>`;
    })
    .join('\n');
  const leaves = layout.boxes
    .filter(isLeaf)
    .map((box) => group(box, rect(box, active.has(box.id))))
    .join('\n');
  const initials = layout.initials
    .map((marker) => `<circle cx="${marker.cx}" cy="${marker.cy}" r="4" fill="#24292f"/><path d="M${marker.cx + 4},${marker.cy} L${marker.x2},${marker.cy}" stroke="#24292f" stroke-width="1.3" marker-end="url(#${prefix}-always)"/>`)
    .join('\n');
  const labels = layout.boxes.map((box) => texts(box, active.has(box.id))).join('\n');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" font-family="${escapeXml(FONT)}" role="img" aria-label="${escapeXml(layout.machineId)} statechart">`,
    `<title>${escapeXml(layout.machineId)}</title>`,
    `<defs>${markers}</defs>`,
    `<rect width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
    containers,
    edges,
    leaves,
    initials,
    labels,
    '</svg>',
    '',
  ].join('\n');
}
