import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../call-spec.ts';
import { ARTICLE_KINDS, FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, FEEDBACK_STATUS_TEXT, FEEDBACK_STATUSES } from '../help-rules.ts';
import { isRoutePath, MESSAGE_KIND_NAMES, MESSAGE_KINDS } from '../messages.ts';
import * as articles from './articles.ts';
import * as broadcasts from './broadcasts.ts';
import * as feedback from './feedback.ts';
import * as notices from './notices.ts';

/**
 * The content modules' answer schemas (意见反馈, 公告, 站内广播, 帮助文章), as the console's client
 * reads them: whatever arrives they never throw; what they keep is well-formed (ids, kinds, safe
 * picture URLs); a well-formed answer comes back unchanged; an unsafe picture is dropped, never the
 * item.
 */

type StaffArticle = articles.StaffArticle;
type StaffBroadcast = broadcasts.StaffBroadcast;
type StaffFeedbackItem = feedback.StaffFeedbackItem;
type StaffNotice = notices.StaffNotice;

/** The schema's output, or null when the value does not fit (what the client answers as its bad answer). */
const by =
  <T,>(schema: v.GenericSchema<unknown, T>) =>
  (value: unknown): T | null => {
    const result = v.safeParse(schema, value);
    return result.success ? result.output : null;
  };
const decodeFeedbackItem = by(feedback.StaffFeedbackItem);
const decodeFeedbackPage = by(feedback.list.answer.schema);
const decodeNotice = by(notices.StaffNotice);
const decodeNoticePage = by(notices.list.answer.schema);
const decodeBroadcast = by(broadcasts.StaffBroadcast);
const decodeBroadcastPage = by(broadcasts.list.answer.schema);
const decodeArticle = by(articles.StaffArticle);
const decodeArticlePage = by(articles.list.answer.schema);
const decodeCategories = (value: unknown) => by(articles.categories.answer.schema)(value)?.list ?? null;
const decodePreview = by(notices.HtmlPreview);

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

describe('content answer schemas (property)', () => {
  it('never throw, and keep only well-formed items with safe pictures', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const one = decodeFeedbackItem(value);
        if (one) {
          expect(one.id > 0 && one.user.id > 0).toBe(true);
          expect((FEEDBACK_STATUSES as readonly string[]).includes(one.status)).toBe(true);
          for (const url of one.images) expect(isSafeUrl(url)).toBe(true);
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

  it('drop a picture that is unsafe, never the item', () => {
    fc.assert(
      fc.property(feedbackItem, unsafe, (f, bad) => {
        const decoded = decodeFeedbackItem(json({ ...f, images: [bad, ...f.images] }));
        expect(decoded?.images).toEqual(f.images);
        expect(isSafeUrl(bad)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

