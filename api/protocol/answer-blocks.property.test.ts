import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { count, instant, isSafeUrl, lenientItem, lenientList, page, positive, url } from './call-spec.ts';

const Item = v.object({ id: positive, name: v.string() });

describe('answer building blocks (property)', () => {
  it('lenientList: keeps exactly the items that pass, in order; anything not an array fails', () => {
    const schema = lenientList(Item);
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.oneof(fc.record({ id: fc.integer({ min: -3, max: 50 }), name: fc.oneof(fc.string(), fc.integer()) }), fc.anything()), { maxLength: 8 }), fc.anything()), (value) => {
        const result = v.safeParse(schema, value);
        if (!Array.isArray(value)) {
          expect(result.success).toBe(false);
          return;
        }
        expect(result.success).toBe(true);
        if (result.success) expect(result.output).toEqual(value.filter((entry) => v.is(Item, entry)));
      }),
      { numRuns: 1000 },
    );
    expect(lenientItem(schema)).toBe(Item);
    expect(lenientItem(v.array(Item))).toBeUndefined();
  });

  it('page: a page with a bad item keeps the rest; total, page and limit must be integers', () => {
    const schema = page(Item);
    expect(v.parse(schema, { list: [{ id: 1, name: 'a' }, { id: 0, name: 'b' }, { id: 2, name: 'c' }], total: 3, page: 1, limit: 20 }).list).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'c' }]);
    expect(v.is(schema, { list: [], total: '3', page: 1, limit: 20 })).toBe(false);
  });

  it('url: only a same-origin path, http(s) or nothing; never whitespace, quotes or angle brackets', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('javascript:alert(1)', '//evil.example/x.png', 'data:text/html,x', '/art/a.png', '', ' /media/a.webp', '/media/a.webp" onerror="x', 'https://a.example/x y')), (text) => {
        const ok = v.is(url, text);
        expect(ok).toBe(text === '' || (((text.startsWith('/') && !text.startsWith('//')) || /^https?:\/\//i.test(text)) && !/[\s"'<>]/.test(text)));
        if (ok && text !== '') expect(isSafeUrl(text)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('instant, count and positive: what Date reads; safe integers from 0; integers from 1 to a PostgreSQL integer', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), fc.string(), (date, text) => {
        expect(v.is(instant, date.toISOString())).toBe(true);
        expect(v.is(instant, text)).toBe(!Number.isNaN(Date.parse(text)));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53, 2_147_483_647, 2_147_483_648), fc.anything()), (value) => {
        const safe = typeof value === 'number' && Number.isSafeInteger(value);
        expect(v.is(count, value)).toBe(safe && (value as number) >= 0);
        expect(v.is(positive, value)).toBe(safe && (value as number) >= 1 && (value as number) <= 2_147_483_647);
      }),
      { numRuns: 1000 },
    );
  });
});
