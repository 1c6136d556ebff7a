import { describe, expect, it } from 'vitest';
import { loadPage, PAGE_TABLE_FILES } from './page-table.ts';
import { LANDING_PAGES, PAGE_FILES, routeOf } from './routes.ts';

describe('page table (the second tier of page loaders)', () => {
  it('has every page file the route table names, so a route with a page never fails to load it', () => {
    const missing = Object.values(PAGE_FILES).filter((file) => !PAGE_TABLE_FILES.includes(file));
    expect(missing).toEqual([]);
  });

  it('keeps in the entry only landing pages that routes name (a typo would silently move a page to the table)', () => {
    const named = new Set(Object.values(PAGE_FILES));
    expect(Object.keys(LANDING_PAGES).filter((file) => !named.has(file))).toEqual([]);
    expect(Object.keys(LANDING_PAGES)).toHaveLength(13);
  });

  it('loads a page through the table and refuses an unknown file with a clear error', async () => {
    const route = routeOf('/aboutus');
    const module = await route!.page!();
    expect(module.default).toBeTypeOf('function');
    await expect(loadPage('../pages/nope/NopePage.tsx')).rejects.toThrow('页面文件不存在');
  });
});
