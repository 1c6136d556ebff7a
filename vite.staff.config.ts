import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

/**
 * The staff console (issue 13 §6; docs/staff-console.md): its own build, never part of the
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
  },
  server: {
    host: '127.0.0.1',
    port: 5174,
    fs: { allow: [import.meta.dirname] },
    proxy: { '/staff/api': { target: process.env.VITE_DEV_API_TARGET || 'http://127.0.0.1:8080', changeOrigin: false } },
  },
}));
