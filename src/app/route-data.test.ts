import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decodeRouteData, encodeRouteData, hrefOf, ROUTE_DATA_MAX_BYTES, routeDataOf } from './route-data.ts';

const jsonObject = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });
// JSON has no -0 and no undefined: compare with what JSON itself keeps.
const viaJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const quiet = () => {};

describe('route data: property tests', () => {
  it('round-trips every JSON object that fits', () => {
    fc.assert(
      fc.property(jsonObject, (data) => {
        const query = encodeRouteData(data, quiet);
        fc.pre(query !== '');
        const decoded = decodeRouteData(query);
        expect(decoded).toEqual({ ok: true, data: viaJson(data) });
        // The same value also decodes from a full href with other query values around it.
        const href = hrefOf({ path: '/gamedetail', data });
        expect(decodeRouteData(`${new URL(href, 'http://x').search}&utm=1`)).toEqual({ ok: true, data: viaJson(data) });
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary query strings, and any data it accepts is a plain object', () => {
    const anyQuery = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string().map((value) => `?data=${value}`),
      fc.string().map((value) => `data=${encodeURIComponent(value)}`),
      fc.jsonValue().map((value) => `?data=${encodeURIComponent(JSON.stringify(value))}`),
    );
    fc.assert(
      fc.property(anyQuery, (search) => {
        const result = decodeRouteData(search);
        if (result.ok && result.data !== null) {
          expect(typeof result.data).toBe('object');
          expect(Array.isArray(result.data)).toBe(false);
        }
        expect(() => routeDataOf(search, quiet)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('route data: examples', () => {
  it('no data value means no data', () => {
    expect(decodeRouteData('')).toEqual({ ok: true, data: null });
    expect(decodeRouteData('?other=1')).toEqual({ ok: true, data: null });
    expect(decodeRouteData('?data=')).toEqual({ ok: true, data: null });
  });

  it('refuses malformed JSON, non-objects and oversized values, with a warning', () => {
    expect(decodeRouteData('?data=%7Bnope')).toEqual({ ok: false, reason: 'malformed' });
    expect(decodeRouteData(`?data=${encodeURIComponent('[1,2]')}`)).toEqual({ ok: false, reason: 'notObject' });
    expect(decodeRouteData('?data=null')).toEqual({ ok: false, reason: 'notObject' });
    expect(decodeRouteData('?data=42')).toEqual({ ok: false, reason: 'notObject' });
    const big = encodeURIComponent(JSON.stringify({ text: 'x'.repeat(ROUTE_DATA_MAX_BYTES) }));
    expect(decodeRouteData(`?data=${big}`)).toEqual({ ok: false, reason: 'tooLarge' });
    const warn = vi.fn();
    expect(routeDataOf('?data=%7Bnope', warn)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('malformed'));
  });

  it('encodes nothing for no data and drops an oversized object with a warning', () => {
    expect(encodeRouteData(null)).toBe('');
    const warn = vi.fn();
    expect(encodeRouteData({ text: '玩'.repeat(ROUTE_DATA_MAX_BYTES) }, warn)).toBe('');
    expect(warn).toHaveBeenCalledOnce();
    expect(hrefOf({ path: '/gamedetail', data: { id: 7, name: '乐 玩&=?' } })).toBe(
      `/gamedetail?data=${encodeURIComponent('{"id":7,"name":"乐 玩&=?"}')}`,
    );
  });
});
