import { describe, expect, it } from 'vitest';
import { ByteSink, parseOptions, sizeText } from './sim-support.ts';

describe('simulator support', () => {
  it('ByteSink grows past its reservation and snapshots are copies', () => {
    const sink = new ByteSink(new Uint8Array([1, 2]), 3);
    sink.append(new Uint8Array([3, 4, 5]));
    const snapshot = sink.snapshot();
    sink.append(new Uint8Array([6]));
    expect([...snapshot]).toEqual([1, 2, 3, 4, 5]);
    expect([...sink.view()]).toEqual([1, 2, 3, 4, 5, 6]);
    // An absurd announced size is not allocated up front.
    expect(() => new ByteSink(null, 8 * 1024 * 1024 * 1024)).not.toThrow();
  });

  it('parseOptions keeps well-formed fields only', () => {
    expect(parseOptions('{"md5":"ABCDEF0123456789abcdef0123456789","size":42,"package_name":"com.a","game_name":"G"}')).toEqual({
      md5: 'abcdef0123456789abcdef0123456789',
      size: 42,
      package_name: 'com.a',
      game_name: 'G',
    });
    expect(parseOptions('{"md5":"short","size":-1,"package_name":5}')).toEqual({ md5: null, size: 0, package_name: '', game_name: '' });
    expect(parseOptions('nope')).toEqual({ md5: null, size: 0, package_name: '', game_name: '' });
  });

  it('sizeText', () => {
    expect(sizeText(0)).toBe('0M');
    expect(sizeText(3.25 * 1024 * 1024)).toBe('3.3M');
  });
});
