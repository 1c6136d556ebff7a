import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { md5Hex } from './sim-md5.ts';

describe('md5Hex (crypto-js, in slices)', () => {
  const node = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

  it('matches node:crypto on known and slice-boundary sizes', () => {
    expect(md5Hex(new Uint8Array(0))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    for (const size of [1, 3, 4, 5, 63, 64, 65, 1024 * 1024 - 1, 1024 * 1024, 1024 * 1024 + 3, 2 * 1024 * 1024 + 7]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) & 0xff);
      expect(md5Hex(bytes), `size ${size}`).toBe(node(bytes));
    }
  });

  it('reads a view at an offset into a larger buffer', () => {
    const buffer = new Uint8Array(1000).map((_, i) => i & 0xff);
    const view = buffer.subarray(3, 997);
    expect(md5Hex(view)).toBe(node(view));
  });

  it('property: equals node:crypto for arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => md5Hex(bytes) === node(bytes)), { numRuns: 500 });
  });
});
