import { describe, expect, it } from 'vitest';
import { appUpdateOf } from './app-version.ts';

const T = '2026-06-01T02:03:04.000Z';
const ANSWER = { version_name: '3.4.0', version_code: '3.4.0', min_supported_code: '3.2.0', url: '/down/app/lewan-3.4.0.apk', size: 3146145, md5: 'A'.repeat(32), notes: '1. 新增\n2. 优化', released_at: T, has_update: true, force_update: false };

describe('the update dialog\'s view of /down/appVersion', () => {
  it('maps the answer; an older server without min_supported_code falls back to force_update', () => {
    expect(appUpdateOf(ANSWER, '3.3.3')).toEqual({ versionName: '3.4.0', versionCode: '3.4.0', minSupported: '3.2.0', url: '/down/app/lewan-3.4.0.apk', size: 3146145, md5: 'a'.repeat(32), notes: '1. 新增\n2. 优化' });
    const { min_supported_code: _, ...old } = ANSWER;
    expect(appUpdateOf({ ...old, force_update: true }, '3.3.3').minSupported).toBe('3.4.0');
    expect(appUpdateOf(old, '3.3.3').minSupported).toBe('3.3.3');
  });
});
