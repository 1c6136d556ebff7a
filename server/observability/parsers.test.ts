import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { metricsTokenOf } from './config.ts';
import { bearerMatches } from './metrics.ts';
import { requestIdOf } from './request-id.ts';

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;
const idChar = fc.constantFrom(...'ABCXYZabcxyz0189._-');
const random = () => 'random-id';

describe('requestIdOf (x-request-id from outside)', () => {
  it('keeps a sane token and replaces anything else', () => {
    expect(requestIdOf('abc-123_X.9')).toBe('abc-123_X.9');
    expect(requestIdOf('a'.repeat(64))).toBe('a'.repeat(64));
    expect(requestIdOf('a'.repeat(65), random)).toBe('random-id');
    expect(requestIdOf('', random)).toBe('random-id');
    expect(requestIdOf('has space', random)).toBe('random-id');
    expect(requestIdOf('line\nbreak', random)).toBe('random-id');
    expect(requestIdOf('请求', random)).toBe('random-id');
    expect(requestIdOf(['a', 'b'], random)).toBe('random-id');
    expect(requestIdOf(undefined, random)).toBe('random-id');
  });

  it('the default random id is itself sane', () => {
    expect(requestIdOf(undefined)).toMatch(SANE_ID);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });

  it('property: any input gives a sane id; a sane input is kept as it is', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 100 }), fc.anything()), (input) => {
      expect(requestIdOf(input)).toMatch(SANE_ID);
    }));
    fc.assert(fc.property(fc.string({ unit: idChar, minLength: 1, maxLength: 64 }), (id) => {
      expect(requestIdOf(id, random)).toBe(id);
    }));
    fc.assert(fc.property(fc.string({ unit: idChar, minLength: 65, maxLength: 200 }), (id) => {
      expect(requestIdOf(id, random)).toBe('random-id');
    }));
  });
});

describe('METRICS_TOKEN', () => {
  const parse = (value: string | undefined) => {
    const problems: string[] = [];
    return { token: metricsTokenOf(value === undefined ? {} : { METRICS_TOKEN: value }, problems), problems };
  };

  it('unset or blank is no token; a long visible token is kept (trimmed); short or spaced ones are refused', () => {
    expect(parse(undefined)).toEqual({ token: null, problems: [] });
    expect(parse('   ')).toEqual({ token: null, problems: [] });
    expect(parse(' abcdefghijklmnop ')).toEqual({ token: 'abcdefghijklmnop', problems: [] });
    expect(parse('short').problems).toEqual(['METRICS_TOKEN must be 16–256 visible ASCII characters (no spaces)']);
    expect(parse('abcdefgh ijklmnopq').token).toBeNull();
    expect(parse('abcdefgh ijklmnopq').problems).toHaveLength(1);
    expect(parse('令牌令牌令牌令牌令牌令牌令牌令牌').problems).toHaveLength(1);
  });

  it('loadConfig carries it, and refuses a bad one with the message (development and production)', () => {
    expect(loadConfig({ STATIC_DIR: 'none' }).metricsToken).toBeNull();
    expect(loadConfig({ STATIC_DIR: 'none', METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe('x'.repeat(32));
    expect(() => loadConfig({ STATIC_DIR: 'none', METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be 16–256 visible ASCII characters');
  });

  it('property: the answer is null with no problem, a sane token with no problem, or null with exactly one problem', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        const { token, problems } = parse(value);
        if (token !== null) {
          expect(problems).toEqual([]);
          expect(token).toMatch(/^[\x21-\x7e]{16,256}$/);
          expect(token).toBe(value.trim());
        } else if (value.trim() === '') expect(problems).toEqual([]);
        else expect(problems).toHaveLength(1);
      }),
    );
  });
});

describe('bearerMatches (Authorization from outside)', () => {
  const token = 't'.repeat(32);
  it('only the exact bearer token', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token} `, token)).toBe(false);
    expect(bearerMatches('Bearer ', token)).toBe(false);
  });
  it('property: no other header value matches', () => {
    fc.assert(fc.property(fc.string({ maxLength: 100 }), (header) => {
      expect(bearerMatches(header, token)).toBe(header === `Bearer ${token}`);
    }));
  });
});
