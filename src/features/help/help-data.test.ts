import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedbackView } from '../../../api/protocol/calls/feedback.ts';
import type { ArticleView } from '../../../api/protocol/calls/help.ts';
import { ARTICLE_KINDS, ARTICLE_SLUG_PATTERN, charCount, FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, FEEDBACK_STATUS_TEXT, FEEDBACK_STATUSES, GAME_NAME_MAX } from '../../../api/protocol/help-rules.ts';
import { articleRefOf, decodeAboutItems, decodeActivities, decodeArticle, decodeFaq, decodeFeedbackList, feedbackIdOf, searchWordOf } from './help-data.ts';
import { searchQuestions } from './help-parts.tsx';

/**
 * The help and feedback decoders and route data (help-data.ts): whatever arrives — an answer, a
 * `data` query object — they never throw, keep only well-formed items with safe URLs, and give
 * back a well-formed answer unchanged.
 */

const RUNS = 1000;
const anything = fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true });
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const safeUrl = fc.oneof(fc.constantFrom('', '/media/feedback/a.webp', '/art/banner/h3v1.svg', 'https://cdn.example/a.png'));
const unsafeUrl = fc.constantFrom('javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AA', 'vbscript:x', ' /media/a.webp');
const link = fc.record({ id, title: text(100), summary: fc.string({ maxLength: 300 }) });

const feedback: fc.Arbitrary<FeedbackView> = fc
  .record({
    id,
    category: fc.constantFrom(...FEEDBACK_CATEGORIES),
    status: fc.constantFrom(...FEEDBACK_STATUSES),
    content: fc.string({ maxLength: 500 }),
    game_name: fc.string({ maxLength: 30 }),
    contact: fc.string({ maxLength: 50 }),
    images: fc.array(fc.constantFrom('/media/feedback/a.webp', '/media/feedback/b.webp', 'https://cdn.example/c.webp'), { maxLength: 4 }),
    created_at: instant,
    replies: fc.array(fc.record({ id, content: fc.string({ maxLength: 1000 }), created_at: instant }), { maxLength: 3 }),
  })
  .map((f) => ({ ...f, category_text: FEEDBACK_CATEGORY_TEXT[f.category], status_text: FEEDBACK_STATUS_TEXT[f.status] }));

const article: fc.Arbitrary<ArticleView> = fc.record({
  id,
  kind: fc.constantFrom(...ARTICLE_KINDS),
  slug: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/),
  title: text(100),
  summary: fc.string({ maxLength: 300 }),
  content: fc.string({ maxLength: 500 }),
  cover: safeUrl,
  category: fc.option(fc.record({ id, name: fc.string({ maxLength: 40 }) }), { nil: null }),
  published_at: instant,
  updated_at: instant,
  related: fc.array(link, { maxLength: 4 }),
});

describe('answer decoders', () => {
  it('never throw, and what they keep is well-formed', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const faq = decodeFaq(value);
        if (faq) for (const category of faq) expect(category.id > 0 && category.name !== '' && category.questions.length > 0).toBe(true);
        const one = decodeArticle(value);
        if (one) expect((ARTICLE_KINDS as readonly string[]).includes(one.kind) && one.id > 0 && one.title !== '').toBe(true);
        for (const item of decodeActivities(value)) expect(item.id > 0 && item.title !== '').toBe(true);
        for (const item of decodeAboutItems(value)) expect(item.id > 0).toBe(true);
        for (const item of decodeFeedbackList(value)) {
          expect(item.id).toBeGreaterThan(0);
          expect(item.images.length).toBeLessThanOrEqual(4);
          for (const url of item.images) expect(url.startsWith('/') && !url.startsWith('//') ? true : /^https?:\/\//i.test(url)).toBe(true);
        }
      }),
      { numRuns: RUNS, seed: 31 },
    );
  });

  it('give well-formed answers back unchanged', () => {
    fc.assert(
      fc.property(fc.array(feedback, { maxLength: 4 }), article, fc.array(link, { minLength: 1, maxLength: 4 }), (list, one, questions) => {
        expect(decodeFeedbackList(list)).toEqual(list);
        expect(decodeArticle(one)).toEqual(one);
        expect(decodeFaq({ categories: [{ id: 1, name: '账号与登录', questions }] })).toEqual([{ id: 1, name: '账号与登录', questions }]);
      }),
      { numRuns: 300, seed: 32 },
    );
  });

  it('drop items with a bad id, kind or status, and unsafe picture or cover URLs', () => {
    fc.assert(
      fc.property(feedback, unsafeUrl, fc.constantFrom(0, -1, 1.5, 'x', null, 2_147_483_648), (good, bad, badId) => {
        expect(decodeFeedbackList([{ ...good, id: badId }, { ...good, status: 'deleted' }, { ...good, category: 'praise' }])).toEqual([]);
        expect(decodeFeedbackList([{ ...good, images: [bad, ...good.images] }])[0]!.images).toEqual(good.images.slice(0, 4));
        expect(decodeActivities([{ id: 1, title: 't', cover: bad }])[0]!.cover).toBe('');
      }),
      { numRuns: 300, seed: 33 },
    );
  });
});

describe('route data', () => {
  const data = fc.oneof(fc.constant(null), fc.dictionary(fc.constantFrom('id', 'slug', 'keyword', 'x'), anything, { maxKeys: 3 }));

  it('articleRefOf: a positive id first, else a valid slug, else null', () => {
    fc.assert(
      fc.property(data, (value) => {
        const ref = articleRefOf(value);
        if (ref === null) return;
        if ('id' in ref) expect(Number.isSafeInteger(ref.id) && ref.id > 0 && ref.id <= 2_147_483_647).toBe(true);
        else expect(ARTICLE_SLUG_PATTERN.test(ref.slug)).toBe(true);
      }),
      { numRuns: RUNS, seed: 34 },
    );
    expect(articleRefOf({ id: 7, slug: 'guide' })).toEqual({ id: 7 });
    expect(articleRefOf({ id: '7' })).toEqual({ id: 7 });
    expect(articleRefOf({ slug: ' about-company ' })).toEqual({ slug: 'about-company' });
    expect(articleRefOf({ slug: '../x' })).toBeNull();
  });

  it('searchWordOf: one clean line of at most 30 characters; feedbackIdOf: a positive id or 0', () => {
    fc.assert(
      fc.property(data, (value) => {
        const word = searchWordOf(value);
        expect(charCount(word)).toBeLessThanOrEqual(GAME_NAME_MAX);
        expect(word).not.toMatch(/[\n\r\t\u0000-\u001f\u200b\u202e]/);
        const feedbackId = feedbackIdOf(value);
        expect(feedbackId === 0 || (Number.isSafeInteger(feedbackId) && feedbackId > 0)).toBe(true);
      }),
      { numRuns: RUNS, seed: 35 },
    );
    expect(searchWordOf({ keyword: ' 原神\n国际服 ' })).toBe('原神 国际服');
  });
});

describe('searchQuestions', () => {
  it('answers exactly the questions whose title or summary hold every word', () => {
    const word = fc.constantFrom('验证码', '充值', 'QQ', '密码', '', ' ');
    fc.assert(
      fc.property(fc.array(fc.record({ id, name: text(10), questions: fc.array(link, { maxLength: 4 }) }), { maxLength: 4 }), fc.array(word, { maxLength: 3 }), (categories, words) => {
        const query = words.join(' ');
        const found = searchQuestions(categories, query);
        const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
        const expected = terms.length === 0 ? [] : categories.flatMap((c) => c.questions.filter((q) => terms.every((t) => `${q.title} ${q.summary}`.toLowerCase().includes(t))).map((q) => q.id));
        expect(found.map((q) => q.id)).toEqual(expected);
      }),
      { numRuns: 500, seed: 36 },
    );
  });
});
