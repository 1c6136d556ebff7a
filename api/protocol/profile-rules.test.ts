import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBirthday, checkNickname, checkSex, codePointLength, isRealDate, NICKNAME_MAX, NICKNAME_MIN, PROFILE_MSG } from './profile-rules.ts';

const CONTROL = /[\p{Cc}\u2028\u2029\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
const anyText = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 16 }));
const HAN = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCodePoint(code));
const ASTRAL = fc.integer({ min: 0x1f600, max: 0x1f64f }).map((code) => String.fromCodePoint(code));

describe('checkNickname', () => {
  it('accepts exactly what is 2–12 code points once trimmed and free of control/invisible characters', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const result = checkNickname(raw);
        const trimmed = raw.trim();
        const fits = trimmed !== '' && !CONTROL.test(trimmed) && codePointLength(trimmed) >= NICKNAME_MIN && codePointLength(trimmed) <= NICKNAME_MAX;
        expect(result.ok).toBe(fits);
        if (result.ok) expect(result.value).toBe(trimmed);
      }),
      { numRuns: 5000 },
    );
  });

  it('counts code points, not UTF-16 units: 12 emoji pass, 13 do not', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(HAN, ASTRAL), { minLength: 1, maxLength: 16 }), (chars) => {
        const result = checkNickname(chars.join(''));
        expect(result.ok).toBe(chars.length >= NICKNAME_MIN && chars.length <= NICKNAME_MAX);
        if (!result.ok) expect(result.message).toBe(PROFILE_MSG.nicknameLength);
      }),
    );
  });

  it('a control character anywhere is refused with its own message', () => {
    fc.assert(
      fc.property(fc.array(HAN, { minLength: 2, maxLength: 10 }), fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u200b', '\ufeff'), fc.nat(), (chars, bad, at) => {
        const position = 1 + (at % (chars.length - 1));
        const text = [...chars.slice(0, position), bad, ...chars.slice(position)].join('');
        expect(checkNickname(text)).toEqual({ ok: false, message: PROFILE_MSG.nicknameChars });
      }),
    );
  });

  it('never throws on anything JSON can carry', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void checkNickname(value)));
  });
});

const dates = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('checkBirthday', () => {
  it('accepts every real date from 1900-01-01 to today, and none after today', () => {
    fc.assert(
      fc.property(dates, dates, (birthday, today) => {
        const result = checkBirthday(birthday, today);
        expect(result.ok).toBe(birthday <= today);
        if (!result.ok) expect(result.message).toBe(PROFILE_MSG.futureBirthday);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses impossible dates (2月30日, month 13, day 00) and other shapes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2025 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 33 }), (year, month, day) => {
        const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const real = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(checkBirthday(text, '2026-01-01').ok).toBe(real);
        expect(isRealDate(text)).toBe(real);
      }),
      { numRuns: 3000 },
    );
    for (const bad of ['2000-1-1', '2000/01/01', ' 2000-01-01x', '２０００-01-01', '', '0000-00-00']) expect(checkBirthday(bad, '2026-01-01')).toEqual({ ok: false, message: PROFILE_MSG.badBirthday });
  });

  it('refuses dates before 1900', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('1899-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        expect(checkBirthday(date.toISOString().slice(0, 10), '2026-01-01')).toEqual({ ok: false, message: PROFILE_MSG.earlyBirthday });
      }),
    );
  });

  it('never throws on anything JSON can carry', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void checkBirthday(value, '2026-01-01')));
  });
});

describe('checkSex', () => {
  it('takes 0, 1, 2 as numbers or digit strings and nothing else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = checkSex(value);
        const expected = [0, 1, 2, '0', '1', '2', ' 1 '].some((ok) => ok === value);
        expect(result.ok).toBe(expected);
      }),
    );
    expect(checkSex(' 2 ')).toEqual({ ok: true, value: 2 });
  });
});
