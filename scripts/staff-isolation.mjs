// The staff console stays out of the players' app: which modules and files the
// players' index.html can reach, through static and dynamic imports. Used by size-budget.mjs;
// tests/unit/staff-isolation.test.ts checks it finds a staff module wherever it hides.

/** A chunk graph written by the players' build (vite.config.ts chunkModules → .vite/chunk-modules.json). */
/** @typedef {{ imports: string[], dynamicImports: string[], modules: string[] }} ChunkInfo */

/**
 * Every chunk and module reachable from the entry files.
 * @param {Record<string, ChunkInfo>} graph
 * @param {string[]} entries chunk file names (as index.html names them, without the leading '/')
 */
export function reachable(graph, entries) {
  const files = new Set();
  const modules = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (files.has(file)) continue;
    files.add(file);
    const chunk = graph[file];
    if (!chunk) continue;
    for (const module of chunk.modules) modules.add(module);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return { files, modules };
}

/** Staff-only source: anything under src/staff/ (the console and its modules) and the staff build's config. */
export const isStaffModule = (module) => /(^|\/)src\/staff\//.test(module) || /(^|\/)vite\.staff\.config\./.test(module);

/**
 * What of the staff console the players' app reaches: staff modules in its chunks, and staff
 * build files named by index.html or by any reachable chunk's text.
 * @param {{ graph: Record<string, ChunkInfo>, entries: string[], indexHtml: string, chunkText: (file: string) => string, staffFiles: string[] }} input
 */
export function staffLeaks({ graph, entries, indexHtml, chunkText, staffFiles }) {
  const { files, modules } = reachable(graph, entries);
  const leaks = [...modules].filter(isStaffModule).map((module) => `module ${module}`);
  const texts = [indexHtml, ...[...files].filter((file) => graph[file]).map(chunkText)];
  for (const staffFile of staffFiles) {
    const name = staffFile.split('/').pop();
    if (texts.some((text) => text.includes(name))) leaks.push(`file ${staffFile}`);
  }
  if (texts.some((text) => /["'`(]\/staff\/assets\//.test(text))) leaks.push('a /staff/assets/ URL');
  return { leaks, files: files.size, modules: modules.size };
}
