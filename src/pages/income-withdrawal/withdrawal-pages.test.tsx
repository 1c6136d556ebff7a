import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { WITHDRAW_MSG } from '../../../api/protocol/withdraw-rules.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import IncomeWithdrawalPage, { NEEDS_REAL_NAME } from './IncomeWithdrawalPage.tsx';
import IncomeWithdrawalsPage from './IncomeWithdrawalsPage.tsx';

vi.mock('../../app/toast.ts', () => ({ showToast: vi.fn() }));

/** The withdrawal pages against a stubbed api: the form's flow and request ids, the real-name prompt, the records. */

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
const T = '2026-06-01T02:03:04.000Z';
const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(ui: ReactNode, answer: Answer, signedIn = true) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answer(path, payload));
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const navigation = createActor(createMachine({ id: 'navStub', context: { current: { path: '/incomewithdrawal' } } })).start();
  const runtime = { api: { call }, inspect: () => {}, session, navigation, navigate: vi.fn(), openLogin: vi.fn(), loading: { send: () => {} } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
  return { call, runtime };
}

const facts = (overrides: Record<string, unknown> = {}) => ({
  real_name: { verified: true, name_masked: '张*', adult: true },
  income_cents: 5000,
  wallet_cents: 800,
  wallet_withdrawable_cents: 0,
  wallet_note: '余额中充值退回的款项不能提现',
  limits: { min_cents: 1000, max_cents: 500000, daily_count: 3, daily_cents: 1000000 },
  today: { count: 0, amount_cents: 0 },
  ...overrides,
});
const view = { id: 7, source: 'income', amount_cents: 5000, alipay_account: '138****8000', status: 'submitted', status_text: '审核中', reject_reason: null, created_at: T, updated_at: T };

describe('/incomewithdrawal', () => {
  it('fills 全部, submits with a request id, keeps the id for a retry after a lost answer and renews it after an answer', async () => {
    const answers: ApiOutcome[] = [{ kind: 'error', reason: 'network', code: null, msg: '网络异常' }, ok({ withdrawal: view, created: true }, WITHDRAW_MSG.submitted)];
    const { call } = renderPage(<IncomeWithdrawalPage />, (path) => (path === '/api/user/getWithdrawInfo' ? ok(facts()) : answers.shift()!));
    expect(await screen.findByTestId('available-income')).toHaveProperty('textContent', '¥50.00');
    fireEvent.click(screen.getByRole('radio', { name: /余额/ }));
    expect(screen.getByTestId('wallet-note').textContent).toContain('不能提现');
    fireEvent.click(screen.getByRole('radio', { name: /收益/ }));
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect((screen.getByRole('textbox', { name: /提现金额/ }) as HTMLInputElement).value).toBe('50.00');
    fireEvent.change(screen.getByRole('textbox', { name: '支付宝账号' }), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByRole('textbox', { name: '收款人姓名' }), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '申请提现' }));
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
    const submits = call.mock.calls.filter(([path]) => path === '/api/user/profitTixian').map(([, payload]) => payload as Record<string, unknown>);
    expect(submits).toHaveLength(2);
    expect(submits[0]).toEqual({ request_id: expect.stringMatching(/^wd-[\w-]+-1$/), amount_cents: 5000, alipay_account: '13800138000', payee_name: '张三' });
    expect(submits[1]!.request_id).toBe(submits[0]!.request_id);
    // The answer reloads the facts.
    await waitFor(() => expect(call.mock.calls.filter(([path]) => path === '/api/user/getWithdrawInfo').length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: '再提一笔' }));
    expect(await screen.findByRole('button', { name: '申请提现' })).toBeTruthy();
  });

  it('checks the form first: too little, more than 收益 holds', async () => {
    const { call } = renderPage(<IncomeWithdrawalPage />, () => ok(facts()));
    fireEvent.change(await screen.findByRole('textbox', { name: /提现金额/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '申请提现' }));
    expect(await screen.findByText(WITHDRAW_MSG.amountMin)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /提现金额/ }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: '申请提现' }));
    expect(await screen.findByText(WITHDRAW_MSG.incomeShort)).toBeTruthy();
    expect(call.mock.calls.some(([path]) => path === '/api/user/profitTixian')).toBe(false);
  });

  it('without real name: says so and links the real-name form', async () => {
    renderPage(<IncomeWithdrawalPage />, () => ok(facts({ real_name: { verified: false, name_masked: '', adult: false } })));
    expect(await screen.findByText(NEEDS_REAL_NAME)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去实名认证' }).getAttribute('href')).toContain('/realnamecertificateone');
  });

  it('signed out: offers the login and calls nothing', async () => {
    const { call, runtime } = renderPage(<IncomeWithdrawalPage />, () => ok(facts()), false);
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(runtime.openLogin).toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('/incomewithdrawals', () => {
  it('lists the states and a rejection reason', async () => {
    renderPage(<IncomeWithdrawalsPage />, () =>
      ok({ list: [view, { ...view, id: 8, status: 'rejected', status_text: '已驳回', reject_reason: '账号与姓名不符' }, { ...view, id: 9, status: 'paid', status_text: '已到账' }], total: 3, page: 1, limit: 20 }),
    );
    expect(await screen.findByText('驳回原因：账号与姓名不符')).toBeTruthy();
    for (const text of ['审核中', '已驳回', '已到账']) expect(screen.getByText(text)).toBeTruthy();
  });
});
