import { createHash } from 'node:crypto';
import { mulberry32 } from './prng.ts';
import type { Emblem } from './vocabulary.ts';

/**
 * Artwork the server draws itself (nothing is fetched from outside): deterministic SVGs for game
 * icons (1:1, 256), banners (16:9, 750×422) and screenshots (9:16, 360×640). A subject key
 * names what is drawn ('g12' game 12, 't3' topic 3, 'c5' card 5, 'a2' promotion 2, 'h7' help article 7, 'nhotbt' a
 * navigation entry); URLs add ART_VERSION ('/art/icon/g12v1.svg'), so a new renderer gets new
 * URLs and answers can be cached as immutable.
 */
export const ART_VERSION = 1;

export type ArtKind = 'icon' | 'banner' | 'shot';

export const ART_SIZE: Record<ArtKind, { width: number; height: number }> = {
  icon: { width: 256, height: 256 },
  banner: { width: 750, height: 422 },
  shot: { width: 360, height: 640 },
};

const SUBJECT_PATTERN = /^(?:[gtcah]\d{1,9}|n[a-z][a-z0-9]{0,19})$/;

export function isArtSubject(subject: string): boolean {
  return SUBJECT_PATTERN.test(subject);
}

export function artUrl(kind: 'icon' | 'banner', subject: string): string {
  return `/art/${kind}/${subject}v${ART_VERSION}.svg`;
}

export function shotUrl(subject: string, n: number): string {
  return `/art/shot/${subject}v${ART_VERSION}-${n}.svg`;
}

export interface ParsedArtFile {
  subject: string;
  version: number;
  n: number | null;
}

/** 'g12v1.svg' → {g12, 1}; 'g12v1-3.svg' (screenshots) → {g12, 1, 3}. */
export function parseArtFile(kind: ArtKind, file: string): ParsedArtFile | null {
  const m = kind === 'shot' ? /^([a-z][a-z0-9]*?)v(\d{1,4})-(\d{1,2})\.svg$/.exec(file) : /^([a-z][a-z0-9]*?)v(\d{1,4})\.svg$/.exec(file);
  if (!m || !isArtSubject(m[1]!)) return null;
  const n = kind === 'shot' ? Number(m[3]) : null;
  if (n !== null && (n < 1 || n > 9)) return null;
  return { subject: m[1]!, version: Number(m[2]), n };
}

export interface ArtSubject {
  /** Stable seed for colours and shapes (the subject key). */
  seed: string;
  title: string;
  subtitle: string;
  /** Big character(s) on the icon. */
  glyph: string;
  emblem: Emblem;
  /** Small corner badge: 'BT', '0.1折' … */
  badge: string | null;
  /** Screenshot captions, one per screenshot (cycled). */
  captions: string[];
  /** Icons of navigation entries have no name ribbon. */
  ribbon: boolean;
}

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#ff7a45', '#ad2102', '#ffd666'],
  ['#36cfc9', '#00474f', '#fffb8f'],
  ['#597ef7', '#10239e', '#ffd6e7'],
  ['#9254de', '#391085', '#ffe58f'],
  ['#f759ab', '#9e1068', '#fff1b8'],
  ['#40a9ff', '#003a8c', '#ffffff'],
  ['#73d13d', '#135200', '#fffbe6'],
  ['#ffa940', '#873800', '#fff7e6'],
  ['#ff4d4f', '#820014', '#ffe58f'],
  ['#13c2c2', '#002329', '#e6fffb'],
  ['#2f54eb', '#061178', '#adc6ff'],
  ['#eb2f96', '#520339', '#ffd6e7'],
  ['#faad14', '#613400', '#fffbe6'],
  ['#52c41a', '#092b00', '#f6ffed'],
  ['#722ed1', '#120338', '#d3adf7'],
  ['#434343', '#141414', '#ffd666'],
];

/** Emblems drawn in a 100×100 box. */
const EMBLEMS: Record<Emblem, string> = {
  sword: 'M50 4L58 60L50 70L42 60ZM28 62H72V70H28ZM46 70H54V94H46Z',
  flame: 'M50 4C70 30 82 46 76 66C72 86 58 96 50 96C42 96 28 86 24 66C21 48 38 40 42 24C48 38 54 40 50 4Z',
  shield: 'M50 4L90 20V50C90 75 70 90 50 97C30 90 10 75 10 50V20Z',
  star: 'M50 4L61 38H96L67 58L78 93L50 71L22 93L33 58L4 38H39Z',
  mountain: 'M0 92L34 34L50 56L66 22L100 92Z',
  target: 'M50 4A46 46 0 1 0 50.1 4ZM50 22A28 28 0 1 1 49.9 22ZM46 0H54V100H46ZM0 46H100V54H0Z',
  heart: 'M50 88C20 66 4 46 14 25C24 8 45 11 50 28C55 11 76 8 86 25C96 46 80 66 50 88Z',
  moon: 'M60 6A44 44 0 1 0 94 62A35 35 0 1 1 60 6Z',
  cloud: 'M24 76A18 18 0 0 1 24 40A26 26 0 0 1 70 30A22 22 0 0 1 80 76Z',
  crown: 'M8 82L14 28L34 54L50 18L66 54L86 28L92 82Z',
  fan: 'M50 94L4 42A62 62 0 0 1 96 42Z',
  gem: 'M30 8H70L96 40L50 96L4 40Z',
};

const FONT = "font-family='PingFang SC,Hiragino Sans GB,Microsoft YaHei,Noto Sans CJK SC,sans-serif'";

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function seedNumber(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0);
}

function paletteOf(seed: string) {
  return PALETTES[seedNumber(`palette:${seed}`) % PALETTES.length]!;
}

/** Visual width in 'em' (CJK 1, Latin and digits about 0.6). */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.6;
  return w;
}

function fitFont(text: string, maxWidth: number, maxSize: number): number {
  return Math.max(10, Math.min(maxSize, Math.floor(maxWidth / Math.max(1, textWidth(text)))));
}

function svgOpen(kind: ArtKind, defs: string): string {
  const { width, height } = ART_SIZE[kind];
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'><defs>${defs}</defs>`;
}

/** Ids unique per drawing, so several SVGs inlined in one page never share a gradient. */
function idSuffix(seed: string): string {
  return seedNumber(`id:${seed}`).toString(36).slice(0, 5);
}

function gradient(id: string, from: string, to: string, vertical = false): string {
  return `<linearGradient id='${id}' x1='0' y1='0' x2='${vertical ? 0 : 1}' y2='1'><stop offset='0' stop-color='${from}'/><stop offset='1' stop-color='${to}'/></linearGradient>`;
}

function emblem(kind: Emblem, x: number, y: number, scale: number, fill: string, opacity: number): string {
  return `<path d='${EMBLEMS[kind]}' transform='translate(${x} ${y}) scale(${scale})' fill='${fill}' opacity='${opacity}' fill-rule='evenodd'/>`;
}

/** A jagged ridge across the width, closed at the bottom. */
function ridge(random: () => number, width: number, height: number, baseY: number, amplitude: number, steps: number): string {
  const points: string[] = [`0,${height}`];
  for (let i = 0; i <= steps; i++) {
    const x = Math.round((width * i) / steps);
    const y = Math.round(baseY - random() * amplitude);
    points.push(`${x},${y}`);
  }
  points.push(`${width},${height}`);
  return points.join(' ');
}

function badge(text: string | null, x: number, y: number, size: number, accent: string): string {
  if (!text) return '';
  const w = Math.round(textWidth(text) * size + size * 0.9);
  return `<rect x='${x - w}' y='${y}' width='${w}' height='${Math.round(size * 1.5)}' rx='${Math.round(size * 0.4)}' fill='${accent}'/><text x='${x - w / 2}' y='${y + Math.round(size * 1.1)}' text-anchor='middle' font-size='${size}' font-weight='700' ${FONT} fill='#5c0011'>${escapeXml(text)}</text>`;
}

export function renderIcon(subject: ArtSubject): string {
  const [from, to, accent] = paletteOf(subject.seed);
  const u = idSuffix(`icon:${subject.seed}`);
  const glyph = escapeXml(subject.glyph);
  const glyphSize = fitFont(subject.glyph, 180, subject.ribbon ? 112 : 128);
  const glyphY = subject.ribbon ? 150 : 128 + Math.round(glyphSize * 0.36);
  const ribbon = subject.ribbon
    ? `<rect y='194' width='256' height='62' fill='#000' opacity='.28'/><text x='128' y='${236 - Math.round((36 - fitFont(subject.title, 224, 36)) / 2)}' text-anchor='middle' font-size='${fitFont(subject.title, 224, 36)}' ${FONT} fill='#fff'>${escapeXml(subject.title)}</text>`
    : '';
  return (
    svgOpen('icon', gradient(`b${u}`, from, to) + `<clipPath id='r${u}'><rect width='256' height='256' rx='56'/></clipPath>`) +
    `<g clip-path='url(#r${u})'>` +
    `<rect width='256' height='256' fill='url(#b${u})'/><circle cx='214' cy='40' r='86' fill='#fff' opacity='.14'/>` +
    emblem(subject.emblem, 38, 20, 1.8, accent, 0.28) +
    `<text x='128' y='${glyphY}' text-anchor='middle' font-size='${glyphSize}' font-weight='700' ${FONT} fill='#fff' stroke='#000' stroke-opacity='.25' stroke-width='5' paint-order='stroke'>${glyph}</text>` +
    ribbon +
    `</g></svg>`
  );
}

export function renderBanner(subject: ArtSubject): string {
  const [from, to, accent] = paletteOf(subject.seed);
  const random = mulberry32(seedNumber(`banner:${subject.seed}`));
  const sunX = 120 + Math.round(random() * 500);
  const titleSize = fitFont(subject.title, 620, 76);
  const u = idSuffix(`banner:${subject.seed}`);
  return (
    svgOpen('banner', gradient(`s${u}`, from, to, true) + gradient(`h${u}`, to, '#000')) +
    `<rect width='750' height='422' fill='url(#s${u})'/>` +
    `<circle cx='${sunX}' cy='110' r='64' fill='${accent}' opacity='.55'/>` +
    `<polygon points='${ridge(random, 750, 422, 250, 110, 7)}' fill='#fff' opacity='.16'/>` +
    `<polygon points='${ridge(random, 750, 422, 320, 80, 9)}' fill='url(#h${u})' opacity='.55'/>` +
    emblem(subject.emblem, 560, 200, 1.6, accent, 0.3) +
    `<text x='48' y='${236 + Math.round(titleSize * 0.2)}' font-size='${titleSize}' font-weight='700' ${FONT} fill='#fff' stroke='#000' stroke-opacity='.35' stroke-width='6' paint-order='stroke'>${escapeXml(subject.title)}</text>` +
    (subject.subtitle ? `<text x='52' y='312' font-size='${fitFont(subject.subtitle, 640, 30)}' ${FONT} fill='${accent}'>${escapeXml(subject.subtitle)}</text>` : '') +
    badge(subject.badge, 718, 28, 28, accent) +
    `</svg>`
  );
}

export function renderShot(subject: ArtSubject, n: number): string {
  const [from, to, accent] = paletteOf(`${subject.seed}:${n % 3}`);
  const random = mulberry32(seedNumber(`shot:${subject.seed}:${n}`));
  const caption = subject.captions.length > 0 ? subject.captions[(n - 1) % subject.captions.length]! : subject.subtitle;
  const heroX = 110 + Math.round(random() * 140);
  const u = idSuffix(`shot:${subject.seed}:${n}`);
  return (
    svgOpen('shot', gradient(`s${u}`, from, to, true)) +
    `<rect width='360' height='640' fill='url(#s${u})'/>` +
    `<circle cx='${40 + Math.round(random() * 280)}' cy='${120 + Math.round(random() * 80)}' r='44' fill='${accent}' opacity='.5'/>` +
    `<polygon points='${ridge(random, 360, 640, 330, 90, 6)}' fill='#fff' opacity='.15'/>` +
    `<polygon points='${ridge(random, 360, 640, 430, 70, 8)}' fill='#000' opacity='.3'/>` +
    // A hero silhouette: head, cloak, weapon.
    `<g fill='#000' opacity='.65'><circle cx='${heroX}' cy='372' r='18'/><path d='M${heroX - 26} 470L${heroX - 14} 394H${heroX + 14}L${heroX + 26} 470Z'/><path d='M${heroX + 22} 330L${heroX + 30} 330L${heroX + 28} 440L${heroX + 24} 440Z'/></g>` +
    emblem(subject.emblem, 230, 380, 1.1, accent, 0.35) +
    `<rect width='360' height='44' fill='#000' opacity='.35'/>` +
    `<text x='14' y='29' font-size='18' ${FONT} fill='#fff'>${escapeXml(subject.title)}</text>` +
    `<rect x='0' y='500' width='360' height='64' fill='#000' opacity='.4'/>` +
    `<text x='180' y='542' text-anchor='middle' font-size='${fitFont(caption, 320, 26)}' font-weight='700' ${FONT} fill='${accent}'>${escapeXml(caption)}</text>` +
    `<g fill='#fff' opacity='.7'><circle cx='300' cy='600' r='22'/><circle cx='246' cy='612' r='14'/><circle cx='60' cy='600' r='26' fill-opacity='.4'/></g>` +
    `</svg>`
  );
}

export function renderArt(kind: ArtKind, subject: ArtSubject, n: number | null): string {
  if (kind === 'icon') return renderIcon(subject);
  if (kind === 'banner') return renderBanner(subject);
  return renderShot(subject, n ?? 1);
}
