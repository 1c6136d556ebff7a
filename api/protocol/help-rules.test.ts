import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charCount,
  checkCategory,
  checkContact,
  checkFeedbackText,
  checkGameName,
  checkImageKeys,
  checkReplyText,
  cleanLine,
  cleanText,
  CONTACT_MAX,
  FEEDBACK_CATEGORIES,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_MSG,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXT_MIN,
  GAME_NAME_MAX,
} from './help-rules.ts';

/** The feedback rules (help-rules.ts) the form and the server share: property tests. */

const INVISIBLE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\u200C\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
const HAN = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCodePoint(code));
const EMOJI = fc.integer({ min: 0x1f600, max: 0x1f64f }).map((code) => String.fromCodePoint(code));
const typed = fc.string({ unit: fc.oneof(HAN, EMOJI, fc.constantFrom(' ', '\n', '\r', '\t', '\u200b', '\u202e', 'a', '1', '，')), maxLength: 600 });
const anything = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), typed, fc.anything({ maxDepth: 1 }));

describe('cleanText / cleanLine', () => {
  it('leave no invisible or control character but the line feed, no CR, no edge spaces, at most two line breaks in a row', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const text = cleanText(value);
        expect(INVISIBLE.test(text)).toBe(false);
        expect(text).not.toContain('\r');
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\n{3,}/);
        const line = cleanLine(value);
        expect(line).not.toMatch(/\s{2,}|\n/);
        expect(cleanText(text)).toBe(text);
      }),
      { numRuns: 2000, seed: 1 },
    );
  });

  it('keep what a player typed otherwise', () => {
    expect(cleanText('  第一行\r\n第二行\r\n\r\n\r\n第三行 😀  ')).toBe('第一行\n第二行\n\n第三行 😀');
    expect(cleanText(12345)).toBe('12345');
    expect(cleanText({})).toBe('');
    expect(cleanLine(' 原神\n  国际服 ')).toBe('原神 国际服');
  });
});

describe('the feedback checks', () => {
  it('a description passes exactly when it has 10–500 characters once cleaned (counted by code point)', () => {
    fc.assert(
      fc.property(typed, fc.constantFrom(...FEEDBACK_CATEGORIES.filter((c) => c !== 'game_request')), (value, category) => {
        const result = checkFeedbackText(value, category);
        const length = charCount(cleanText(value));
        if (length < FEEDBACK_TEXT_MIN) expect(result).toEqual({ ok: false, message: FEEDBACK_MSG.textShort });
        else if (length > FEEDBACK_TEXT_MAX) expect(result).toEqual({ ok: false, message: FEEDBACK_MSG.textLong });
        else expect(result).toEqual({ ok: true, value: cleanText(value) });
      }),
      { numRuns: 2000, seed: 2 },
    );
    // Emoji count once: 10 of them are 10 characters (20 UTF-16 units).
    expect(checkFeedbackText('😀'.repeat(10), 'bug').ok).toBe(true);
    expect(checkFeedbackText('😀'.repeat(9), 'bug').ok).toBe(false);
  });

  it('a game request needs a 1–30 character name and takes a note of 0–500', () => {
    fc.assert(
      fc.property(anything, anything, (name, note) => {
        const checkedName = checkGameName(name, 'game_request');
        const clean = cleanLine(name);
        if (clean === '') expect(checkedName).toEqual({ ok: false, message: FEEDBACK_MSG.gameNameEmpty });
        else if (charCount(clean) > GAME_NAME_MAX) expect(checkedName).toEqual({ ok: false, message: FEEDBACK_MSG.gameNameLong });
        else expect(checkedName).toEqual({ ok: true, value: clean });
        // The other categories ignore the name.
        expect(checkGameName(name, 'bug')).toEqual({ ok: true, value: '' });
        const checkedNote = checkFeedbackText(note, 'game_request');
        expect(checkedNote.ok).toBe(charCount(cleanText(note)) <= FEEDBACK_TEXT_MAX);
      }),
      { numRuns: 1000, seed: 3 },
    );
  });

  it('contact: any text of at most 50 characters once cleaned', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const result = checkContact(value);
        expect(result.ok).toBe(charCount(cleanLine(value)) <= CONTACT_MAX);
      }),
      { numRuns: 1000, seed: 4 },
    );
  });

  it('category: one of the list, else 请选择反馈类型', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...FEEDBACK_CATEGORIES), anything), (value) => {
        const result = checkCategory(value);
        const valid = typeof value === 'string' && (FEEDBACK_CATEGORIES as readonly string[]).includes(value.trim());
        expect(result).toEqual(valid ? { ok: true, value: value.trim() } : { ok: false, message: FEEDBACK_MSG.badCategory });
      }),
      { numRuns: 1000, seed: 5 },
    );
  });

  it('images: absent is none; otherwise an array of at most 4 distinct feedback keys', () => {
    const key = fc.stringMatching(/^[0-9a-f]{32}$/).map((hex) => `feedback/${hex}.webp`);
    fc.assert(
      fc.property(fc.oneof(fc.array(key, { maxLength: 6 }), fc.array(fc.oneof(key, anything), { maxLength: 5 }), anything), (value) => {
        const result = checkImageKeys(value);
        let expected: ReturnType<typeof checkImageKeys>;
        if (value === undefined || value === null || value === '') expected = { ok: true, value: [] };
        else if (!Array.isArray(value)) expected = { ok: false, message: FEEDBACK_MSG.badImages };
        else if (value.length > FEEDBACK_IMAGES_MAX) expected = { ok: false, message: FEEDBACK_MSG.tooManyImages };
        else {
          const valid = value.every((item) => typeof item === 'string' && /^feedback\/[0-9a-f]{32}\.webp$/.test(item)) && new Set(value).size === value.length;
          expected = valid ? { ok: true, value: value as string[] } : { ok: false, message: FEEDBACK_MSG.badImages };
        }
        expect(result).toEqual(expected);
      }),
      { numRuns: 1000, seed: 6 },
    );
  });

  it('reply: 1–1000 characters once cleaned', () => {
    expect(checkReplyText(' \n ')).toEqual({ ok: false, message: FEEDBACK_MSG.replyEmpty });
    expect(checkReplyText('好'.repeat(1001))).toEqual({ ok: false, message: FEEDBACK_MSG.replyLong });
    expect(checkReplyText(' 已处理 ')).toEqual({ ok: true, value: '已处理' });
  });
});
