import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageBand, ageOn, checkIdCard, checkRealName, idCardCheckChar, maskIdCard, maskName, PROVINCE_CODES, REAL_NAME_MSG } from './real-name.ts';

/** A valid number from region, birth date and sequence (the check character computed). */
function idFor(region: string, birth: string, seq = '123'): string {
  const first17 = `${region}${birth.replaceAll('-', '')}${seq}`;
  return first17 + idCardCheckChar(first17);
}

const TODAY = '2026-03-02';

describe('GB 11643-1999 numbers', () => {
  it('computes the check character of known examples', () => {
    // The standard's own example and a number ending in X.
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    expect(checkIdCard('11010519491231002X', TODAY)).toEqual({ ok: true, value: { number: '11010519491231002X', birthDate: '1949-12-31' } });
    expect(checkIdCard('11010519491231002x', TODAY)).toMatchObject({ ok: true, value: { number: '11010519491231002X' } });
  });

  it('refuses each fault with its message, in order: empty, shape, region, birth date, check character', () => {
    const good = idFor('110105', '2000-02-29');
    expect(checkIdCard(good, TODAY).ok).toBe(true);
    expect(checkIdCard('', TODAY)).toEqual({ ok: false, message: REAL_NAME_MSG.idRequired });
    for (const bad of [good.slice(0, 17), `${good}1`, `${good.slice(0, 17)}Y`, `X${good.slice(1)}`, '11010５19491231002X'])
      expect(checkIdCard(bad, TODAY)).toEqual({ ok: false, message: REAL_NAME_MSG.idFormat });
    expect(checkIdCard(idFor('990105', '2000-01-01'), TODAY)).toEqual({ ok: false, message: REAL_NAME_MSG.idFormat });
    for (const birth of ['2001-02-29', '1900-02-29', '2000-13-01', '2000-04-31', '2000-00-10', '1899-12-31', '2026-03-03'])
      expect(checkIdCard(idFor('110105', birth), TODAY), birth).toEqual({ ok: false, message: REAL_NAME_MSG.idBirthDate });
    expect(checkIdCard(idFor('110105', '2026-03-02'), TODAY).ok).toBe(true); // born today
    const last = good[17]!;
    const wrong = good.slice(0, 17) + (last === '0' ? '1' : '0');
    expect(checkIdCard(wrong, TODAY)).toEqual({ ok: false, message: REAL_NAME_MSG.idCheckDigit });
  });

  const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
  const pastDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date(`${TODAY}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const region = fc.tuple(fc.constantFrom(...PROVINCE_CODES), digits(4)).map(([p, rest]) => p + rest);

  it('property: every number built with its check character passes and gives its birth date', () => {
    fc.assert(
      fc.property(region, pastDate, digits(3), fc.boolean(), (r, birth, seq, lower) => {
        const id = idFor(r, birth, seq);
        const result = checkIdCard(lower ? id.toLowerCase() : id, TODAY);
        expect(result).toEqual({ ok: true, value: { number: id, birthDate: birth } });
      }),
    );
  });

  it('property: changing any one character of a valid number makes it fail', () => {
    fc.assert(
      fc.property(region, pastDate, digits(3), fc.integer({ min: 0, max: 17 }), fc.constantFrom(...'0123456789X'), (r, birth, seq, at, replacement) => {
        const id = idFor(r, birth, seq);
        fc.pre(id[at] !== replacement && !(at < 17 && replacement === 'X'));
        const changed = id.slice(0, at) + replacement + id.slice(at + 1);
        expect(checkIdCard(changed, TODAY).ok).toBe(false);
      }),
    );
  });

  it('property: any string whatsoever gets an answer, never a throw, and an accepted one is well formed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789Xx ') })), (text) => {
        const result = checkIdCard(text, TODAY);
        if (result.ok) {
          expect(result.value.number).toMatch(/^\d{17}[\dX]$/);
          expect(result.value.birthDate <= TODAY).toBe(true);
        } else expect(Object.values(REAL_NAME_MSG)).toContain(result.message);
      }),
    );
  });
});

describe('names', () => {
  it('takes 2–15 Chinese characters with middle dots between them', () => {
    for (const name of ['张三', '欧阳娜娜', '阿依古丽·买买提', '爱新觉罗·溥仪', '𠮷野家', '一二三四五六七八九十一二三四五'])
      expect(checkRealName(name), name).toEqual({ ok: true, value: name });
    expect(checkRealName(' 阿依古丽•买买提 ')).toEqual({ ok: true, value: '阿依古丽·买买提' });
    expect(checkRealName('')).toEqual({ ok: false, message: REAL_NAME_MSG.nameRequired });
    expect(checkRealName('   ')).toEqual({ ok: false, message: REAL_NAME_MSG.nameRequired });
    for (const bad of ['张', 'Zhang San', '张3', '·张三', '张三·', '张··三', '张三😀', '一二三四五六七八九十一二三四五六'])
      expect(checkRealName(bad), bad).toEqual({ ok: false, message: REAL_NAME_MSG.nameFormat });
  });

  it('property: any string gets an answer; an accepted name is 2–15 Han characters and dots', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('张', '三', '·', ' ', 'a', '•') })), (text) => {
        const result = checkRealName(text);
        if (result.ok) {
          const chars = Array.from(result.value);
          expect(chars.length).toBeGreaterThanOrEqual(2);
          expect(chars.length).toBeLessThanOrEqual(15);
          expect(result.value).toMatch(/^\p{Script=Han}+(·\p{Script=Han}+)*$/u);
        }
      }),
    );
  });

  it('masks names and numbers for display', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('阿依古丽·买买提')).toBe('阿******提');
    expect(maskIdCard('11010519491231002X')).toBe('1101**********002X');
  });
});

describe('ages', () => {
  it('completes a year on the birthday itself; the day before is still the year below', () => {
    expect(ageOn('2008-03-02', '2026-03-01')).toBe(17);
    expect(ageOn('2008-03-02', '2026-03-02')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
    expect(ageOn('2026-03-02', '2026-03-02')).toBe(0);
  });

  it('bands: under 8, 8 to under 16, 16 to under 18, adult', () => {
    expect([0, 7, 8, 15, 16, 17, 18, 90].map(ageBand)).toEqual(['under8', 'under8', '8-16', '8-16', '16-18', '16-18', 'adult', 'adult']);
  });

  const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('property: age agrees with counting birthdays (Date arithmetic), never negative, never falls as days pass', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [birth, today] = a <= b ? [a, b] : [b, a];
        const age = ageOn(birth, today);
        expect(age).toBeGreaterThanOrEqual(0);
        // Reference: the Nth birthday (29 Feb in a common year falls on 1 Mar) is on or before today.
        const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
        const nth = (n: number) => {
          const t = new Date(Date.UTC(y + n, m - 1, d));
          return t.toISOString().slice(0, 10);
        };
        expect(nth(age) <= today).toBe(true);
        expect(nth(age + 1) > today).toBe(true);
        const next = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        expect(ageOn(birth, next)).toBeGreaterThanOrEqual(age);
      }),
    );
  });
});
