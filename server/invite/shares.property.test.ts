import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerInviteCode, inviteCode } from '../../api/protocol/calls/invite.ts';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, INVITE_CODE_PATTERN, normaliseInviteCode } from '../../api/protocol/invite-code.ts';
import { parseFields, defineCall } from '../../api/protocol/call-spec.ts';
import { applyClawback, applyShare, BASIS_POINTS, percentText, shareOf } from './shares.ts';

const code = fc.array(fc.constantFrom(...INVITE_CODE_ALPHABET), { minLength: INVITE_CODE_LENGTH, maxLength: INVITE_CODE_LENGTH }).map((cs) => cs.join(''));

describe('invite codes', () => {
  it('every code of the alphabet is accepted in any case and with surrounding spaces, and comes back canonical', () => {
    fc.assert(
      fc.property(code, fc.boolean(), fc.stringMatching(/^[ \t]{0,3}$/), (c, lower, pad) => {
        expect(normaliseInviteCode(pad + (lower ? c.toLowerCase() : c) + pad)).toBe(c);
      }),
    );
  });

  it('anything else is refused: look-alikes, wrong lengths, other characters and types', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.integer(), fc.constant(null), fc.constant(undefined), fc.object()), (value) => {
        const out = normaliseInviteCode(value);
        if (out !== null) {
          expect(typeof value).toBe('string');
          expect(out).toMatch(INVITE_CODE_PATTERN);
          expect((value as string).trim().toUpperCase()).toBe(out);
        }
      }),
    );
    for (const bad of ['O23456', 'I23456', 'L23456', '123456', 'ABCDE', 'ABCDEFG', 'ABC DE', '０ABCDE']) expect(normaliseInviteCode(bad)).toBeNull();
  });

  it('the register field never refuses; bindInviteCode refuses all but codes', () => {
    const register = defineCall({ path: '/t/register', auth: 'none', summary: 't', fields: { invite_code: registerInviteCode } });
    const bind = defineCall({ path: '/t/bind', auth: 'none', summary: 't', fields: { invite_code: inviteCode() } });
    fc.assert(
      fc.property(fc.oneof(fc.string(), code, fc.integer(), fc.constant(undefined), fc.constant(null)), (value) => {
        const r = parseFields(register, value === undefined ? {} : { invite_code: value });
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.value.invite_code.code).toBe(typeof value === 'string' ? normaliseInviteCode(value) : null);
        const b = parseFields(bind, { invite_code: value });
        expect(b.ok).toBe(typeof value === 'string' && normaliseInviteCode(value) !== null);
      }),
    );
  });
});

describe('share arithmetic', () => {
  it('a share is the rounded-down basis points of the base, never more', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 2_147_483_647 }), fc.integer({ min: -1, max: BASIS_POINTS }), (base, bp) => {
        const share = shareOf(base, bp);
        expect(Number.isSafeInteger(share)).toBe(true);
        if (base <= 0 || bp <= 0) {
          expect(share).toBe(0);
          return;
        }
        expect(share * BASIS_POINTS).toBeLessThanOrEqual(base * bp);
        expect((share + 1) * BASIS_POINTS).toBeGreaterThan(base * bp);
      }),
    );
    expect(shareOf(3000, 500)).toBe(150);
    expect(shareOf(19, 500)).toBe(0);
    expect(percentText(500)).toBe('5%');
    expect(percentText(250)).toBe('2.5%');
  });

  it('over any sequence of shares, withdrawals and clawbacks: received − debt = entitled, nothing below zero', () => {
    type Step = { op: 'share'; amount: number } | { op: 'withdraw'; part: number } | { op: 'claw'; index: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('share' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({ op: fc.constant('withdraw' as const), part: fc.double({ min: 0, max: 1, noNaN: true }) }),
      fc.record({ op: fc.constant('claw' as const), index: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let balance = 0;
        let debt = 0;
        let received = 0;
        let withdrawn = 0;
        const open: number[] = [];
        for (const s of steps) {
          if (s.op === 'share') {
            const r = applyShare(debt, s.amount);
            expect(r.credited + r.netted).toBe(s.amount);
            debt = r.debt;
            balance += r.credited;
            received += r.credited;
            open.push(s.amount);
          } else if (s.op === 'withdraw') {
            const w = Math.floor(balance * s.part);
            balance -= w;
            withdrawn += w;
          } else if (open.length > 0) {
            const [amount] = open.splice(s.index % open.length, 1);
            const r = applyClawback(balance, debt, amount!);
            expect(r.taken).toBeLessThanOrEqual(balance);
            balance -= r.taken;
            received -= r.taken;
            debt = r.debt;
          }
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(debt).toBeGreaterThanOrEqual(0);
          expect(balance + withdrawn).toBe(received);
          expect(received - debt).toBe(open.reduce((a, b) => a + b, 0));
        }
      }),
    );
  });
});
