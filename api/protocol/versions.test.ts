import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, isDottedVersion, runningVersion } from './versions.ts';

describe('app versions', () => {
  it('compares part by part, numerically', () => {
    expect(compareVersions('3.10.0', '3.9.9')).toBe(1);
    expect(compareVersions('3.3.3', '3.4.0')).toBe(-1);
    expect(compareVersions('3.4', '3.4.0')).toBe(0);
  });

  it('the running version: the wrapper version name, else a dotted version_code, else 3.3.3', () => {
    expect(runningVersion({ version: '3.4.0', version_code: '340' })).toBe('3.4.0');
    expect(runningVersion({ version: 'x', version_code: '3.2.1' })).toBe('3.2.1');
    expect(runningVersion({ version_code: '333' })).toBe('3.3.3');
    expect(runningVersion(null)).toBe('3.3.3');
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (version, version_code) => {
        expect(isDottedVersion(runningVersion({ version, version_code }))).toBe(true);
      }),
    );
  });

  it('is a total order on dotted versions (antisymmetric, transitive)', () => {
    const dotted = fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 2, maxLength: 4 }).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(dotted, dotted, dotted, (a, b, c) => {
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
