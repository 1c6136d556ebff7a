import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, base, out);
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/** Paths the single-page app owns; anything under these prefixes is never index.html. */
const NOT_APP = /^\/(api|down|point|dev|assets)(\/|$)/;

/**
 * Serves the built app from memory: hashed assets cached immutable, everything else revalidated
 * (index.html never cached), br/gzip negotiated and compressed once per file, client routes
 * answered with index.html.
 */
export function registerStaticFiles(app: FastifyInstance, dir: string): void {
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`No built app in ${dir}: run "npm run build" (or set STATIC_DIR=none for API only)`);
  }
  const files = new Map<string, StaticFile>();
  for (const rel of walk(dir)) {
    const body = readFileSync(path.join(dir, rel));
    const ext = path.extname(rel).toLowerCase();
    files.set('/' + rel, {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      immutable: rel.startsWith('assets/'),
      compressible: COMPRESSIBLE.has(ext) && body.length > 512,
      encoded: new Map(),
    });
  }
  const index = files.get('/index.html')!;

  const encodedBody = (file: StaticFile, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    let pending = file.encoded.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.body.length } })
          : gzipAsync(file.body, { level: 9 });
      file.encoded.set(encoding, pending);
    }
    return pending;
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply, file: StaticFile) => {
    reply.header('content-type', file.type);
    reply.header('etag', file.etag);
    reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (file === index) reply.header('x-content-type-options', 'nosniff');
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
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let url: string;
    try {
      url = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.status(400).type('text/plain; charset=utf-8').send('Bad Request');
    }
    const file = files.get(url);
    if (file) return serve(request, reply, file);
    if (NOT_APP.test(url) || path.extname(url) !== '') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return serve(request, reply, index);
  };
  app.get('/*', handler); // Fastify answers HEAD from the GET route
}
