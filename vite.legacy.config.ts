import { defineConfig } from 'vite';
import { LEGACY_ENTRY, LEGACY_TARGET } from './vite.config.ts';

/**
 * The legacy build, for the WebViews at or above the minimum (Chromium 66) that cannot parse the
 * modern build (Chromium 66-79: no `?.`, no `??`; docs/decisions.md, "Old Android WebViews"). Run
 * after the modern build, into the same folder: dist/client/legacy/ (entry.js under a fixed name,
 * the rest hashed). No index.html of its own: src/boot/boot-check.js, in the modern index.html,
 * loads legacy/entry.js where it is needed, and only there; modern browsers never fetch a byte of it.
 * Not precached by the service worker, and no manifest or chunk graph (those are the modern build's).
 */
export default defineConfig({
  define: { 'import.meta.env.VITE_BUNDLE': JSON.stringify('legacy') },
  publicDir: false,
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
