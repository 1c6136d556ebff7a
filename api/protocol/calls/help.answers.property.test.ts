import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { ARTICLE_KINDS, FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, FEEDBACK_STATUS_TEXT, FEEDBACK_STATUSES } from '../help-rules.ts';
import { getAboutUs } from './down.ts';
import { myOpinionReply, type FeedbackView } from './feedback.ts';
import { getArticleActivity, getArticleInfo, getQuestion, type ActivityArticle, type ArticleView, type FaqCategory } from './help.ts';

/**
 * The help and feedback answers as the client decodes them (request() given the declaration):
 * whatever arrives, never throws, keeps only well-formed items with safe URLs, and gives back a
 * well-formed answer unchanged.
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

const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const dataOf = <T>(outcome: ApiOutcome<T>): T | null => (outcome.kind === 'ok' ? outcome.data : null);
const pageOf = (list: unknown) => ({ list, total: 9, page: 1, limit: 10 });
const listOf = <T>(spec: Parameters<typeof decodeAnswer>[0], list: unknown): T[] => dataOf(decode<{ list: T[] }>(spec, pageOf(list)))?.list ?? [];

describe('help and feedback answers as the client decodes them (property)', () => {
  it('never throw, and what they keep is well-formed', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const faq = dataOf(decode<{ categories: FaqCategory[] }>(getQuestion, { categories: value }));
        if (faq) for (const category of faq.categories) expect(category.id > 0 && category.name !== '' && category.questions.length > 0).toBe(true);
        const one = dataOf(decode<ArticleView>(getArticleInfo, value));
        if (one) expect((ARTICLE_KINDS as readonly string[]).includes(one.kind) && one.id > 0 && one.title !== '').toBe(true);
        for (const item of listOf<ActivityArticle>(getArticleActivity, value)) expect(item.id > 0 && item.title !== '').toBe(true);
        const about = dataOf(decode<{ items: { id: number }[] }>(getAboutUs, { title: '关于我们', content: '', version: '3.4.0', items: value }));
        for (const item of about?.items ?? []) expect(item.id).toBeGreaterThan(0);
        for (const item of listOf<FeedbackView>(myOpinionReply, value)) {
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
        expect(listOf(myOpinionReply, list)).toEqual(list);
        expect(dataOf(decode(getArticleInfo, one))).toEqual(one);
        expect(dataOf(decode(getQuestion, { categories: [{ id: 1, name: '账号与登录', questions }] }))).toEqual({ categories: [{ id: 1, name: '账号与登录', questions }] });
      }),
      { numRuns: 300, seed: 32 },
    );
  });

  it('drop items with a bad id, kind or status or an unsafe cover URL, unsafe pictures, and empty FAQ categories', () => {
    fc.assert(
      fc.property(feedback, unsafeUrl, fc.constantFrom(0, -1, 1.5, 'x', null, 2_147_483_648), (good, bad, badId) => {
        expect(listOf(myOpinionReply, [{ ...good, id: badId }, { ...good, status: 'deleted' }, { ...good, category: 'praise' }, good])).toEqual([good]);
        expect(listOf(myOpinionReply, [{ ...good, images: [bad, ...good.images] }])).toEqual([good]);
        expect(listOf(getArticleActivity, [{ id: 1, title: 't', summary: '', cover: bad, published_at: '2026-01-01T00:00:00.000Z' }])).toEqual([]);
        expect(decode(getArticleInfo, { ...good, cover: bad }).kind).toBe('error');
      }),
      { numRuns: 300, seed: 33 },
    );
    const question = { id: 2, title: '收不到验证码', summary: '' };
    expect(dataOf(decode(getQuestion, { categories: [{ id: 1, name: '空', questions: [] }, { id: 3, name: '账号', questions: [{ id: 0, title: 'x', summary: '' }, question] }] }))).toEqual({ categories: [{ id: 3, name: '账号', questions: [question] }] });
    expect(decode(getQuestion, { categories: null })).toMatchObject({ kind: 'error', reason: 'badResponse' });
  });
});
