import { describe, expect, it } from 'vitest';
import { CALL_GROUPS } from './calls/all.ts';
import { PAGE_SHOWN_REFUSALS } from './page-refusals.ts';

describe('calls whose page shows the refusal', () => {
  it('are exactly the declarations that say pageShowsRefusal', () => {
    const declared = Object.values(CALL_GROUPS)
      .flatMap((module) => Object.values(module))
      .filter((value): value is { path: string; pageShowsRefusal: boolean } => typeof value === 'object' && value !== null && 'path' in value && 'pageShowsRefusal' in value)
      .filter((spec) => spec.pageShowsRefusal)
      .map((spec) => spec.path);
    expect([...PAGE_SHOWN_REFUSALS].sort()).toEqual(declared.sort());
    expect(PAGE_SHOWN_REFUSALS.has('/api/game/startPlay')).toBe(true);
  });
});
