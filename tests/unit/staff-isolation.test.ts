import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { reachable, staffLeaks } from '../../scripts/staff-isolation.mjs';

/** scripts/size-budget.mjs fails `npm test` when the players' index.html reaches any of the staff console. */
describe('the staff-isolation check of the size budget', () => {
  const graph = {
    'assets/index.js': { imports: ['assets/react.js'], dynamicImports: ['assets/Home.js', 'assets/Mine.js'], modules: ['src/main.tsx'] },
    'assets/react.js': { imports: [], dynamicImports: [], modules: ['node_modules/react/index.js'] },
    'assets/Home.js': { imports: ['assets/react.js'], dynamicImports: [], modules: ['src/pages/home/HomePage.tsx'] },
    'assets/Mine.js': { imports: [], dynamicImports: ['assets/Deep.js'], modules: ['src/pages/mine/MinePage.tsx'] },
    'assets/Deep.js': { imports: [], dynamicImports: [], modules: ['src/pages/deep/DeepPage.tsx'] },
    'assets/Orphan.js': { imports: [], dynamicImports: [], modules: ['src/staff/modules.ts'] },
  };
  const base = { entries: ['assets/index.js'], indexHtml: '<script src="/assets/index.js"></script>', chunkText: () => 'code', staffFiles: ['assets/index-STAFF123.js'] };

  it('walks static and dynamic imports, transitively', () => {
    const { files, modules } = reachable(graph, ['assets/index.js']);
    expect([...files].sort()).toEqual(['assets/Deep.js', 'assets/Home.js', 'assets/Mine.js', 'assets/index.js', 'assets/react.js']);
    expect(modules.has('src/pages/deep/DeepPage.tsx')).toBe(true);
    expect(modules.has('src/staff/modules.ts')).toBe(false);
  });

  it('passes a clean graph (an unreachable staff chunk is no leak)', () => {
    expect(staffLeaks({ ...base, graph }).leaks).toEqual([]);
  });

  it('finds a staff module inlined into a page chunk reached only dynamically', () => {
    const leaky = { ...graph, 'assets/Deep.js': { ...graph['assets/Deep.js'], modules: ['src/pages/deep/DeepPage.tsx', 'src/staff/modules/accounts/AccountsPage.tsx'] } };
    expect(staffLeaks({ ...base, graph: leaky }).leaks).toEqual(['module src/staff/modules/accounts/AccountsPage.tsx']);
  });

  it('finds a staff chunk imported dynamically', () => {
    const leaky = { ...graph, 'assets/Mine.js': { ...graph['assets/Mine.js'], dynamicImports: ['assets/Orphan.js'] } };
    expect(staffLeaks({ ...base, graph: leaky }).leaks).toEqual(['module src/staff/modules.ts']);
  });

  it('finds a staff build file or /staff/assets/ URL named by index.html or a reachable chunk', () => {
    expect(staffLeaks({ ...base, graph, indexHtml: '<link rel="modulepreload" href="/staff/assets/index-STAFF123.js">' }).leaks).toEqual(['file assets/index-STAFF123.js', 'a /staff/assets/ URL']);
    expect(staffLeaks({ ...base, graph, chunkText: (file: string) => (file === 'assets/Deep.js' ? 'import("/staff/assets/x.js")' : '') }).leaks).toEqual(['a /staff/assets/ URL']);
  });
});
