import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../outcome.ts';
import { decodeAnswer } from '../../typed-call.ts';
import { downLineOrder, getInviteInfo, getInviteInfoList, type IncomeRecord, type InviteInfo, type Invitee } from './invite.ts';

const INFO = {
  code: 'ABC234',
  share_path: '/?invite=ABC234',
  invited_count: 2,
  income_total_cents: 350,
  income_balance_cents: 100,
  debt_cents: 0,
  rules: { share_bp: 500, share_days: 180, bind_window_hours: 24 },
  inviter: null,
  can_bind_until: null,
};
const RECORD = { id: 1, invitee_nickname: 'n', invitee_phone: '138****0000', order_number: 'LW1', order_cents: 3000, share_bp: 500, amount_cents: 150, credited_cents: 150, netted_cents: 0, status: 'credited', created_at: '2026-03-02T02:00:00.000Z', clawed_back_at: null };
const INVITEE = { id: 3, nickname: 'n', phone: '已注销', bound_at: '2026-03-02T02:00:00.000Z', share_until: '2026-08-29T02:00:00.000Z', income_cents: 350 };

/** What the client makes of a success answer with this data (request() given the declaration). */
const decode = <T>(spec: Parameters<typeof decodeAnswer>[0], data: unknown): ApiOutcome<T> => decodeAnswer<T>(spec, { kind: 'ok', code: 1, msg: '', data });
const pageOf = (list: unknown) => ({ list, total: 9, page: 1, limit: 20, income_balance_cents: 100 });
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything());

describe('the invitation answers as the client decodes them (property)', () => {
  it('anything in, never throws; what passes is well-formed: the code\'s own share path, amounts from 0, a known status', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const info = decode<InviteInfo>(getInviteInfo, value);
        if (info.kind === 'ok') {
          expect(info.data.share_path).toBe(`/?invite=${info.data.code}`);
          expect(info.data.rules.share_bp).toBeLessThanOrEqual(10_000);
        } else expect(info).toMatchObject({ kind: 'error', reason: 'badResponse' });
        const invitees = decode<{ list: Invitee[] }>(getInviteInfoList, pageOf(value));
        expect(invitees.kind).toBe(Array.isArray(value) ? 'ok' : 'error');
        if (invitees.kind === 'ok') for (const row of invitees.data.list) expect(row.income_cents).toBeGreaterThanOrEqual(0);
        const records = decode<{ list: IncomeRecord[] }>(downLineOrder, pageOf(value));
        if (records.kind === 'ok') for (const row of records.data.list) expect(['credited', 'clawed_back']).toContain(row.status);
      }),
    );
  });

  it('info: fields that are right or not, only a whole well-formed info passes', () => {
    const infoLike = fc.record({
      code: maybe(fc.constantFrom('ABC234', 'abc234', 'O00000')),
      share_path: maybe(fc.constantFrom('/?invite=ABC234', 'javascript:alert(1)', '//evil.example')),
      invited_count: maybe(fc.integer({ min: -1, max: 5 })),
      income_total_cents: maybe(fc.integer({ min: -1, max: 500 })),
      income_balance_cents: maybe(fc.integer({ min: -1, max: 500 })),
      debt_cents: maybe(fc.constantFrom(0, 1.5, -1)),
      rules: maybe(fc.record({ share_bp: fc.integer({ min: -1, max: 20_000 }), share_days: fc.nat(400), bind_window_hours: fc.nat(48) })),
      inviter: maybe(fc.option(fc.record({ nickname: fc.string(), phone: fc.string() }))),
      can_bind_until: maybe(fc.option(fc.constantFrom('2026-03-03T02:00:00.000Z', 'tomorrow'))),
    });
    fc.assert(
      fc.property(infoLike, (value) => {
        const outcome = decode<InviteInfo>(getInviteInfo, value);
        if (outcome.kind !== 'ok') return;
        const info = outcome.data;
        expect(info.code).toBe('ABC234');
        expect(info.share_path).toBe('/?invite=ABC234');
        for (const n of [info.invited_count, info.income_total_cents, info.income_balance_cents, info.debt_cents, info.rules.share_days, info.rules.bind_window_hours]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        expect(info.rules.share_bp >= 0 && info.rules.share_bp <= 10_000).toBe(true);
        expect(info.can_bind_until === null || !Number.isNaN(Date.parse(info.can_bind_until))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads what the server answers; a malformed info is the error state, a malformed row is dropped', () => {
    expect(decode(getInviteInfo, INFO)).toMatchObject({ kind: 'ok', data: INFO });
    for (const bad of [{ ...INFO, code: 'O00000', share_path: '/?invite=O00000' }, { ...INFO, income_balance_cents: -1 }, { ...INFO, share_path: 'javascript:alert(1)' }, { ...INFO, rules: { ...INFO.rules, share_bp: 10_001 } }]) {
      expect(decode(getInviteInfo, bad)).toMatchObject({ kind: 'error', reason: 'badResponse' });
    }
    const records = decode<{ list: IncomeRecord[] }>(downLineOrder, pageOf([RECORD, { ...RECORD, id: 0 }, { ...RECORD, status: 'x' }, null, { ...RECORD, created_at: 'yesterday' }]));
    expect(records.kind === 'ok' && records.data.list).toEqual([RECORD]);
    const invitees = decode<{ list: Invitee[] }>(getInviteInfoList, pageOf([INVITEE, { ...INVITEE, income_cents: 1.5 }]));
    expect(invitees.kind === 'ok' && invitees.data.list).toEqual([INVITEE]);
  });
});
