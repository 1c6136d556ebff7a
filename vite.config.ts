import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_PREFIXES = ['/api', '/down', '/point', '/dev'];
const SOURCE_MODULE = /\.(ts|tsx|js|mjs|css|json)(\?|$)/;

/**
 * index.html's own stylesheet (≈2 KB gzip: the shell, the tab bar) goes inline. As a file it is
 * one more request before the first paint, and on a slow phone's few connections it holds one
 * that the entry script needs. Page chunks keep their styles in files.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      html.source = String(html.source).replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        if (css?.type !== 'asset') return tag;
        delete bundle[file];
        return `<style>${String(css.source)}</style>`;
      });
    },
  };
}

export default defineConfig(({ mode, command }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const apiTarget = env.VITE_DEV_API_TARGET || 'http://127.0.0.1:8080';
  return {
    // Fast Refresh only matters in dev; Vite 8 compiles JSX itself (STACK.md).
    plugins: command === 'serve' ? [react()] : [inlineEntryStylesheet()],
    // bench:downloads measures commits with <Profiler>, which only React's profiling build reports.
    ...(mode === 'bench' ? { resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] } } : {}),
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      target: 'es2020',
      sourcemap: false,
      assetsInlineLimit: 2048,
      reportCompressedSize: false,
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
