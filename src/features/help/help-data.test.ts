import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_SLUG_PATTERN, charCount, GAME_NAME_MAX } from '../../../api/protocol/help-rules.ts';
import { articleRefOf, feedbackIdOf, searchWordOf } from './help-data.ts';
import { searchQuestions } from './help-parts.tsx';

/**
 * The help and feedback route data (help-data.ts): whatever `data` query object arrives, never
 * throws and gives back only a well-formed reference. The answers' decoding is their declarations'
 * (api/protocol/calls/help.answers.property.test.ts).
 */

const RUNS = 1000;
const anything = fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true });
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const link = fc.record({ id, title: text(100), summary: fc.string({ maxLength: 300 }) });

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
