import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFields } from './call-spec.ts';
import { isStoreImage, STORE_ADMIN_MSG, STORE_DESCRIPTION_MAX, STORE_IMAGE_MAX, STORE_TITLE_MAX } from './store-admin.ts';
import { decodeStoreText, decodeStoreTime, save, setShelf } from './staff/store.ts';

/** 积分商城 items' decoders under arbitrary input: they never throw, and what they decode is what was typed. */

const form = { kind: 'coins', coins_cents: 100, title: '1元乐玩币', points_price: 200, total: 10, per_user_limit: 0, sort: 0 };

describe('decodeStoreText', () => {
  it('never throws; decoded text is one line within its limit, the typed words with blanks folded', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), fc.integer({ min: 1, max: 40 }), fc.boolean(), (raw, max, required) => {
        const t = decodeStoreText(raw, max, required);
        if (t === null) return;
        expect([...t].length).toBeLessThanOrEqual(max);
        expect(t).not.toMatch(/\s\s|[\n\r\t]/);
        if (required) expect(t).not.toBe('');
        if (typeof raw === 'string') expect(t.replace(/\s/g, '')).toBe(raw.replace(/\s/g, ''));
      }),
    );
  });

  it('keeps any title of 1–max characters (Chinese included) as typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('积', '分', 'A', '1', '元'), minLength: 1, maxLength: STORE_TITLE_MAX }), (title) => {
        expect(decodeStoreText(title, STORE_TITLE_MAX, true)).toBe(title);
      }),
    );
  });
});

describe('decodeStoreTime', () => {
  it('never throws; an ISO instant decodes to the same moment, absent to null', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        expect(decodeStoreTime(at.toISOString())).toEqual({ ok: true, value: at });
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (raw) => {
        const at = decodeStoreTime(raw);
        if (at.ok && at.value !== null) expect(Number.isNaN(at.value.getTime())).toBe(false);
      }),
    );
    expect(decodeStoreTime(undefined)).toEqual({ ok: true, value: null });
    expect(decodeStoreTime('')).toEqual({ ok: true, value: null });
    expect(decodeStoreTime('2026-03-03 10:00').ok).toBe(false);
  });
});

describe('isStoreImage', () => {
  it('never throws; an accepted image is empty, a site path or an http(s) URL, without blanks, within its length', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (text) => {
        if (!isStoreImage(text)) return;
        if (text === '') return;
        expect(text.length).toBeLessThanOrEqual(STORE_IMAGE_MAX);
        expect(text).not.toMatch(/\s/);
        expect(/^https?:\/\/[^/]/i.test(text) || (text.startsWith('/') && !text.startsWith('//'))).toBe(true);
      }),
    );
    expect(isStoreImage('javascript:alert(1)')).toBe(false);
    expect(isStoreImage('//evil.example/x.png')).toBe(false);
  });
});

describe('store.save and store.setShelf fields', () => {
  it('a description over its limit is refused with its message; within it, kept', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('说', '明', 'x'), maxLength: STORE_DESCRIPTION_MAX + 20 }), (description) => {
        const result = parseFields(save, { ...form, description });
        if ([...description].length > STORE_DESCRIPTION_MAX) expect(result).toEqual({ ok: false, message: STORE_ADMIN_MSG.descriptionLong });
        else expect(result.ok && result.value.description).toBe(description);
      }),
    );
  });

  it('numbers decode within their ranges; 0 每人限兑 is 0 (no limit), absent 上架 is on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1000 }), (price, total, limit) => {
        const result = parseFields(save, { ...form, points_price: String(price), total, per_user_limit: limit });
        expect(result.ok && [result.value.points_price, result.value.total, result.value.per_user_limit, result.value.active]).toEqual([price, total, limit, true]);
      }),
    );
    expect(parseFields(save, { ...form, points_price: 0 })).toEqual({ ok: false, message: STORE_ADMIN_MSG.price });
    expect(parseFields(save, { ...form, total: -1 })).toEqual({ ok: false, message: STORE_ADMIN_MSG.total });
  });

  it('setShelf needs on as 1 or 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.boolean(), fc.integer()), (on) => {
        const result = parseFields(setShelf, { id: 1, on });
        const t = typeof on === 'boolean' ? (on ? '1' : '0') : String(on).trim();
        if (t === '1' || t === '0') expect(result).toEqual({ ok: true, value: { id: 1, on: t === '1' } });
        else expect(result).toEqual({ ok: false, message: STORE_ADMIN_MSG.shelf });
      }),
    );
  });
});
