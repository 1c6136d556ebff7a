import { describe, expect, it } from 'vitest';
import * as refs from './staff-refs.ts';
import { STAFF_CALL_GROUPS } from './staff/all.ts';

const byName = (entries: [string, string][]) => Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

describe('staff call refs', () => {
  it('every staff declaration has its ref, in the same group under the same name, with the same path', () => {
    const declared = Object.entries(STAFF_CALL_GROUPS).flatMap(([group, module]) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'object' && value !== null && 'path' in value && 'fields' in value && 'roles' in value)
        .map(([name, spec]): [string, string] => [`${group}.${name}`, (spec as { path: string }).path]),
    );
    const referenced = Object.entries(refs).flatMap(([group, module]) => Object.entries(module).map(([name, path]): [string, string] => [`${group}.${name}`, String(path)]));
    expect(byName(referenced)).toEqual(byName(declared));
    expect(declared.length).toBeGreaterThan(50);
  });

  it('a ref is its path at run time (as cheap as the literal it replaces)', () => {
    expect(refs.service.queue).toBe('/staff/api/service/queue');
    expect(typeof refs.auth.me).toBe('string');
  });
});
