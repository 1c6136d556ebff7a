import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_KINDS, FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '../../../api/protocol/help-rules.ts';
import { isRoutePath, MESSAGE_KINDS, MESSAGE_LINK_DATA_MAX } from '../../../api/protocol/messages.ts';
import { NOTICE_STATES } from '../../../api/protocol/staff/notices.ts';
import {
  articlesSearch,
  broadcastsSearch,
  feedbackSearch,
  noticesSearch,
  parseArticlesQuery,
  parseBroadcastsQuery,
  parseFeedbackQuery,
  linkProblems,
  parseLinkInput,
  parseNoticesQuery,
  safeImageUrl,
  type ArticlesQuery,
  type BroadcastsQuery,
  type FeedbackQuery,
  type NoticesQuery,
} from './content-data.ts';

/**
 * The content modules' view rules (content-data.ts): which picture address the console loads; the
 * lists' URL queries go round; the broadcast form's link follows the server's rule. (Their answers'
 * schemas are tested in api/protocol/staff/content-answers.property.test.ts.)
 */

const RUNS = 1000;
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const picture = fc.constantFrom('/media/feedback/0123456789abcdef0123456789abcdef.webp', 'https://cdn.example/feedback/a.webp', 'http://127.0.0.1:9000/bucket/feedback/b.webp');
const unsafe = fc.constantFrom('javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AA', 'vbscript:x', ' /media/a.webp', '/media/a.webp" onerror="x', 'https://a.example/x y');
const routePath = fc.stringMatching(/^\/[A-Za-z0-9_-]{0,20}$/);
const linkData = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.boolean()), { maxKeys: 4 });

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

  it('a refused link is shown under one field, the page or the data, with the parser’s message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), routePath, fc.constant('')), fc.oneof(fc.string(), fc.json(), fc.constantFrom('', '[1]', '{"id":1}')), (path, data) => {
        const parsed = parseLinkInput(path, data);
        const problems = linkProblems(path, data);
        if (parsed.ok) expect(problems).toEqual({ path: null, data: null });
        else {
          expect([problems.path, problems.data].filter((problem) => problem !== null)).toEqual([parsed.message]);
          // The data is blamed only when the page alone is a good one.
          if (problems.data !== null) expect(parseLinkInput(path, '').ok && path.trim() !== '').toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
