import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { playerPageHeaders, staffPageHeaders } from './security-headers.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map']);

interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
  compressible: boolean;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

/** Build metadata (Vite's .vite/manifest.json) is read by the server, not served. */
const NOT_SERVED_DIRS = new Set(['.vite']);

function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (NOT_SERVED_DIRS.has(name)) continue;
    if (statSync(full).isDirectory()) walk(full, base, out);
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/** Paths the single-page app owns; anything under these prefixes is never index.html. */
const NOT_APP = /^\/(api|down|point|dev|assets|legacy|staff)(\/|$)/;

/** What a page's index.html carries besides the built file (server/first-paint.ts). */
export interface PageExtras {
  /** Markup for <head> (preloads), placed before the app's scripts: see HEAD_EXTRAS_AT. */
  head: string;
  /** Markup for the end of <body> (embedded data). */
  body: string;
  /** Markup in place of the boot skeleton (between index.html's <!--boot--> and <!--/boot-->). */
  boot: string | null;
}

export interface StaticFileOptions {
  /** A client route's extras (`search` with its '?'); null, or a failure (logged), serves the built index.html. */
  pageExtras?: (pathname: string, search: string) => Promise<PageExtras | null>;
  /** MEDIA_BASE_URL: its origin joins the pages' img-src/media-src (server/security-headers.ts). */
  mediaBaseUrl?: string;
}

const BOOT = /<!--boot-->[\s\S]*?<!--\/boot-->/;
/**
 * Where a page's head extras go: before the first script (or the end of <head>). The browser asks
 * for resources in document order, and over HTTP/1.1 it opens 6 connections to an origin: a page's
 * first image preloaded after the entry script and its 5 module preloads waits for one of them to
 * finish, on a slow network the whole download of a script.
 */
const HEAD_EXTRAS_AT = /<script\b|<link rel="modulepreload"|<\/head>/;

/** Rendered pages kept (with their compressed forms): they change only when their data does. */
const RENDERED_PAGES_KEPT = 16;
/** Brotli quality for rendered pages: ~11's size on HTML and JSON at a fraction of its time. */
const RENDERED_BROTLI_QUALITY = 9;

function fileOf(body: Buffer, ext: string, immutable: boolean): StaticFile {
  return {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    immutable,
    compressible: COMPRESSIBLE.has(ext) && body.length > 512,
    encoded: new Map(),
  };
}

function encodedBody(file: StaticFile, encoding: 'br' | 'gzip', brotliQuality = 11): Promise<Buffer> {
  let pending = file.encoded.get(encoding);
  if (!pending) {
    pending =
      encoding === 'br'
        ? brotli(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.body.length } })
        : gzipAsync(file.body, { level: 9 });
    file.encoded.set(encoding, pending);
  }
  return pending;
}

/** Compresses every file once, in the background (zlib runs on the thread pool: the event loop keeps answering). */
function precompress(app: FastifyInstance, files: Iterable<StaticFile>): void {
  for (const file of files) {
    if (!file.compressible) continue;
    for (const encoding of ['br', 'gzip'] as const) encodedBody(file, encoding).catch((error: unknown) => app.log.warn({ err: error }, 'precompression failed'));
  }
}

async function serve(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header('content-type', file.type);
  reply.header('etag', file.etag);
  reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  if (file.type.startsWith('text/html')) reply.header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (file.compressible) {
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (encoding) {
      reply.header('content-encoding', encoding);
      return reply.send(await encodedBody(file, encoding));
    }
  }
  return reply.send(file.body);
}

/**
 * A Chromium before 80 cannot parse the modern build (optional chaining, `??`):
 * src/boot/boot-check.js sends it to the legacy build (66-79) or the message page (below 66). Its
 * index.html goes without the modern entry's module script and module preloads, which it would
 * otherwise download (≈ 120 KB gzip) only to fail parsing them. The same user-agent rule as
 * boot-check.js's; the page is still the same page (boot-check decides), only lighter.
 */
export function isOldChromium(userAgent: string | undefined): boolean {
  const version = /Chrom(?:e|ium)\/(\d+)/.exec(userAgent ?? '');
  return version !== null && Number(version[1]) < 80;
}

/** index.html without the modern entry: its `<script type="module">` and `<link rel="modulepreload">` tags for /assets/. */
export function withoutModernEntry(html: string): string {
  return html.replace(/<script type="module"[^>]*\ssrc="\/assets\/[^"]+"[^>]*><\/script>\s*/g, '').replace(/<link rel="modulepreload"[^>]*\shref="\/assets\/[^"]+"[^>]*>\s*/g, '');
}

/**
 * Serves the built app from memory: hashed assets cached immutable, everything else revalidated
 * (index.html never cached), br/gzip negotiated, client routes answered with index.html (with the
 * route's extras when it has some). Every file is compressed once, in the background right at
 * start, so the first visitor after a deploy does not wait for brotli's best quality.
 */
export function registerStaticFiles(app: FastifyInstance, dir: string, options: StaticFileOptions = {}): void {
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`No built app in ${dir}: run "npm run build" (or set STATIC_DIR=none for API only)`);
  }
  const files = new Map<string, StaticFile>();
  for (const rel of walk(dir)) {
    const body = readFileSync(path.join(dir, rel));
    // Hashed names: assets/ and the legacy build's legacy/, but for its entry (a fixed name, vite.legacy.config.ts).
    files.set('/' + rel, fileOf(body, path.extname(rel).toLowerCase(), rel.startsWith('assets/') || (rel.startsWith('legacy/') && rel !== 'legacy/entry.js')));
  }
  const index = files.get('/index.html')!;
  const pageHeaders = playerPageHeaders(options.mediaBaseUrl ?? '');
  const indexHtml = index.body.toString('utf8');
  const oldChromiumIndex = fileOf(Buffer.from(withoutModernEntry(indexHtml)), '.html', false);

  precompress(app, files.values());

  const rendered = new Map<string, StaticFile>();
  /** index.html with a route's extras; the same extras give the same file (and ETag) again. */
  const renderedIndex = (extras: PageExtras, base: string): StaticFile => {
    let html = base.replace(HEAD_EXTRAS_AT, (at) => `${extras.head}${at}`).replace('</body>', `${extras.body}</body>`);
    if (extras.boot !== null) html = html.replace(BOOT, () => `<!--boot-->${extras.boot}<!--/boot-->`);
    let file = rendered.get(html);
    if (file) {
      rendered.delete(html);
    } else {
      file = fileOf(Buffer.from(html), '.html', false);
      if (file.compressible) void encodedBody(file, 'br', RENDERED_BROTLI_QUALITY).catch(() => {});
      if (rendered.size >= RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value!);
    }
    rendered.set(html, file);
    return file;
  };
  const pageFor = async (request: FastifyRequest, pathname: string): Promise<StaticFile> => {
    const old = isOldChromium(request.headers['user-agent']);
    const plain = old ? oldChromiumIndex : index;
    if (!options.pageExtras) return plain;
    try {
      const query = request.url.indexOf('?');
      const extras = await options.pageExtras(pathname, query < 0 ? '' : request.url.slice(query));
      return extras ? renderedIndex(extras, old ? oldChromiumIndex.body.toString('utf8') : indexHtml) : plain;
    } catch (error) {
      request.log.warn({ err: error, path: pathname }, 'page extras failed: serving the plain index.html');
      return plain;
    }
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let url: string;
    try {
      url = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.status(400).type('text/plain; charset=utf-8').send('Bad Request');
    }
    const file = files.get(url);
    if (file) {
      if (file.type.startsWith('text/html')) reply.headers(pageHeaders);
      return serve(request, reply, file);
    }
    if (NOT_APP.test(url) || path.extname(url) !== '') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    reply.headers(pageHeaders);
    const page = await pageFor(request, url);
    // The page depends on the user agent (isOldChromium): a shared cache must keep both.
    reply.header('vary', 'accept-encoding, user-agent');
    return serve(request, reply, page);
  };
  app.get('/*', handler); // Fastify answers HEAD from the GET route
}

/** The staff console's page headers (server/security-headers.ts), here too for the console's file tests. */
export { staffPageHeaders };

/**
 * The staff console (its own Vite build, vite.staff.config.ts → dist/staff, base /staff/) at /staff
 * and /staff/*: its files from memory like the players' app, any other path under /staff (not
 * /staff/api/) answered with its index.html (history fallback). Without a build, /staff says so.
 */
export function registerStaffConsoleFiles(app: FastifyInstance, dir: string, options: { mediaBaseUrl?: string } = {}): void {
  const pageHeaders = staffPageHeaders(options.mediaBaseUrl ?? '');
  const files = new Map<string, StaticFile>();
  const built = existsSync(path.join(dir, 'index.html'));
  if (built) {
    for (const rel of walk(dir)) files.set('/staff/' + rel, fileOf(readFileSync(path.join(dir, rel)), path.extname(rel).toLowerCase(), rel.startsWith('assets/')));
    precompress(app, files.values());
  } else {
    app.log.warn({ dir }, 'no staff console build: /staff answers 404 (run npm run build)');
  }
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let url: string;
    try {
      url = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.status(400).type('text/plain; charset=utf-8').send('Bad Request');
    }
    const index = files.get('/staff/index.html');
    if (!index) return reply.status(404).type('text/plain; charset=utf-8').send('员工后台未构建 (npm run build)');
    const file = files.get(url);
    if (file) {
      if (file === index) reply.headers(pageHeaders);
      return serve(request, reply, file);
    }
    if (url.startsWith('/staff/assets/') || path.extname(url) !== '') return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    reply.headers(pageHeaders);
    return serve(request, reply, index);
  };
  app.get('/staff', handler);
  app.get('/staff/*', handler);
}
