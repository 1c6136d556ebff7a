import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_KINDS, FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, FEEDBACK_STATUS_TEXT, FEEDBACK_STATUSES } from '../../../api/protocol/help-rules.ts';
import { isRoutePath, MESSAGE_KIND_NAMES, MESSAGE_KINDS, MESSAGE_LINK_DATA_MAX } from '../../../api/protocol/messages.ts';
import type { StaffArticle } from '../../../api/protocol/staff/articles.ts';
import type { StaffBroadcast } from '../../../api/protocol/staff/broadcasts.ts';
import type { StaffFeedbackItem } from '../../../api/protocol/staff/feedback.ts';
import { NOTICE_STATES, type StaffNotice } from '../../../api/protocol/staff/notices.ts';
import {
  articlesSearch,
  broadcastsSearch,
  decodeArticle,
  decodeArticlePage,
  decodeBroadcast,
  decodeBroadcastPage,
  decodeCategories,
  decodeFeedbackItem,
  decodeFeedbackPage,
  decodeNotice,
  decodeNoticePage,
  decodePreview,
  feedbackSearch,
  noticesSearch,
  parseArticlesQuery,
  parseBroadcastsQuery,
  parseFeedbackQuery,
  parseLinkInput,
  parseNoticesQuery,
  safeImageUrl,
  type ArticlesQuery,
  type BroadcastsQuery,
  type FeedbackQuery,
  type NoticesQuery,
} from './content-data.ts';

/**
 * The content modules' decoders (content-data.ts): whatever arrives they never throw; what they
 * keep is well-formed (ids, kinds, safe picture URLs); a well-formed answer comes back unchanged;
 * the lists' URL queries go round; the broadcast form's link follows the server's rule.
 */

const RUNS = 1000;
const anything = fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true });
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const picture = fc.constantFrom('/media/feedback/0123456789abcdef0123456789abcdef.webp', 'https://cdn.example/feedback/a.webp', 'http://127.0.0.1:9000/bucket/feedback/b.webp');
const unsafe = fc.constantFrom('javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AA', 'vbscript:x', ' /media/a.webp', '/media/a.webp" onerror="x', 'https://a.example/x y');
const routePath = fc.stringMatching(/^\/[A-Za-z0-9_-]{0,20}$/);
const linkData = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.boolean()), { maxKeys: 4 });

const feedbackItem: fc.Arbitrary<StaffFeedbackItem> = fc
  .record({
    id,
    category: fc.constantFrom(...FEEDBACK_CATEGORIES),
    status: fc.constantFrom(...FEEDBACK_STATUSES),
    content: fc.string({ maxLength: 500 }),
    game_name: fc.string({ maxLength: 30 }),
    contact: fc.string({ maxLength: 50 }),
    images: fc.array(picture, { maxLength: 4 }),
    created_at: instant,
    updated_at: instant,
    user: fc.record({ id, nickname: fc.string({ maxLength: 20 }), phone: fc.constantFrom('138****0000', '') }),
    replies: fc.array(fc.record({ id, content: fc.string({ maxLength: 1000 }), created_at: instant, staff_id: id, staff_name: fc.string({ maxLength: 32 }) }), { maxLength: 3 }),
    event_log: fc.option(fc.record({ size: id })),
  })
  .map((f) => ({ ...f, category_text: FEEDBACK_CATEGORY_TEXT[f.category], status_text: FEEDBACK_STATUS_TEXT[f.status] }));

const notice: fc.Arbitrary<StaffNotice> = fc.record({
  id,
  title: text(60),
  content: fc.string({ maxLength: 500 }),
  popup: fc.boolean(),
  published_at: instant,
  withdrawn_at: fc.option(instant, { nil: null }),
  author_name: fc.string({ maxLength: 32 }),
  withdrawn_by_name: fc.string({ maxLength: 32 }),
  seen_count: fc.nat(),
});

const broadcast: fc.Arbitrary<StaffBroadcast> = fc
  .record({
    id,
    kind: fc.constantFrom(...MESSAGE_KINDS),
    title: text(50),
    content: fc.string({ maxLength: 2000 }),
    link: fc.option(fc.oneof(routePath.map((path) => ({ path })), fc.record({ path: routePath, data: linkData })), { nil: null }),
    author_name: fc.string({ maxLength: 32 }),
    created_at: instant,
    read_count: fc.nat(),
  })
  .map((b) => ({ ...b, kind_name: MESSAGE_KIND_NAMES[b.kind] }));

const article: fc.Arbitrary<StaffArticle> = fc.record({
  id,
  kind: fc.constantFrom(...ARTICLE_KINDS),
  category_id: fc.option(id, { nil: null }),
  slug: fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/), { nil: null }),
  title: fc.string({ maxLength: 60 }),
  summary: fc.string({ maxLength: 200 }),
  cover: fc.oneof(fc.constant(''), picture),
  sort_order: fc.integer({ min: 0, max: 9999 }),
  published: fc.boolean(),
  published_at: fc.option(instant, { nil: null }),
  updated_at: instant,
  content: fc.string({ maxLength: 500 }),
});

const json = <T>(value: T): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('answer decoders', () => {
  it('never throw, and keep only well-formed items with safe pictures', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const one = decodeFeedbackItem(value);
        if (one) {
          expect(one.id > 0 && one.user.id > 0).toBe(true);
          expect((FEEDBACK_STATUSES as readonly string[]).includes(one.status)).toBe(true);
          for (const url of one.images) expect(safeImageUrl(url)).toBe(url);
        }
        const page = decodeFeedbackPage(value);
        if (page) expect(page.page >= 1 && page.total >= 0 && page.counts.pending >= 0).toBe(true);
        for (const decode of [decodeNotice, decodeBroadcast, decodeArticle]) {
          const item = decode(value);
          if (item) expect(item.id).toBeGreaterThan(0);
        }
        for (const decode of [decodeNoticePage, decodeBroadcastPage, decodeArticlePage]) {
          const p = decode(value);
          if (p) expect(p.list.every((item) => item.id > 0)).toBe(true);
        }
        const b = decodeBroadcast(value);
        if (b?.link) expect(isRoutePath(b.link.path)).toBe(true);
        const categories = decodeCategories(value);
        if (categories) expect(categories.every((c) => c.id > 0)).toBe(true);
        const preview = decodePreview(value);
        if (preview) expect(typeof preview.html).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });

  it('give a well-formed answer back unchanged', () => {
    fc.assert(
      fc.property(feedbackItem, notice, broadcast, article, (f, n, b, a) => {
        expect(decodeFeedbackItem(json(f))).toEqual(f);
        expect(decodeNotice(json(n))).toEqual(n);
        expect(decodeBroadcast(json(b))).toEqual(b);
        expect(decodeArticle(json(a))).toEqual(a);
        expect(decodeFeedbackPage(json({ list: [f], total: 7, page: 2, limit: 20, counts: { pending: 3, replied: 2, closed: 2 } }))).toEqual({ list: [f], total: 7, page: 2, limit: 20, counts: { pending: 3, replied: 2, closed: 2 } });
      }),
      { numRuns: RUNS },
    );
  });

  it('drop an item whose picture is unsafe, never the item', () => {
    fc.assert(
      fc.property(feedbackItem, unsafe, (f, bad) => {
        const decoded = decodeFeedbackItem(json({ ...f, images: [bad, ...f.images] }));
        expect(decoded?.images).toEqual(f.images);
        expect(safeImageUrl(bad)).toBe('');
      }),
      { numRuns: 200 },
    );
  });
});

describe('safeImageUrl', () => {
  it('answers a site path or an http(s) URL unchanged, anything else empty', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), picture, unsafe), (value) => {
        const safe = safeImageUrl(value);
        if (safe === '') return;
        expect(safe).toBe(value);
        expect(/^(\/(?!\/)|https?:\/\/)/.test(safe)).toBe(true);
        expect(/[\s"'<>]/.test(safe)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('list queries in the URL', () => {
  const pageArb = fc.integer({ min: 1, max: 100_000 });
  const feedbackQuery: fc.Arbitrary<FeedbackQuery> = fc.record({
    status: fc.option(fc.constantFrom(...FEEDBACK_STATUSES), { nil: null }),
    category: fc.option(fc.constantFrom(...FEEDBACK_CATEGORIES), { nil: null }),
    userId: fc.option(id, { nil: null }),
    page: pageArb,
    id: fc.option(id, { nil: null }),
  });
  const noticesQuery: fc.Arbitrary<NoticesQuery> = fc.record({ state: fc.option(fc.constantFrom(...NOTICE_STATES), { nil: null }), page: pageArb });
  const broadcastsQuery: fc.Arbitrary<BroadcastsQuery> = fc.record({ kind: fc.option(fc.constantFrom(...MESSAGE_KINDS), { nil: null }), page: pageArb });
  const articlesQuery: fc.Arbitrary<ArticlesQuery> = fc.record({ kind: fc.option(fc.constantFrom(...ARTICLE_KINDS), { nil: null }), page: pageArb, edit: fc.option(fc.oneof(id, fc.constant('new' as const)), { nil: null }) });

  it('go round: parse(search(q)) is q', () => {
    fc.assert(
      fc.property(feedbackQuery, noticesQuery, broadcastsQuery, articlesQuery, (f, n, b, a) => {
        expect(parseFeedbackQuery(feedbackSearch(f))).toEqual(f);
        expect(parseNoticesQuery(noticesSearch(n))).toEqual(n);
        expect(parseBroadcastsQuery(broadcastsSearch(b))).toEqual(b);
        expect(parseArticlesQuery(articlesSearch(a))).toEqual(a);
      }),
      { numRuns: RUNS },
    );
  });

  it('read any search string into valid filters without throwing; nothing given is the pending queue, page 1', () => {
    const search = fc.oneof(fc.string(), fc.string().map((s) => `?${s}`), fc.constantFrom('?page=0', '?page=-1', '?page=1e3', '?id=2147483648', '?status=all', '?status=done&page=2', '?%E0%A4%A'));
    fc.assert(
      fc.property(search, (s) => {
        const f = parseFeedbackQuery(s);
        expect(f.page >= 1 && Number.isSafeInteger(f.page)).toBe(true);
        expect(f.status === null || (FEEDBACK_STATUSES as readonly string[]).includes(f.status)).toBe(true);
        expect(f.id === null || (f.id > 0 && f.id <= 2_147_483_647)).toBe(true);
        const a = parseArticlesQuery(s);
        expect(a.edit === null || a.edit === 'new' || a.edit > 0).toBe(true);
        parseNoticesQuery(s);
        parseBroadcastsQuery(s);
      }),
      { numRuns: RUNS },
    );
    expect(parseFeedbackQuery('')).toEqual({ status: 'pending', category: null, userId: null, page: 1, id: null });
    expect(parseFeedbackQuery('?status=all').status).toBeNull();
  });
});

describe('the broadcast form’s link', () => {
  it('a route path with an object of data is accepted as it is; no path and no data is no link', () => {
    fc.assert(
      fc.property(routePath, fc.option(linkData, { nil: undefined }), (path, data) => {
        const parsed = parseLinkInput(` ${path} `, data === undefined ? '' : JSON.stringify(data));
        if (data !== undefined && JSON.stringify(data).length > MESSAGE_LINK_DATA_MAX) expect(parsed.ok).toBe(false);
        else expect(parsed).toEqual({ ok: true, link: data === undefined ? { path } : { path, data } });
      }),
      { numRuns: RUNS },
    );
    expect(parseLinkInput('', '')).toEqual({ ok: true, link: null });
  });

  it('whatever is typed, an accepted link is one the server accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), routePath, fc.constantFrom('javascript:alert(1)', 'https://evil.example', '/mine?x=1')), fc.oneof(fc.string(), fc.json(), fc.constantFrom('[1]', 'null', '1', '{"id":1}')), (path, data) => {
        const parsed = parseLinkInput(path, data);
        if (!parsed.ok) {
          expect(parsed.message).not.toBe('');
          return;
        }
        if (parsed.link === null) {
          expect(path.trim()).toBe('');
          return;
        }
        expect(isRoutePath(parsed.link.path)).toBe(true);
        if (parsed.link.data !== undefined) {
          expect(typeof parsed.link.data === 'object' && !Array.isArray(parsed.link.data)).toBe(true);
          expect(JSON.stringify(parsed.link.data).length).toBeLessThanOrEqual(MESSAGE_LINK_DATA_MAX);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
