import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { appVersion, type AppVersionInfo } from './down.ts';

/** /down/appVersion as the client decodes it (request() given the declaration). */

const T = '2026-06-01T02:03:04.000Z';
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 0, 1e300, '', '1', [], {}, T, 'x'.repeat(3000), 'javascript:alert(1)', '//evil.example', '3.4.0', 'A'.repeat(32)));
const ANSWER = { version_name: '3.4.0', version_code: '3.4.0', min_supported_code: '3.2.0', url: '/down/app/lewan-3.4.0.apk', size: 3146145, md5: 'A'.repeat(32), notes: '1. 新增\n2. 优化', released_at: T, has_update: true, force_update: false };
const decode = (data: unknown): ApiOutcome<AppVersionInfo> => decodeAnswer<AppVersionInfo>(appVersion, { kind: 'ok', code: 1, msg: '', data });
const BAD = { kind: 'error', reason: 'badResponse' };

describe('the update check answer (/down/appVersion)', () => {
  it('keeps a well-formed answer, and one of an older server without min_supported_code; refuses unsafe URLs and undotted codes', () => {
    expect(decode(ANSWER)).toMatchObject({ kind: 'ok', data: ANSWER });
    const { min_supported_code: _, ...old } = ANSWER;
    expect(decode(old)).toMatchObject({ kind: 'ok', data: old });
    for (const url of ['javascript:alert(1)', '//evil.example/a.apk', '', 5, '/\\evil', `https://x/${'a'.repeat(500)}`]) expect(decode({ ...ANSWER, url })).toMatchObject(BAD);
    expect(decode({ ...ANSWER, version_code: '333' })).toMatchObject(BAD);
    expect(decode({ ...ANSWER, md5: 'z'.repeat(32) })).toMatchObject(BAD);
  });

  it('never throws; what passes is checked', () => {
    fc.assert(
      fc.property(junk, junk, junk, junk, junk, (code, min, url, size, md5) => {
        const outcome = decode({ ...ANSWER, version_code: code, min_supported_code: min, url, size, md5 });
        if (outcome.kind !== 'ok') return void expect(outcome).toMatchObject(BAD);
        const info = outcome.data;
        expect(info.version_code).toMatch(/^\d{1,4}(\.\d{1,4}){1,3}$/);
        expect(info.min_supported_code === undefined || /^\d{1,4}(\.\d{1,4}){1,3}$/.test(info.min_supported_code)).toBe(true);
        expect((info.url.startsWith('/') && !info.url.startsWith('//')) || /^https?:\/\//i.test(info.url)).toBe(true);
        expect(info.md5 === '' || /^[0-9a-f]{32}$/i.test(info.md5)).toBe(true);
        expect(Number.isSafeInteger(info.size) && info.size >= 0).toBe(true);
      }),
      { numRuns: 400 },
    );
    fc.assert(fc.property(junk, (whole) => void decode(whole)));
  });
});
