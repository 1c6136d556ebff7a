import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PRODUCT } from './server/product.ts';

const API_PREFIXES = ['/api', '/down', '/point', '/dev', '/upload', '/media', '/sandbox-pay'];
const SOURCE_MODULE = /\.(ts|tsx|js|mjs|css|json)(\?|$)/;

/**
 * index.html's own stylesheet (≈2 KB gzip: the shell, the tab bar) goes inline. As a file it is
 * one more request before the first paint, and on a slow phone's few connections it holds one
 * that the entry script needs. Page chunks keep their styles in files.
 */
/**
 * crypto-js's ciphers (aes, cipher-core) load EvpKDF, and with it SHA-1 and HMAC, for keys derived from a
 * passphrase (AES.encrypt(text, 'a string')). The wire protocol only ever passes the key's bytes
 * (api/crypto-browser.ts), so the app's builds give them an EvpKDF that refuses: about
 * 1.5 KB gzip less in the entry. Every e2e walk signs and encrypts its calls with the built bundle.
 */
export const CRYPTO_JS_NO_KDF = '\0crypto-js-no-passphrase-kdf';
export function cryptoJsWithoutPassphraseKeys(): Plugin {
  return {
    name: 'crypto-js-without-passphrase-keys',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './evpkdf' && importer !== undefined && /crypto-js[\\/][a-z0-9-]+\.js$/.test(importer)) return CRYPTO_JS_NO_KDF;
      return null;
    },
    load(id) {
      if (id !== CRYPTO_JS_NO_KDF) return null;
      return "import CryptoJS from 'crypto-js/core';\nCryptoJS.algo.EvpKDF = { create() { throw new Error('crypto-js: passphrase keys are not used by this app (vite.config.ts)'); } };\nexport default CryptoJS;\n";
    },
  };
}

function inlineEntryStylesheet(): Plugin[] {
  const inlined = new Set<string>();
  return [
    indexHtmlStep('inline-entry-stylesheet', (html, bundle) =>
      html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        if (css?.type !== 'asset') return tag;
        delete bundle[file];
        inlined.add(file);
        return `<style>${String(css.source)}</style>`;
      }),
    ),
    {
      // After Vite has written the preload lists (its own generateBundle).
      name: 'inline-entry-stylesheet-preloads',
      apply: 'build',
      generateBundle: {
        order: 'post',
        handler(_, bundle) {
          for (const file of inlined) dropFromPreloadLists(bundle, file);
          inlined.clear();
        },
      },
    },
  ];
}

/**
 * Takes a file out of every lazy import's preload list. Vite lists the entry's stylesheet in the
 * lists of imports made from lazy chunks; once it is inline and its file gone, that preload was a
 * 404 and the import failed (页面加载失败). A chunk's lists are indices into one file table
 * (`m.f=[…]`, used by `__vite__mapDeps([…])`): the file leaves the table and the indices follow.
 * scripts/size-budget.mjs checks that every listed file exists.
 */
function dropFromPreloadLists(bundle: OutputBundle, file: string): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    const table = /m\.f=(\[[^\]]*\])/.exec(chunk.code);
    if (!table) continue;
    const files = JSON.parse(table[1]!) as string[];
    const gone = files.indexOf(file);
    if (gone < 0) continue;
    const renumber = (index: number) => (index > gone ? index - 1 : index);
    chunk.code = chunk.code
      .replace(table[0], `m.f=${JSON.stringify(files.filter((_, index) => index !== gone))}`)
      .replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_, list: string) => {
        const kept = list.split(',').filter((item) => item !== '').map(Number).filter((index) => index !== gone).map(renumber);
        return `__vite__mapDeps([${kept.join(',')}])`;
      });
  }
}

type BundleChunk = Extract<OutputBundle[string], { type: 'chunk' }> & { viteMetadata?: { importedCss: Set<string> } };

/**
 * Adds the roots and every chunk they import statically (with their stylesheets when asked) to
 * `files`: what loading the roots loads. The entry group and the offline precache are both this.
 */
function addStaticClosure(bundle: OutputBundle, roots: BundleChunk[], files: Set<string>, options: { stylesheets: boolean }): void {
  const queue = roots.map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const file = queue.shift()!;
    const chunk = bundle[file] as BundleChunk | undefined;
    if (files.has(file) || chunk?.type !== 'chunk') continue;
    files.add(file);
    if (options.stylesheets) for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    queue.push(...chunk.imports);
  }
}

/**
 * The entry chunk and its static imports: loaded before any page, so a lazy import never needs
 * them preloaded. Vite lists them anyway in every lazy import's preload list, and the route table
 * (one lazy import per page) pays for each listing in the entry chunk. Found once the bundle is
 * complete, before Vite writes the preload lists (same generateBundle, earlier order).
 */
function entryChunkGroup(): { plugin: Plugin; has(file: string): boolean } {
  const files = new Set<string>();
  return {
    has: (file) => files.has(file),
    plugin: {
      name: 'entry-chunk-group',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_, bundle) {
          files.clear();
          const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
          addStaticClosure(bundle, chunks.filter((chunk) => chunk.isEntry), files, { stylesheets: false });
        },
      },
    },
  };
}

/**
 * .vite/chunk-modules.json: each chunk's static and dynamic imports and its source modules
 * (relative to the project). scripts/size-budget.mjs walks it from index.html to prove that no
 * staff-console module (src/staff/) is reachable from the players' app. Not served (.vite).
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_, bundle) {
      const root = process.cwd().split('\\').join('/') + '/';
      const graph: Record<string, { imports: string[]; dynamicImports: string[]; modules: string[]; gzip: number[] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const ids = Object.keys(chunk.modules);
        const modules = ids.map((id) => id.split('\\').join('/').replace(root, '').split('?')[0]!);
        // Each module's share of the chunk's gzip size (scripts/entry-breakdown.mjs): its own code
        // gzipped alone, scaled so the chunk's modules add up to the minified chunk's gzip size.
        const alone = ids.map((id) => gzipSync(chunk.modules[id]!.code ?? '', { level: 9 }).length);
        const total = alone.reduce((sum, bytes) => sum + bytes, 0);
        const chunkGzip = gzipSync(chunk.code, { level: 9 }).length;
        const gzip = alone.map((bytes) => (total === 0 ? 0 : Math.round((bytes * chunkGzip) / total)));
        graph[chunk.fileName] = { imports: chunk.imports, dynamicImports: chunk.dynamicImports, modules, gzip };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(graph) });
    },
  };
}

type OutputBundle = Parameters<Extract<NonNullable<Plugin['generateBundle']>, (...args: never[]) => unknown>>[1];

/** A build step that rewrites the built index.html, with the whole bundle at hand. */
function indexHtmlStep(name: string, rewrite: (html: string, bundle: OutputBundle) => string): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const html = bundle['index.html'];
      if (html?.type === 'asset') html.source = rewrite(String(html.source), bundle);
    },
  };
}

/**
 * The chunks a later tap will need (the login overlay, the toast kit), by warm-up group, for
 * src/app/warm-up.ts: once start-up has settled the app lets the browser fetch them into its cache
 * at low priority, and evaluates them only when first used. Importing them ahead instead would run
 * them then: on a slow phone a few hundred milliseconds of main thread while the player may
 * already be tapping. Each group lists its modules' chunks, their static imports and their
 * stylesheets, but what index.html loads anyway.
 */
const WARM_UP_GROUPS: Record<string, RegExp[]> = {
  login: [/\/src\/features\/login\/login-runtime\.ts$/, /\/src\/features\/login\/LoginOverlay\.tsx$/],
  toast: [/\/antd-mobile\/es\/components\/toast\/index\.js$/, /\/src\/app\/antd-render\.ts$/],
  pages: [/\/src\/app\/page-table\.ts$/],
};
function warmUpChunks(): Plugin {
  return indexHtmlStep('warm-up-chunks', (html, bundle) => {
    type Chunk = Extract<(typeof bundle)[string], { type: 'chunk' }> & { viteMetadata?: { importedCss: Set<string> } };
    const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (roots: Chunk[]) => {
      const files = new Set<string>();
      const visit = (chunk: Chunk) => {
        if (files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) {
          const next = byFile.get(imported);
          if (next) visit(next);
        }
      };
      roots.forEach(visit);
      return files;
    };
    const loadedAnyway = closure(chunks.filter((chunk) => chunk.isEntry));
    const groups = Object.fromEntries(
      Object.entries(WARM_UP_GROUPS).map(([group, modules]) => {
        const roots = chunks.filter((chunk) => chunk.facadeModuleId && modules.some((module) => module.test(chunk.facadeModuleId!)));
        if (roots.length !== modules.length) throw new Error(`warm-up-chunks: group ${group} found ${roots.length} of its ${modules.length} modules' chunks`);
        return [group, [...closure(roots)].filter((file) => !loadedAnyway.has(file)).map((file) => `/${file}`)];
      }),
    );
    return html.replace('</body>', `<script type="application/json" id="warm-up">${JSON.stringify(groups)}</script></body>`);
  });
}

/**
 * The browser minimum (docs/decisions.md, "Old Android WebViews"): the modern build is ES2020
 * syntax (Chromium 80, Safari 14); the legacy build (vite.legacy.config.ts, /legacy/) lowers it to
 * Chromium 66 for the WebViews 66-79. scripts/syntax-check.mjs holds each build to its target.
 */
export const MODERN_TARGET = 'es2020';

/**
 * @xstate/react (and antd-mobile) import use-sync-external-store's shim, which carries a copy of
 * the hook for React < 18 (≈0.9 KB gzip in the entry). With React 19 the shim only hands over
 * React's own hook: the package's plain modules do that and nothing else. Both builds.
 */
export const SYNC_EXTERNAL_STORE_WITHOUT_SHIM = [
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
];
export const LEGACY_TARGET = ['chrome66', 'safari14'];
/** The legacy build's entry: a fixed name, so index.html (built first) can name it; served no-cache. */
export const LEGACY_ENTRY = 'legacy/entry.js';

/**
 * src/boot/*.js, the classic scripts that run before any module (boot-check.js decides: modern
 * build, legacy build, or the message page for a browser below the minimum). Emitted as hashed
 * assets (assets/boot-*.js) with their comment lines and indentation stripped (no minifier here
 * writes ES5), the service's contacts filled in, and boot-check.js put in index.html before the
 * closing </body>: after the boot skeleton, so the skeleton paints first; before the deferred
 * module scripts run, which is all it needs. External, not inline: script-src 'self' (server/security-headers.ts).
 */
function bootScripts(): Plugin {
  const read = (name: string) =>
    readFileSync(new URL(`./src/boot/${name}.js`, import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*\/\//.test(line))
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n')
      .replaceAll('__SERVICE_PHONE__', PRODUCT.servicePhone)
      .replaceAll('__SERVICE_QQ__', PRODUCT.serviceQq)
      .replaceAll('__SERVICE_HOURS__', PRODUCT.serviceHours);
  const refs: Record<string, string> = {};
  return {
    name: 'boot-scripts',
    apply: 'build',
    buildStart() {
      for (const name of ['boot-check', 'polyfills', 'unsupported']) {
        refs[name] = this.emitFile({ type: 'asset', name: `boot-${name === 'boot-check' ? 'check' : name}.js`, source: read(name) });
      }
    },
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const url = (name: string) => `/${this.getFileName(refs[name]!)}`;
        const tag = `<script src="${url('boot-check')}" data-polyfills="${url('polyfills')}" data-unsupported="${url('unsupported')}" data-legacy="/${LEGACY_ENTRY}"></script>`;
        html.source = String(html.source).replace('</body>', `${tag}</body>`);
      },
    },
  };
}

/**
 * Paths the service worker leaves alone: the API (signed, encrypted POSTs: nothing to cache, and
 * never across players) and the staff console. Written out as a literal because Workbox copies
 * the navigation matcher below into sw.js as source text; checked against API_PREFIXES here.
 */
const NOT_FOR_WORKER = /^\/(api|down|point|dev|upload|media|sandbox-pay|staff)(\/|$)/;
for (const prefix of [...API_PREFIXES, '/staff']) {
  if (!NOT_FOR_WORKER.test(prefix) || !NOT_FOR_WORKER.test(`${prefix}/x`)) throw new Error(`NOT_FOR_WORKER misses ${prefix}`);
}

/**
 * The installable offline shell (docs/decisions.md "offline shell and client-offline faults"):
 * Workbox's generateSW. Precached: the plain index.html (no first-paint data: server/first-paint.ts
 * injects that per request), the scripts and styles, the icon. Navigations go to the network
 * (the server's page with its first-paint data, never kept) and fall back to the precached plain
 * shell only when the network fails. API paths and /staff are not the worker's: no route matches
 * them, so they go to the network as if there were no worker. Registered by
 * src/app/offline/offline-shell.ts (not by the plugin).
 */
function offlineShell(): Plugin[] {
  const precached = precacheSelection();
  return [
    precached.plugin,
    ...VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      name: '乐玩游戏盒',
      short_name: '乐玩游戏盒',
      description: '乐玩游戏盒：折扣手游、BT 变态服、H5 小游戏下载与充值福利平台',
      lang: 'zh-CN',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#ff6a00',
      background_color: '#f5f6f8',
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg'],
      globIgnores: ['.vite/**'],
      // Not every chunk: what a cold start offline needs (precacheSelection); others as visited.
      // The boot scripts (boot-scripts above) too: index.html runs boot-check.js, and an old WebView offline needs its polyfills.
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || entry.url.startsWith('assets/boot-') || precached.has(entry.url)), warnings: [] })],
      // "/" is not "/index.html": the server's "/" carries the home page's first-paint data.
      directoryIndex: null,
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      inlineWorkboxRuntime: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|down|point|dev|upload|media|sandbox-pay|staff)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
        {
          // A chunk not precached (a page beyond the landing ones), once fetched, opens offline
          // too. Hashed names: a file under a name never changes, so the cache is always right.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'visited-chunks', expiration: { maxEntries: 120, purgeOnQuotaError: true } },
        },
      ],
    },
  }),
  ];
}

/**
 * The chunks precached: the entry and what it imports, the landing pages (routes.ts
 * LANDING_PAGES: the tabs, the home family, the game page), the warm-up groups (login, toast,
 * page table), the late features, the api client and the offline modules, each with its static imports and
 * stylesheets. ≈ a third of the players' chunks by size; the rest are cached as they are visited.
 */
const PRECACHED_MODULES: RegExp[] = [
  /\/src\/pages\/(home|new-game|ranking|routine|overseas|new-serve|home-down|over-search|discover|circle|mine|game-detail)\/[A-Za-z]+Page\.tsx$/,
  /\/src\/app\/offline\/[a-z-]+\.ts$/,
  /\/src\/features\/late-features\.ts$/,
  // The api client: loaded by the runtime at start (src/app/runtime.ts), not imported statically.
  /\/src\/app\/browser-api-client\.ts$/,
  ...Object.values(WARM_UP_GROUPS).flat(),
];
function precacheSelection(): { plugin: Plugin; has(file: string): boolean } {
  const files = new Set<string>();
  return {
    has: (file) => files.has(file),
    plugin: {
      name: 'precache-selection',
      apply: 'build',
      generateBundle: {
        order: 'post',
        handler(_, bundle) {
          files.clear();
          const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
          const roots = chunks.filter((chunk) => chunk.isEntry || (chunk.facadeModuleId && PRECACHED_MODULES.some((module) => module.test(chunk.facadeModuleId!))));
          addStaticClosure(bundle, roots, files, { stylesheets: true });
        },
      },
    },
  };
}

export default defineConfig(({ mode, command }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const apiTarget = env.VITE_DEV_API_TARGET || 'http://127.0.0.1:8080';
  const entryGroup = entryChunkGroup();
  return {
    // Fast Refresh only matters in dev; Vite 8 compiles JSX itself (STACK.md).
    plugins: command === 'serve' ? [react()] : [cryptoJsWithoutPassphraseKeys(), entryGroup.plugin, ...inlineEntryStylesheet(), warmUpChunks(), chunkModules(), bootScripts(), ...offlineShell()],
    // bench:downloads measures commits with <Profiler>, which only React's profiling build reports.
    resolve: { alias: [...SYNC_EXTERNAL_STORE_WITHOUT_SHIM, ...(mode === 'bench' ? [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] : [])] },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      target: MODERN_TARGET,
      sourcemap: false,
      assetsInlineLimit: 2048,
      reportCompressedSize: false,
      // What the entry loaded is never preloaded again (entryChunkGroup above).
      // index.html keeps its own modulepreload links: there they are what loads the entry fast.
      // No polyfill: Chromium ≥ 66 (the minimum) preloads modules natively; Safari 14-16 and
      // anything else only lose the preload hint, never a page.
      modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !entryGroup.has(dep)) : deps) },
      // server/first-paint.ts reads it: the stylesheets a landing page's boot skeleton needs inline.
      manifest: true,
      // A call's ref (api/protocol/call-refs.ts) is a string constant: inlined where it is read, so
      // a lazy page's paths stay in its own chunk instead of the refs module landing in the entry.
      rolldownOptions: {
        optimization: { inlineConst: { mode: 'all', pass: 1 } },
        output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
      },
    },
    server: {
      host: '127.0.0.1',
      port: 5173,
      proxy: Object.fromEntries(
        API_PREFIXES.map((prefix) => [
          prefix,
          {
            target: apiTarget,
            changeOrigin: false,
            // The client's own source lives under /api/ too (api/client.ts …): Vite serves modules.
            bypass: (req: { url?: string }) => (SOURCE_MODULE.test(req.url ?? '') ? req.url : undefined),
          },
        ]),
      ),
    },
    preview: { host: '127.0.0.1', port: 4173 },
  };
});
