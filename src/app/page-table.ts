import type { PageModule } from './routes.ts';

/**
 * The page table: a loader for every page (src/pages/<folder>/<Name>Page.tsx), in a chunk of its
 * own so that the entry chunk holds only the landing pages' loaders (routes.ts explains the
 * tiers). A route reaches it as `import('./page-table.ts').then((table) => table.loadPage(file))`.
 */
const PAGES = import.meta.glob<PageModule>('../pages/*/*Page.tsx');

/** The page files the table can load (tests compare them with the route table). */
export const PAGE_TABLE_FILES: readonly string[] = Object.keys(PAGES);

export function loadPage(file: string): Promise<PageModule> {
  const load = PAGES[file];
  return load ? load() : Promise.reject(new Error(`页面文件不存在：${file}`));
}
