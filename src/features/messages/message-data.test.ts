import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../../../api/protocol/messages.ts';
import { decodeAppVersion } from '../update/app-version.ts';
import { badgeText, decodeLink, decodeMessage, decodeMessages, decodeNotice, decodeNotices, decodeUnreadCounts, formatMessageTime, idOf, kindOf } from './message-data.ts';

const T = '2026-06-01T02:03:04.000Z';
const message = { id: 7, kind: 'order', title: '充值成功', content: '6.00乐玩币已到账。\n订单号：LW1', link: { path: '/rechargerecord' }, read: false, broadcast: false, created_at: T };
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 0, 1e300, '', '1', [], {}, T, 'x'.repeat(3000), 'javascript:alert(1)', '//evil.example'));

describe('message centre decoders', () => {
  it('keep well-formed answers', () => {
    expect(decodeMessage(message)).toEqual({ ...message, link: { path: '/rechargerecord', data: null } });
    expect(decodeMessages([message, { ...message, id: 'x' }, null])).toHaveLength(1);
    expect(decodeLink({ path: '/gamedetail', data: { game_id: 3 } })).toEqual({ path: '/gamedetail', data: { game_id: 3 } });
    expect(decodeUnreadCounts({ activity: 1, trading: 0, account_sale: 2, order: 3, system: 0, total: 999 })).toEqual({ activity: 1, trading: 0, account_sale: 2, order: 3, system: 0, total: 6 });
    expect(decodeNotices([{ id: 1, title: '公告', summary: '摘要', popup: true, published_at: T }])).toEqual([{ id: 1, title: '公告', summary: '摘要', popup: true, published_at: T }]);
    expect(decodeNotice({ id: 1, title: '公告', content: '<p>x</p>', popup: false, published_at: T })).toMatchObject({ id: 1, content: '<p>x</p>' });
    expect(idOf({ id: '12' })).toBe(12);
    expect(kindOf({ kind: 'system' })).toBe('system');
    expect(badgeText(100)).toBe('99+');
  });

  it('a link that is not an app route is no link', () => {
    for (const path of ['https://evil.example', 'javascript:alert(1)', '//evil.example', '/mine?x=1', 'mine', '', 5]) expect(decodeLink({ path })).toBeNull();
    expect(decodeMessage({ ...message, link: { path: 'javascript:alert(1)' } })?.link).toBeNull();
  });

  it('never throw and only let checked values through, whatever the server sends', () => {
    fc.assert(
      fc.property(junk, junk, junk, junk, junk, junk, junk, (id, kind, title, content, link, read, created) => {
        const raw = { id, kind, title, content, link, read, broadcast: read, created_at: created };
        const decoded = decodeMessage(raw);
        const list = decodeMessages([raw, raw]);
        expect(list.length === 0 || list.length === 2).toBe(true);
        if (!decoded) return;
        expect(Number.isSafeInteger(decoded.id) && decoded.id > 0).toBe(true);
        expect(MESSAGE_KINDS).toContain(decoded.kind);
        expect(decoded.title.length).toBeGreaterThan(0);
        expect(Array.from(decoded.content).length).toBeLessThanOrEqual(2000);
        expect(typeof decoded.read).toBe('boolean');
        if (decoded.link) expect(decoded.link.path).toMatch(/^\/[A-Za-z0-9_-]*$/);
        if (decoded.created_at) expect(Number.isNaN(Date.parse(decoded.created_at))).toBe(false);
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...MESSAGE_KINDS, 'total', 'x'), junk), junk, (counts, whole) => {
        const decoded = decodeUnreadCounts(counts);
        expect(decoded).not.toBeNull();
        for (const kind of MESSAGE_KINDS) expect(Number.isSafeInteger(decoded![kind]) && decoded![kind] >= 0).toBe(true);
        expect(decoded!.total).toBe(MESSAGE_KINDS.reduce((sum, kind) => sum + decoded![kind], 0));
        const other = decodeUnreadCounts(whole);
        if (other) expect(other.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(junk, junk, junk, junk, (id, title, content, at) => {
        const notice = decodeNotice({ id, title, content, popup: id, published_at: at });
        if (notice) expect(notice.id > 0 && notice.title !== '' && typeof notice.content === 'string').toBe(true);
        for (const item of decodeNotices([{ id, title, summary: content, published_at: at }, id])) expect(item.id > 0 && item.title.length <= 60).toBe(true);
      }),
      { numRuns: 300 },
    );
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
