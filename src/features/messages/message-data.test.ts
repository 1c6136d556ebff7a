import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../../../api/protocol/messages.ts';
import { decodeAppVersion } from '../update/app-version.ts';
import { badgeText, formatMessageTime, idOf, kindOf } from './message-data.ts';

const T = '2026-06-01T02:03:04.000Z';
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 0, 1e300, '', '1', [], {}, T, 'x'.repeat(3000), 'javascript:alert(1)', '//evil.example'));

describe('message centre helpers', () => {
  it('read route data and badges', () => {
    expect(idOf({ id: '12' })).toBe(12);
    expect(kindOf({ kind: 'system' })).toBe('system');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(99)).toBe('99');
  });

  it('route data: ids are positive 32-bit integers, kinds one of the kinds, else nothing', () => {
    fc.assert(
      fc.property(junk, junk, (id, kind) => {
        const n = idOf({ id });
        expect(n === 0 || (Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647)).toBe(true);
        const k = kindOf({ kind });
        expect(k === null || MESSAGE_KINDS.includes(k)).toBe(true);
      }),
    );
    expect(idOf(null)).toBe(0);
    expect(kindOf(null)).toBeNull();
  });

  it('formats times in China time: this year as MM-DD HH:mm, earlier years with the year', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    expect(formatMessageTime('2026-06-01T02:03:04Z', now)).toBe('06-01 10:03');
    expect(formatMessageTime('2025-12-31T17:00:00Z', now)).toBe('01-01 01:00');
    expect(formatMessageTime('2024-03-01T00:00:00Z', now)).toBe('2024-03-01');
    expect(formatMessageTime('nope', now)).toBe('');
  });
});

describe('the update check decoder (/down/appVersion)', () => {
  const answer = { version_name: '3.4.0', version_code: '3.4.0', min_supported_code: '3.2.0', url: '/down/app/lewan-3.4.0.apk', size: 3146145, md5: 'A'.repeat(32), notes: '1. 新增\n2. 优化', has_update: true, force_update: false };

  it('keeps a well-formed answer; an older server without min_supported_code falls back to force_update', () => {
    expect(decodeAppVersion(answer, '3.3.3')).toEqual({ versionName: '3.4.0', versionCode: '3.4.0', minSupported: '3.2.0', url: '/down/app/lewan-3.4.0.apk', size: 3146145, md5: 'a'.repeat(32), notes: '1. 新增\n2. 优化' });
    const { min_supported_code: _, ...old } = answer;
    expect(decodeAppVersion({ ...old, force_update: true }, '3.3.3')?.minSupported).toBe('3.4.0');
    expect(decodeAppVersion(old, '3.3.3')?.minSupported).toBe('3.3.3');
    for (const url of ['javascript:alert(1)', '//evil.example/a.apk', '', 5]) expect(decodeAppVersion({ ...answer, url }, '3.3.3')).toBeNull();
    expect(decodeAppVersion({ ...answer, version_code: '333' }, '3.3.3')).toBeNull();
  });

  it('never throws; what it answers is checked', () => {
    fc.assert(
      fc.property(junk, junk, junk, junk, junk, (code, min, url, size, md5) => {
        const decoded = decodeAppVersion({ ...answer, version_code: code, min_supported_code: min, url, size, md5 }, '3.3.3');
        if (!decoded) return;
        expect(decoded.versionCode).toMatch(/^\d{1,4}(\.\d{1,4}){1,3}$/);
        expect(decoded.minSupported).toMatch(/^\d{1,4}(\.\d{1,4}){1,3}$/);
        expect(decoded.url.startsWith('/') || /^https?:\/\//i.test(decoded.url)).toBe(true);
        expect(decoded.md5 === '' || /^[0-9a-f]{32}$/.test(decoded.md5)).toBe(true);
        expect(Number.isSafeInteger(decoded.size) && decoded.size >= 0).toBe(true);
      }),
      { numRuns: 400 },
    );
    fc.assert(fc.property(junk, (whole) => void decodeAppVersion(whole, '3.3.3')));
  });
});
