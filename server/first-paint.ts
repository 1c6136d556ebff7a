import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CODE } from '../api/protocol/codes.ts';
import type { Fields, WireResponse } from '../api/protocol/wire.ts';
import type { CallDefinition } from './calls.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { KvStore } from './kv-store.ts';
import { arr, isLocalPath, obj, str } from './answer-fields.ts';
import { escapeXml } from './catalog/art.ts';
import { gameFirstScreenHtml, type GameFirstScreenVariant } from './first-paint-game.ts';
import type { PageExtras } from './static-files.ts';

/**
 * What index.html carries for the pages players land on from outside: the home page and the game
 * pages that links are shared to (docs/decisions.md "First paint"). On a cold start a page's data
 * call can only leave once the entry chunk has run, and the images that data names are requested
 * only once it has arrived and rendered: two round trips after the scripts on a slow network. For
 * these pages the server puts into index.html:
 *  - the answer of the page's first call, as plain JSON in a non-executed <script>; the client
 *    decodes and classifies it like any answer (src/app/route-prefetch.ts). Only public data: a
 *    call that needs no login is the same for everyone; a call whose answer depends on the player
 *    (login optional) is embedded as a signed-out player gets it, and used only by one;
 *  - the images the page paints first, at high priority and ahead of the scripts, so they download
 *    with them;
 *  - in the boot skeleton, where the page will put it: for the home page its first banner, for a
 *    game page its first screen (first-paint-game.ts, with the page's stylesheets inline). The
 *    player sees it as soon as the HTML and the images arrive instead of after the scripts have run.
 * The wire encryption protects what a player sends and gets, not the public catalogue.
 */

type RouteData = Record<string, unknown>;

interface LandingPage {
  /** The call the page makes first. */
  call: string;
  /**
   * Its payload from the page's route data, exactly as the client builds it (the client compares
   * them and ignores an answer for another payload); null when the page makes no call.
   */
  payload(data: RouteData | null): Fields | null;
  /** The images the page paints first (its LCP element among them), from the answer's data. */
  firstImages(data: unknown): string[];
  /** Markup in place of the boot skeleton until the app renders. */
  boot?(data: unknown): string | null;
  /**
   * The page's module (a key of Vite's build manifest) whose stylesheets the boot markup needs:
   * they go inline into the head, since the page's own chunk arrives only after the scripts.
   */
  styles?: string;
}

/** A positive id as src/components/game/game-ids.ts reads it (a number or a string of digits). */
const id = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** gameIdsOf of src/components/game/game-ids.ts: the same fields in the same order. */
function gameIds(data: RouteData | null): Fields | null {
  const gameId = id(data?.game_id);
  const platformGameId = id(data?.platform_game_id);
  if (!gameId && !platformGameId) return null;
  return { ...(gameId ? { game_id: gameId } : {}), ...(platformGameId ? { platform_game_id: platformGameId } : {}) };
}

/** Above the fold on a phone: the icon and the first screenshots of a game page. */
const GAME_SHOTS_PRELOADED = 3;

const gamePage = (variant: GameFirstScreenVariant, module: string): LandingPage => ({
  call: '/api/game/getGameDetail',
  payload: gameIds,
  firstImages: (data) => [str(obj(data).icon), ...arr(obj(data).screenshots).slice(0, GAME_SHOTS_PRELOADED).map((shot) => str(obj(shot).url))],
  boot: (data) => gameFirstScreenHtml(data, variant),
  styles: module,
});

export const LANDING_PAGES: Record<string, LandingPage> = {
  '/': {
    call: '/api/down/getAppIndexContent',
    payload: () => ({}),
    firstImages: (data) => [str(obj(arr(obj(data).banners)[0]).image)],
    boot(data) {
      const banner = obj(arr(obj(data).banners)[0]);
      const image = str(banner.image);
      if (!isLocalPath(image)) return null;
      // The classes are index.html's: they place the banner where HomePage does (games.css).
      return (
        '<div class="boot-home-header"><div class="boot-home-search"></div></div>' +
        `<div class="boot-banner"><img src="${escapeXml(image)}" alt="${escapeXml(str(banner.title))}" width="750" height="422" fetchpriority="high"></div>` +
        '<div class="boot-block"></div>'
      );
    },
  },
  '/gamedetail': gamePage('default', 'src/pages/game-detail/GameDetailPage.tsx'),
  '/gamedetailfold': gamePage('fold', 'src/pages/game-detail/GameDetailFoldPage.tsx'),
};

/** The element id the client reads the embedded answer from (src/app/route-prefetch.ts). */
export const EMBEDDED_ANSWER_ID = 'first-answer';
/** How long an embedded answer is reused for the same page and payload. */
export const EMBED_CACHE_MS = 5_000;
const EMBED_CACHE_MAX = 256;

/** Text for a <script type="application/json">: nothing in it can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The route data of a query string (`data=<JSON object>`), as src/app/route-data.ts reads it; null otherwise. */
export function routeDataOf(search: string): RouteData | null {
  try {
    const raw = new URLSearchParams(search).get('data');
    const value: unknown = raw ? JSON.parse(raw) : null;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RouteData) : null;
  } catch {
    return null;
  }
}

/** Vite's build manifest: a chunk per module, with its stylesheets and static imports. */
type Manifest = Record<string, { file?: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/**
 * The stylesheets a page module needs once loaded (its own and its static imports', but the
 * entry's), read from the built app (Vite's .vite/manifest.json): one <style>, or null when the
 * build has no such page.
 */
export function pageStylesheet(staticDir: string | null, module: string): string | null {
  if (!staticDir) return null;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
  if (!manifest[module]) return null;
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    // The entry's stylesheet is inline in index.html already (vite.config.ts).
    if (chunk?.isEntry) return;
    for (const css of chunk?.css ?? []) if (!files.includes(css)) files.push(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(module);
  try {
    return files.length === 0 ? null : `<style>${files.map((file) => readFileSync(path.join(staticDir, file), 'utf8').replace(/<\//g, '<\\/')).join('')}</style>`;
  } catch {
    return null;
  }
}

export interface FirstPaintDeps {
  calls: CallDefinition[];
  db: Kysely<Database>;
  kv: KvStore;
  config: ServerConfig;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** The extras of a page request (`pathname`, `search` with its '?'), or null for a page that has none. */
export function createFirstPaint(deps: FirstPaintDeps): (pathname: string, search: string) => Promise<PageExtras | null> {
  const byPath = new Map(deps.calls.map((call) => [call.path, call]));
  const now = deps.now ?? Date.now;
  const answers = new Map<string, { at: number; response: Promise<WireResponse> }>();
  const stylesheets = new Map<string, string | null>();
  const stylesheetOf = (module: string) => {
    if (!stylesheets.has(module)) stylesheets.set(module, pageStylesheet(deps.config.staticDir, module));
    return stylesheets.get(module)!;
  };

  /** The answer a signed-out player gets, shared for a few seconds by every request for it. */
  const answer = (call: CallDefinition, fields: Fields): Promise<WireResponse> => {
    const key = `${call.path} ${JSON.stringify(fields)}`;
    const at = now();
    const cached = answers.get(key);
    if (cached && at - cached.at < EMBED_CACHE_MS) return cached.response;
    if (answers.size >= EMBED_CACHE_MAX) answers.delete(answers.keys().next().value!);
    const response = call.handler({ fields, user: null, token: null, ip: '', now: new Date(at), db: deps.db, kv: deps.kv, config: deps.config, log: deps.log });
    answers.set(key, { at, response });
    response.catch(() => answers.delete(key));
    return response;
  };

  return async (pathname, search) => {
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = LANDING_PAGES[route];
    const call = page ? byPath.get(page.call) : undefined;
    const payload = page?.payload(routeDataOf(search));
    // A call that needs a login has no answer worth embedding.
    if (!page || !call || !payload || call.auth === 'required') return null;
    const response = await answer(call, payload);
    // Only a plain success: a refusal (and its toast) the page meets through its own call.
    if (response.code !== CODE.ok) return null;
    const images = page.firstImages(response.data).filter(isLocalPath);
    // A boot that needs the page's styles is drawn only with them (unstyled, it would jump).
    const stylesheet = page.styles ? stylesheetOf(page.styles) : '';
    const boot = stylesheet === null ? null : (page.boot?.(response.data) ?? null);
    return {
      head: (boot && stylesheet ? stylesheet : '') + images.map((image) => `<link rel="preload" as="image" href="${escapeXml(image)}" fetchpriority="high">`).join(''),
      body:
        `<script type="application/json" id="${EMBEDDED_ANSWER_ID}" data-path="${escapeXml(call.path)}" data-payload="${escapeXml(JSON.stringify(payload))}"` +
        ` data-for="${call.auth === 'none' ? 'anyone' : 'signed-out'}">${scriptSafeJson(response)}</script>`,
      boot,
    };
  };
}
