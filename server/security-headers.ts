import type { FastifyInstance } from 'fastify';

/**
 * The pages' security headers in one place: the players' app (index.html per
 * route, server/static-files.ts) and the staff console (/staff) get a Content-Security-Policy
 * without 'unsafe-inline' for scripts, Trusted Types for the DOM's script sinks, no framing, and the
 * usual headers. The development server (Vite, `npm run dev`) does not send these: Vite injects
 * inline scripts (React refresh) there; the strict policy belongs to the built app this server serves.
 *
 * Choices (docs/decisions.md, "CSP, Trusted Types, security headers"):
 *  - script-src 'self': no page this server writes has an executable inline script (the
 *    first-paint data is a `<script type="application/json">` data block, which CSP does not run).
 *  - style-src 'unsafe-inline': index.html has an inline <style> (the boot skeleton), first paint
 *    inlines the route's stylesheet, antd-mobile sets style attributes. Styles cannot run script.
 *  - frame-ancestors 'none' + X-Frame-Options DENY: the native wrapper loads the app top-level; the
 *    app frames only /play/h5/<id>, which is not one of these pages.
 *  - Trusted Types: the policies the client makes (src/app/trusted-types.ts) and DOMPurify's own.
 */

/**
 * The Trusted Types policies the pages may create: src/app/trusted-types.ts's two, DOMPurify's
 * ('dompurify', made when it loads), and src/boot/boot-check.js's ('boot-check': document.write of
 * the polyfills, the legacy entry or the message page, with addresses the build wrote).
 */
export const TRUSTED_TYPES_POLICIES = ['app-script-url', 'app-html', 'dompurify', 'boot-check'] as const;

/**
 * The origin of MEDIA_BASE_URL when it is an absolute http(s) address (a CDN or the bucket), for
 * the pages' img-src/media-src; null when media are this server's own (/media, '' or any relative
 * path) or the value is not a usable address. Only the origin: a CSP source never needs the path.
 */
export function mediaOriginOf(mediaBaseUrl: string): string | null {
  if (!/^https?:\/\//i.test(mediaBaseUrl)) return null;
  let url: URL;
  try {
    url = new URL(mediaBaseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A CSP source list is split on white space and ';' ends a directive: an origin with either
  // (impossible after URL parsing, kept as a guard) would change the policy, so it is dropped.
  if (/[\s;,']/.test(url.origin) || url.origin === 'null') return null;
  return url.origin;
}

function sources(...list: (string | null)[]): string {
  return list.filter((item): item is string => item !== null).join(' ');
}

/**
 * The console's own addition: the 'default' policy of src/staff/style-text-policy.ts, which lets
 * antd write its generated style text (a string without '<', so never markup) into <style> elements.
 */
export const STAFF_TRUSTED_TYPES_POLICIES = [...TRUSTED_TYPES_POLICIES, 'default'] as const;

/** A page policy: what every page shares, with `own` (the page's media, frame, worker, manifest sources) after connect-src. */
function pageCsp(media: string | null, own: string[], policies: readonly string[] = TRUSTED_TYPES_POLICIES): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", 'data:', 'blob:', media)}`,
    ...own.filter((directive) => directive.startsWith('media-src')),
    "font-src 'self' data:",
    // Uploads go to this server (/upload/<ticket>), never straight to the bucket.
    "connect-src 'self'",
    ...own.filter((directive) => !directive.startsWith('media-src')),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${policies.join(' ')}`,
  ].join('; ');
}

/** The players' pages' Content-Security-Policy. */
export function playerPageCsp(mediaBaseUrl: string): string {
  const media = mediaOriginOf(mediaBaseUrl);
  return pageCsp(media, [
    `media-src ${sources("'self'", 'blob:', media)}`,
    // The in-app H5 player frames /play/h5/<id> on this origin only.
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ]);
}

/** The staff console's Content-Security-Policy: as the players' minus frames, workers and the manifest, plus its 'default' policy. */
export function staffPageCsp(mediaBaseUrl: string): string {
  return pageCsp(mediaOriginOf(mediaBaseUrl), ["frame-src 'none'", "worker-src 'none'"], STAFF_TRUSTED_TYPES_POLICIES);
}

/**
 * Powerful features no page of the app uses (pictures are chosen with a file input, never the
 * camera; no location, microphone, payment API, device access). Features absent here keep the
 * browser's default (clipboard for copying gift codes, fullscreen for the H5 player).
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), browsing-topics=()';

/** Headers shared by every HTML page: framing, sniffing, opener, features. */
function pageBase(): Record<string, string> {
  return {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * The players' pages. Referrer: strict-origin-when-cross-origin (the browsers' default, said
 * explicitly): a download or image CDN that checks the Referer against hot-linking sees our origin,
 * never a page's path or query (which can carry a ticket or a search).
 */
export function playerPageHeaders(mediaBaseUrl: string): Record<string, string> {
  return { ...pageBase(), 'content-security-policy': playerPageCsp(mediaBaseUrl), 'referrer-policy': 'strict-origin-when-cross-origin' };
}

/** The staff console's pages: nothing of a staff address leaves with a request (no-referrer). */
export function staffPageHeaders(mediaBaseUrl: string): Record<string, string> {
  return { ...pageBase(), 'content-security-policy': staffPageCsp(mediaBaseUrl), 'referrer-policy': 'no-referrer' };
}

/** HSTS for a year with subdomains: sent only in production and only on an answer that went out over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every answer: X-Content-Type-Options nosniff (API answers, files, errors alike), and in
 * production over https (request.protocol, which honours X-Forwarded-Proto only with TRUST_PROXY)
 * Strict-Transport-Security. Development and tests over plain http never get HSTS: a browser that
 * kept it would refuse http://localhost afterwards.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (options.production && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
