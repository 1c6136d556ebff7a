import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { missingPackages } from '../../scripts/system-deps.mjs';

describe("npm test's machine check", () => {
  it('names the Debian package of each thing missing, and nothing when both are there', () => {
    expect(missingPackages({ chromium: '/no/such/chromium', fonts: () => false })).toEqual(['chromium', 'fonts-noto-cjk']);
    expect(missingPackages({ chromium: '/no/such/chromium', fonts: () => true })).toEqual(['chromium']);
    expect(missingPackages({ chromium: process.execPath, fonts: () => false })).toEqual(['fonts-noto-cjk']);
    expect(missingPackages({ chromium: process.execPath, fonts: () => true })).toEqual([]);
  });
});
