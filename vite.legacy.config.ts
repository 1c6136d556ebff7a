import { defineConfig, type Plugin } from 'vite';
import { cryptoJsWithoutPassphraseKeys, LEGACY_ENTRY, LEGACY_TARGET, SYNC_EXTERNAL_STORE_WITHOUT_SHIM } from './vite.config.ts';

/**
 * The legacy build, for the WebViews at or above the minimum (Chromium 66) that cannot parse the
 * modern build (Chromium 66-79: no `?.`, no `??`; docs/decisions.md, "Old Android WebViews"). Run
 * after the modern build, into the same folder: dist/client/legacy/ (entry.js under a fixed name,
 * the rest hashed). No index.html of its own: src/boot/boot-check.js, in the modern index.html,
 * loads legacy/entry.js where it is needed, and only there; modern browsers never fetch a byte of it.
 * Not precached by the service worker, and no manifest or chunk graph (those are the modern build's).
 */
/**
 * env() (safe-area insets) is Chromium 69+: in 66-68 a declaration using it is dropped whole, and
 * with it the rest of a padding shorthand (the login panel lost all its padding). Each such
 * declaration gets a copy before it with env(name, fallback) as its fallback (0px without one):
 * an older engine keeps the copy, a newer one the original that follows.
 */
export function envFallbacks(css: string): string {
  return css.replace(/([{;])(\s*[a-z-]+\s*:)([^;{}]*\benv\([^;{}]*)/g, (_, before: string, property: string, value: string) => {
    const plain = value.replace(/\benv\(\s*[a-z-]+\s*(?:,\s*([^()]*?))?\s*\)/g, (_match, fallback: string | undefined) => fallback ?? '0px');
    return `${before}${property}${plain};${property}${value}`;
  });
}

function cssEnvFallbacks(): Plugin {
  return {
    name: 'css-env-fallbacks',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) if (file.type === 'asset' && file.fileName.endsWith('.css')) file.source = envFallbacks(String(file.source));
    },
  };
}

export default defineConfig({
  plugins: [cryptoJsWithoutPassphraseKeys(), cssEnvFallbacks()],
  define: { 'import.meta.env.VITE_BUNDLE': JSON.stringify('legacy') },
  publicDir: false,
  resolve: { alias: SYNC_EXTERNAL_STORE_WITHOUT_SHIM },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    target: LEGACY_TARGET,
    sourcemap: false,
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'src/boot/legacy-entry.ts',
      output: {
        entryFileNames: LEGACY_ENTRY,
        chunkFileNames: 'legacy/[name]-[hash].js',
        assetFileNames: 'legacy/[name]-[hash][extname]',
      },
    },
  },
});
