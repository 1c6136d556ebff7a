import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

/**
 * The staff console (docs/staff-console.md): its own build, never part of the
 * players' bundle. src/staff/index.html → dist/staff, served by the server at /staff (history
 * fallback). In development `npm run dev` runs it on :5174 with /staff/api proxied to the API server.
 */
const root = path.resolve(import.meta.dirname, 'src/staff');

export default defineConfig(({ command }) => ({
  root,
  base: '/staff/',
  plugins: command === 'serve' ? [react()] : [],
  publicDir: false,
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/staff'),
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    // Every file name starts with "staff-": a chunk with the same content as one of the players'
    // (antd-mobile's dialog CSS, once two console pages share it) would otherwise get the same
    // name, and the size budget's isolation check could not tell them apart.
    rolldownOptions: {
      output: { entryFileNames: 'assets/staff-[name]-[hash].js', chunkFileNames: 'assets/staff-[name]-[hash].js', assetFileNames: 'assets/staff-[name]-[hash][extname]' },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5174,
    fs: { allow: [import.meta.dirname] },
    // The staff API (and the agents' event stream under it), the desk's picture uploads and the media they become.
    proxy: Object.fromEntries(['/staff/api', '/staff/upload', '/media'].map((path) => [path, { target: process.env.VITE_DEV_API_TARGET || 'http://127.0.0.1:8080', changeOrigin: false }])),
  },
}));
