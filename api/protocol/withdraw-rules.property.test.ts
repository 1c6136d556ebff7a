import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseFields } from './call-spec.ts';
import { getWithdrawInfo, getWithdrawList, profitTixian, type WithdrawalView } from './calls/withdraw.ts';
import { formatYuan } from './money.ts';
import {
  checkAlipayAccount,
  checkDraft,
  checkPayeeName,
  maskAlipayAccount,
  parseYuanAmount,
  WITHDRAW_MAX_CENTS,
  WITHDRAW_MIN_CENTS,
  WITHDRAW_MSG,
} from './withdraw-rules.ts';
import { decodeAnswer } from '../typed-call.ts';
import { list as staffWithdrawalList } from './staff/withdrawals.ts';

/** The withdrawal rules, fields and answers (as the client decodes them) under arbitrary input: they never throw and never let a bad value through. */

const MESSAGES = new Set<string>(Object.values(WITHDRAW_MSG));
const anyValue = fc.oneof(fc.string(), fc.stringMatching(/^[\d.]{0,12}$/), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.jsonValue());
const mobile = fc.tuple(fc.constantFrom('3', '4', '5', '6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/)).map(([second, rest]) => `1${second}${rest}`);

/** The staff list's answer as the console's client reads it (its declared schema), or null. */
function decodeWithdrawalPage(value: unknown) {
  const result = v.safeParse(staffWithdrawalList.answer.schema, value);
  return result.success ? result.output : null;
}

describe('withdrawal rules (property)', () => {
  it('parseYuanAmount: a result is whole fen within the limits and prints back to the same amount', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,7}(\.\d{0,3})?$/)), (text) => {
        const parsed = parseYuanAmount(text);
        if (!parsed.ok) {
          expect(MESSAGES.has(parsed.message)).toBe(true);
          return;
        }
        expect(Number.isSafeInteger(parsed.value)).toBe(true);
        expect(parsed.value).toBeGreaterThanOrEqual(WITHDRAW_MIN_CENTS);
        expect(parsed.value).toBeLessThanOrEqual(WITHDRAW_MAX_CENTS);
        expect(Math.round(Number(text.trim()) * 100)).toBe(parsed.value);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: WITHDRAW_MIN_CENTS, max: WITHDRAW_MAX_CENTS }), (cents) => {
        expect(parseYuanAmount(formatYuan(cents))).toEqual({ ok: true, value: cents });
      }),
    );
  });

  it('checkAlipayAccount: mobiles and e-mails pass, anything accepted is one of them; masks hide the middle', () => {
    fc.assert(
      fc.property(mobile, (phone) => {
        expect(checkAlipayAccount(` ${phone} `)).toEqual({ ok: true, value: phone });
        expect(maskAlipayAccount(phone)).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      }),
    );
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const checked = checkAlipayAccount(email);
        if (checked.ok) {
          expect(checked.value).toBe(email.toLowerCase());
          expect(maskAlipayAccount(checked.value)).toMatch(/^.\*\*\*@/);
        }
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const checked = checkAlipayAccount(text);
        if (checked.ok) expect(/^1[3-9]\d{9}$/.test(checked.value) || checked.value.includes('@')).toBe(true);
        else expect([WITHDRAW_MSG.accountMissing, WITHDRAW_MSG.accountBad]).toContain(checked.message);
      }),
      { numRuns: 1000 },
    );
  });

  it('checkPayeeName: 2–20 letters, no spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const checked = checkPayeeName(text);
        if (checked.ok) {
          expect([...checked.value].length).toBeGreaterThanOrEqual(2);
          expect([...checked.value].length).toBeLessThanOrEqual(20);
          expect(checked.value).not.toMatch(/\s/);
        } else expect([WITHDRAW_MSG.nameMissing, WITHDRAW_MSG.nameBad]).toContain(checked.message);
      }),
      { numRuns: 1000 },
    );
    expect(checkPayeeName(' 张 三 ')).toEqual({ ok: true, value: '张三' });
    expect(checkPayeeName('阿卜杜·热合曼')).toEqual({ ok: true, value: '阿卜杜·热合曼' });
  });

  it('checkDraft: never more than the source holds', () => {
    fc.assert(
      fc.property(fc.record({ source: fc.constantFrom('income' as const, 'wallet' as const), amount: fc.stringMatching(/^\d{1,5}(\.\d{1,2})?$/), account: fc.constant('13800138000'), payeeName: fc.constant('张三') }), fc.nat(1_000_000), (draft, available) => {
        const checked = checkDraft(draft, available);
        if (checked.ok) expect(checked.value.amount_cents).toBeLessThanOrEqual(available);
      }),
    );
  });

  it('the call fields never throw and refuse with a listed message', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('request_id', 'amount_cents', 'alipay_account', 'payee_name', 'other'), anyValue), (fields) => {
        const parsed = parseFields(profitTixian, fields);
        if (parsed.ok) expect(parsed.value.amount_cents).toBeGreaterThanOrEqual(WITHDRAW_MIN_CENTS);
        else expect(MESSAGES.has(parsed.message) || parsed.message === '分页参数错误').toBe(true);
        parseFields(getWithdrawList, fields);
      }),
      { numRuns: 1000 },
    );
  });

  it('the decoders and the staff list schema never throw on any JSON and keep only well-formed records', () => {
    const decode = (spec: Parameters<typeof decodeAnswer>[0], data: unknown) => decodeAnswer<{ list: WithdrawalView[] }>(spec, { kind: 'ok', code: 1, msg: '', data });
    const pageOf = (list: unknown) => ({ list, total: 1, page: 1, limit: 20 });
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const info = decode(getWithdrawInfo, value);
        if (info.kind !== 'ok') expect(info).toMatchObject({ kind: 'error', reason: 'badResponse' });
        const rows = decode(getWithdrawList, pageOf(value));
        if (rows.kind === 'ok') for (const row of rows.data.list) expect(row.id).toBeGreaterThan(0);
        const page = decodeWithdrawalPage(value);
        if (page) for (const row of page.list) expect(['submitted', 'approved', 'paid', 'rejected']).toContain(row.status);
        const one = decode(getWithdrawList, pageOf([value]));
        if (one.kind === 'ok') for (const row of one.data.list) expect(['submitted', 'approved', 'paid', 'rejected']).toContain(row.status);
      }),
      { numRuns: 1000 },
    );
    const info = {
      real_name: { verified: true, name_masked: '张*', adult: true },
      income_cents: 100,
      wallet_cents: 50,
      wallet_withdrawable_cents: 80,
      wallet_note: '',
      limits: { min_cents: 1000, max_cents: 500000, daily_count: 3, daily_cents: 1000000 },
      today: { count: 0, amount_cents: 0 },
    };
    expect(decode(getWithdrawInfo, { ...info, wallet_withdrawable_cents: 50 })).toMatchObject({ kind: 'ok', data: { ...info, wallet_withdrawable_cents: 50 } });
    // More withdrawable than 余额 holds, or a negative amount: the page's load error, never a form offering it.
    expect(decode(getWithdrawInfo, info)).toMatchObject({ kind: 'error', reason: 'badResponse' });
    expect(decode(getWithdrawInfo, { ...info, wallet_withdrawable_cents: 50, income_cents: -1 })).toMatchObject({ kind: 'error', reason: 'badResponse' });
    const row = { id: 1, source: 'income', amount_cents: 2000, alipay_account: '138****8000', status: 'rejected', status_text: '已驳回', reject_reason: '信息有误', created_at: 'a', updated_at: 'b' };
    const rows = decode(getWithdrawList, pageOf([row, { ...row, status: 'lost' }, null, { ...row, id: 0 }, { ...row, reject_reason: 5 }]));
    expect(rows.kind === 'ok' && rows.data.list).toEqual([row]);
    expect(decode(getWithdrawList, pageOf(null))).toMatchObject({ kind: 'error', reason: 'badResponse' });
    const staffRow = {
      id: 3,
      user: { id: 9, nickname: '玩家9', phone: '139****0009' },
      source: 'wallet',
      amount_cents: 1000,
      alipay_account: 'a@b.cn',
      payee_name: '张三',
      status: 'paid',
      status_text: '已到账',
      reject_reason: null,
      payout_ref: 'ALI-1',
      created_at: '2026-03-02T02:00:00.000Z',
      approved_at: '2026-03-02T03:00:00.000Z',
      paid_at: '2026-03-02T04:00:00.000Z',
      rejected_at: null,
    };
    const counts = { submitted: 1, approved: 0, paid: 2, rejected: 0 };
    expect(decodeWithdrawalPage({ list: [staffRow, { ...staffRow, payout_ref: 5 }], total: 2, page: 1, limit: 20, counts })).toEqual({ list: [staffRow], total: 2, page: 1, limit: 20, counts });
    // A time that is no instant is a malformed row too; a page without its counts is malformed whole.
    expect(decodeWithdrawalPage({ list: [{ ...staffRow, paid_at: 'c' }], total: 1, page: 1, limit: 20, counts })?.list).toEqual([]);
    expect(decodeWithdrawalPage({ list: [staffRow], total: 1, page: 1, limit: 20 })).toBeNull();
  });
});
