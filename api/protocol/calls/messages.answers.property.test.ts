import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { MESSAGE_KINDS, type MessageView, type NoticeSummary, type NoticeView, type UnreadCounts } from '../messages.ts';
import { getMessageDetail, getMessageList, getNoticeDetail, getNoticeList, getUnreadNotice } from './messages.ts';

const T = '2026-06-01T02:03:04.000Z';
const message = { id: 7, kind: 'order', title: '充值成功', content: '6.00乐玩币已到账。\n订单号：LW1', link: { path: '/rechargerecord' }, read: false, broadcast: false, created_at: T };
const junk = fc.oneof(fc.anything(), fc.constantFrom(null, undefined, NaN, -1, 0, 1e300, '', '1', [], {}, T, 'x'.repeat(3000), 'javascript:alert(1)', '//evil.example'));

/** What the client makes of a success answer with this data (request() given the declaration). */
const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const dataOf = <T>(outcome: ApiOutcome<T>): T | null => (outcome.kind === 'ok' ? outcome.data : null);
const pageOf = (list: unknown) => ({ list, total: 3, page: 1, limit: 20, unread: 0 });

describe('the message centre answers as the client decodes them', () => {
  it('keep well-formed answers', () => {
    expect(dataOf(decode(getMessageDetail, message))).toEqual(message);
    expect(dataOf(decode<{ list: MessageView[] }>(getMessageList, pageOf([message, { ...message, id: 'x' }, null])))?.list).toEqual([message]);
    const linked = { ...message, link: { path: '/gamedetail', data: { game_id: 3 } } };
    expect(dataOf(decode(getMessageDetail, linked))).toEqual(linked);
    const counts = { activity: 1, trading: 0, account_sale: 2, order: 3, system: 0, total: 6 };
    expect(dataOf(decode(getUnreadNotice, counts))).toEqual(counts);
    const notice = { id: 1, title: '公告', summary: '摘要', popup: true, published_at: T };
    expect(dataOf(decode<{ list: NoticeSummary[] }>(getNoticeList, pageOf([notice])))?.list).toEqual([notice]);
    expect(dataOf(decode(getNoticeDetail, { id: 1, title: '公告', content: '<p>x</p>', popup: false, published_at: T }))).toMatchObject({ id: 1, content: '<p>x</p>' });
  });

  it('a message whose link is not an app route is malformed: dropped from its list, the detail an error', () => {
    for (const path of ['https://evil.example', 'javascript:alert(1)', '//evil.example', '/mine?x=1', 'mine', '', 5]) {
      const bad = { ...message, link: { path } };
      expect(decode(getMessageDetail, bad)).toMatchObject({ kind: 'error', reason: 'badResponse' });
      expect(dataOf(decode<{ list: MessageView[] }>(getMessageList, pageOf([bad, message])))?.list).toEqual([message]);
    }
    expect(decode(getMessageDetail, { ...message, link: { path: '/gamedetail', data: { x: 'y'.repeat(1000) } } }).kind).toBe('error');
  });

  it('unread counts whose total is not the sum of the kinds are the error (no badge)', () => {
    expect(decode(getUnreadNotice, { activity: 1, trading: 0, account_sale: 2, order: 3, system: 0, total: 999 })).toMatchObject({ kind: 'error', reason: 'badResponse' });
  });

  it('never throw and only let checked values through, whatever the server sends (property)', () => {
    fc.assert(
      fc.property(junk, junk, junk, junk, junk, junk, junk, (id, kind, title, content, link, read, created) => {
        const raw = { id, kind, title, content, link, read, broadcast: read, created_at: created };
        const decoded = dataOf(decode<MessageView>(getMessageDetail, raw));
        const list = dataOf(decode<{ list: MessageView[] }>(getMessageList, pageOf([raw, raw])))!.list;
        expect(list.length === 0 || list.length === 2).toBe(true);
        if (!decoded) return;
        expect(Number.isSafeInteger(decoded.id) && decoded.id > 0).toBe(true);
        expect(MESSAGE_KINDS).toContain(decoded.kind);
        expect(decoded.title.length).toBeGreaterThan(0);
        expect(typeof decoded.read).toBe('boolean');
        if (decoded.link) expect(decoded.link.path).toMatch(/^\/[A-Za-z0-9_-]*$/);
        expect(Number.isNaN(Date.parse(decoded.created_at))).toBe(false);
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...MESSAGE_KINDS, 'total', 'x'), fc.oneof(fc.nat(5), junk)), (counts) => {
        const decoded = dataOf(decode<UnreadCounts>(getUnreadNotice, counts));
        if (!decoded) return;
        for (const kind of MESSAGE_KINDS) expect(Number.isSafeInteger(decoded[kind]) && decoded[kind] >= 0).toBe(true);
        expect(decoded.total).toBe(MESSAGE_KINDS.reduce((sum, kind) => sum + decoded[kind], 0));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(junk, junk, junk, junk, (id, title, content, at) => {
        const notice = dataOf(decode<NoticeView>(getNoticeDetail, { id, title, content, popup: id, published_at: at }));
        if (notice) expect(notice.id > 0 && notice.title !== '' && typeof notice.content === 'string').toBe(true);
        const list = dataOf(decode<{ list: NoticeSummary[] }>(getNoticeList, pageOf([{ id, title, summary: content, popup: true, published_at: at }, id])))!.list;
        for (const item of list) expect(item.id > 0 && item.title !== '' && !Number.isNaN(Date.parse(item.published_at))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
