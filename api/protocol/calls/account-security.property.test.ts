import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFields } from '../call-spec.ts';
import { ACCOUNT_MSG, changeUserTelOne, changeUserTelTwo, userChangePassword } from './account-security.ts';

const anyValue = fc.oneof(fc.string(), fc.stringMatching(/^\d{0,6}$/), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.jsonValue());
const body = (keys: readonly string[]) => fc.dictionary(fc.constantFrom(...keys, 'other'), anyValue);
const MESSAGES = new Set<string>(Object.values(ACCOUNT_MSG));

describe('account-security call fields (property)', () => {
  it('changeUserTelOne: never throws; accepts exactly a 4-digit code', () => {
    fc.assert(
      fc.property(body(['phone_code']), (fields) => {
        const parsed = parseFields(changeUserTelOne, fields);
        if (parsed.ok) expect(parsed.value.phone_code).toMatch(/^\d{4}$/);
        else expect(MESSAGES.has(parsed.message)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('changeUserTelTwo: never throws; an accepted body has a mainland phone, a 4-digit code and a bounded ticket', () => {
    fc.assert(
      fc.property(body(['phone', 'phone_code', 'ticket']), (fields) => {
        const parsed = parseFields(changeUserTelTwo, fields);
        if (!parsed.ok) {
          expect(MESSAGES.has(parsed.message)).toBe(true);
          return;
        }
        expect(parsed.value.phone).toMatch(/^1[3-9]\d{9}$/);
        expect(parsed.value.phone_code).toMatch(/^\d{4}$/);
        expect(parsed.value.ticket.length).toBeGreaterThan(0);
        expect(parsed.value.ticket.length).toBeLessThanOrEqual(128);
      }),
      { numRuns: 2000 },
    );
  });

  it('userChangePassword: never throws; an accepted new password is 6–15 letters and digits with both', () => {
    fc.assert(
      fc.property(body(['old_password', 'phone_code', 'password']), (fields) => {
        const parsed = parseFields(userChangePassword, fields);
        if (!parsed.ok) {
          expect(MESSAGES.has(parsed.message)).toBe(true);
          return;
        }
        expect(parsed.value.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,15}$/);
        if (parsed.value.phone_code !== undefined) expect(parsed.value.phone_code).toMatch(/^\d{4}$/);
        if (parsed.value.old_password !== undefined) expect(typeof parsed.value.old_password).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('a code sent as a number keeps its leading zeros', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
        const parsed = parseFields(changeUserTelOne, { phone_code: n });
        expect(parsed).toEqual({ ok: true, value: { phone_code: String(n).padStart(4, '0') } });
      }),
    );
  });
});
