import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirm as askConfirm } from '../../../components/ConfirmDialog.tsx';
import type { StaffRole } from '../../../../api/protocol/staff-codes.ts';
import { TRADE_MSG, TRADE_REASON_MAX } from '../../../../api/protocol/trade-rules.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import { BAD_ANSWER_MSG } from '../../api.ts';
import { modulesFor } from '../../modules.ts';
import TradingPage, { tabsFor } from './TradingPage.tsx';

const stand = staffTestRuntime();

// antd's Toast and the imperative confirm render through React roots of their own, which jsdom's React cannot unmount: what they are asked to say, and what a confirmation does, are what matter.
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn() } }));
vi.mock('../../../components/ConfirmDialog.tsx', () => ({ confirm: vi.fn(() => Promise.resolve(false)) }));

/** 账号交易 against a stubbed staff api: who sees which tab; the review queue (通过 confirmed, 驳回 with a checked reason); the disputes (退款 / 放款 with a note and a confirmation); refusals and unreadable answers shown. */

type Answer = { code: number; msg: string; data: unknown };
type Call = { path: string; payload: Record<string, unknown> };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });
const T = '2026-06-01T02:03:04.000Z';

const listing = (id: number, status = 'reviewing', status_text = '审核中') => ({
  id,
  status,
  status_text,
  seller: { id: 7, nickname: '卖家七', phone: '138****0007' },
  game_name: '斗罗大陆',
  platform_game_id: 3,
  sub_account: { id: 41, name: '小号一', age_days: 12, topup_cents: 8_800, created_at: '2026-05-20T00:00:00.000Z' },
  title: `满级号出售 ${id}`,
  server_name: '双线一区',
  role_name: '唐三',
  description: '全身橙装\n送坐骑',
  images: ['/media/trade/0123456789abcdef0123456789abcdef.webp', '/media/trade/fedcba9876543210fedcba9876543210.webp'],
  has_second_password: true,
  price_cents: 20_000,
  fee_cents: 1_000,
  net_cents: 19_000,
  reject_reason: null,
  submitted_at: T,
  reviewed_at: null,
  on_sale_at: null,
});

const trade = (id: number, status = 'disputed', status_text = '纠纷处理中') => ({
  id,
  listing_id: 11,
  status,
  status_text,
  order_number: `T2026060100000${id}`,
  title: '满级号出售 11',
  game_name: '斗罗大陆',
  buyer: { id: 8, nickname: '买家八', phone: '139****0008' },
  seller: { id: 7, nickname: '卖家七', phone: '138****0007' },
  price_cents: 20_000,
  fee_cents: 1_000,
  net_cents: 19_000,
  paid_at: T,
  release_at: '2026-06-04T02:03:04.000Z',
  dispute: status === 'disputed' ? { reason: '登录不上，密码不对', opened_at: '2026-06-02T00:00:00.000Z', resolution: null, resolved_at: null } : null,
});

const LISTING_COUNTS = { draft: 0, reviewing: 2, on_sale: 1, reserved: 0, sold: 0, rejected: 0, withdrawn: 0, expired: 0 };
const TRADE_COUNTS = { cooling: 3, disputed: 1, released: 0, refunded: 0 };

function serve(answer: (call: Call) => Answer): Call[] {
  const calls: Call[] = [];
  stand.serve(calls, (path, payload) => answer({ path, payload }));
  return calls;
}

const staff = (role: StaffRole) => ({ id: 1, name: `dev-${role}`, role });
const confirm = vi.mocked(askConfirm);
/** The last confirmation asked for: what it said, and its 确定. */
const lastConfirm = () => confirm.mock.calls.at(-1)![0] as { content: string; onConfirm: () => Promise<void> };

beforeEach(() => {
  confirm.mockClear();
  vi.mocked(Toast.show).mockClear();
});
afterEach(() => stand.setFetch((input, init) => fetch(input, init)));

describe('账号交易 module', () => {
  it('is listed for reviewer, finance and admin, not for agent; each role sees only its tab', () => {
    expect(modulesFor('agent').map((m) => m.id)).not.toContain('trading');
    for (const role of ['reviewer', 'finance', 'admin'] as const) expect(modulesFor(role).map((m) => m.id)).toContain('trading');
    expect(tabsFor('reviewer')).toEqual(['listings']);
    expect(tabsFor('finance')).toEqual(['trades']);
    expect(tabsFor('admin')).toEqual(['listings', 'trades']);
    expect(tabsFor('agent')).toEqual([]);
  });

  it('商品审核: the queue with the facts; a screenshot opens large; 通过 after the confirmation; 驳回 needs a reason of ≤ 200 characters; a refusal is shown', async () => {
    const calls = serve(({ path, payload }) =>
      path === '/staff/api/trading/listings'
        ? ok({ list: payload.status === 'on_sale' ? [listing(3, 'on_sale', '出售中')] : [listing(1), listing(2)], total: 2, page: 1, limit: 20, counts: LISTING_COUNTS })
        : path === '/staff/api/trading/approve'
          ? ok({ listing: listing(1, 'on_sale', '出售中') }, TRADE_MSG.approved)
          : { code: -1, msg: TRADE_MSG.wrongState, data: null },
    );
    render(<TradingPage staff={staff('reviewer')} />, { wrapper: stand.wrapper });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('region', { name: '商品审核' })).toBeTruthy();
    const items = await screen.findAllByTestId('listing-item');
    expect(items).toHaveLength(2);
    expect(calls[0]).toEqual({ path: '/staff/api/trading/listings', payload: { page: 1, limit: 20, status: 'reviewing' } });
    expect(calls.some((c) => c.path === '/staff/api/trading/trades')).toBe(false);
    const first = items[0]!;
    for (const text of ['卖家七', '斗罗大陆', '小号一', '¥88.00', '双线一区 / 唐三', '已设置（付款后买家可见）']) expect(within(first).getByText(text, { exact: false })).toBeTruthy();
    expect(within(first).getByText(/创建 12 天/)).toBeTruthy();
    expect(within(first).getByTestId('listing-figures').textContent).toBe('¥200.00 手续费 ¥10.00 · 卖家实得 ¥190.00');
    expect(within(first).getByText(/全身橙装/).textContent).toBe('全身橙装\n送坐骑');
    expect(screen.getByRole('radio', { name: '审核中 2' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '出售中 1' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: '查看截图 2' }));
    const viewer = screen.getByRole('dialog', { name: '查看截图' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/media/trade/fedcba9876543210fedcba9876543210.webp');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: '查看截图' })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: '通过' }));
    expect(lastConfirm().content).toContain('满级号出售 1');
    expect(calls.some((c) => c.path === '/staff/api/trading/approve')).toBe(false);
    await act(() => lastConfirm().onConfirm());
    expect(calls.find((c) => c.path === '/staff/api/trading/approve')?.payload).toEqual({ id: 1 });
    expect(Toast.show).toHaveBeenCalledWith({ content: TRADE_MSG.approved });
    await waitFor(() => expect(calls.filter((c) => c.path === '/staff/api/trading/listings')).toHaveLength(2));

    const second = screen.getAllByTestId('listing-item')[1]!;
    fireEvent.click(within(second).getByRole('button', { name: '驳回' }));
    const form = screen.getByRole('form', { name: '驳回商品 #2' });
    fireEvent.click(within(form).getByRole('button', { name: '确认驳回' }));
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', TRADE_MSG.reasonMissing);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '图'.repeat(TRADE_REASON_MAX + 1) } });
    fireEvent.click(within(form).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(TRADE_MSG.reasonLong));
    expect(calls.some((c) => c.path === '/staff/api/trading/reject')).toBe(false);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '  截图与描述不符  ' } });
    fireEvent.click(within(form).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/trading/reject')?.payload).toEqual({ id: 2, reason: '截图与描述不符' }));
    await waitFor(() => expect(Toast.show).toHaveBeenCalledWith({ content: TRADE_MSG.wrongState }));

    fireEvent.click(screen.getByRole('radio', { name: '出售中 1' }));
    await waitFor(() => expect(screen.getAllByTestId('listing-item').map((item) => item.getAttribute('data-status'))).toEqual(['on_sale']));
    expect(within(screen.getByTestId('listing-item')).queryByRole('button', { name: '通过' })).toBeNull();
  });

  it('交易纠纷: disputes with the reason; 退款给买家 and 放款给卖家 each need a note and a confirmation naming the money', async () => {
    const calls = serve(({ path }) =>
      path === '/staff/api/trading/trades'
        ? ok({ list: [trade(5), trade(6)], total: 2, page: 1, limit: 20, counts: TRADE_COUNTS })
        : path === '/staff/api/trading/refund'
          ? ok({ trade: trade(5, 'refunded', '已退款') }, TRADE_MSG.refunded)
          : ok({ trade: trade(6, 'released', '交易完成') }, TRADE_MSG.released),
    );
    render(<TradingPage staff={staff('finance')} />, { wrapper: stand.wrapper });
    expect(screen.getByRole('region', { name: '交易纠纷' })).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('trade-item');
    expect(calls[0]).toEqual({ path: '/staff/api/trading/trades', payload: { page: 1, limit: 20, status: 'disputed' } });
    expect(calls.some((c) => c.path === '/staff/api/trading/listings')).toBe(false);
    for (const text of ['买家八', '卖家七', 'T20260601000005', '纠纷处理中']) expect(within(first!).getByText(text, { exact: false })).toBeTruthy();
    expect(within(first!).getByTestId('dispute-reason').textContent).toContain('登录不上，密码不对');
    expect(within(first!).getByTestId('trade-figures').textContent).toBe('¥200.00 手续费 ¥10.00 · 卖家实得 ¥190.00');
    expect(screen.getByRole('radio', { name: '纠纷处理中 1' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(within(first!).getByRole('button', { name: '退款给买家' }));
    const refundForm = screen.getByRole('form', { name: '退款给买家 交易 #5' });
    fireEvent.click(within(refundForm).getByRole('button', { name: '确认退款' }));
    expect(await within(refundForm).findByRole('alert')).toHaveProperty('textContent', TRADE_MSG.reasonMissing);
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(within(refundForm).getByRole('textbox'), { target: { value: '卖家提供的密码错误' } });
    fireEvent.click(within(refundForm).getByRole('button', { name: '确认退款' }));
    expect(lastConfirm().content).toBe('交易 #5：退款 ¥200.00 给买家 买家八，小号退回卖家 卖家七？');
    expect(calls.some((c) => c.path === '/staff/api/trading/refund')).toBe(false);
    await act(() => lastConfirm().onConfirm());
    expect(calls.find((c) => c.path === '/staff/api/trading/refund')?.payload).toEqual({ id: 5, note: '卖家提供的密码错误' });
    expect(Toast.show).toHaveBeenCalledWith({ content: TRADE_MSG.refunded });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());

    fireEvent.click(within(second!).getByRole('button', { name: '放款给卖家' }));
    const releaseForm = screen.getByRole('form', { name: '放款给卖家 交易 #6' });
    fireEvent.change(within(releaseForm).getByRole('textbox'), { target: { value: '买家已能正常登录' } });
    fireEvent.click(within(releaseForm).getByRole('button', { name: '确认放款' }));
    expect(lastConfirm().content).toBe('交易 #6：放款 ¥190.00 给卖家 卖家七（手续费 ¥10.00）？');
    await act(() => lastConfirm().onConfirm());
    expect(calls.find((c) => c.path === '/staff/api/trading/release')?.payload).toEqual({ id: 6, note: '买家已能正常登录' });
    expect(Toast.show).toHaveBeenCalledWith({ content: TRADE_MSG.released });
  });

  it('admin: both tabs; the second asks for the trades; an unreadable answer is an error line, not a crash; a malformed item is left out', async () => {
    const calls = serve(({ path }) =>
      path === '/staff/api/trading/listings'
        ? ok({ list: 'nope', counts: {} })
        : ok({ list: [trade(5), { ...trade(9), net_cents: 1 }], total: 2, page: 1, limit: 20, counts: TRADE_COUNTS }),
    );
    render(<TradingPage staff={staff('admin')} />, { wrapper: stand.wrapper });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['商品审核', '交易纠纷']);
    expect(await screen.findByText(BAD_ANSWER_MSG)).toBeTruthy();
    fireEvent.click(tabs[1]!);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('trade-item')).toHaveLength(1));
    expect(calls.map((c) => c.path)).toEqual(['/staff/api/trading/listings', '/staff/api/trading/trades']);
  });

  it('an agent (never routed here) gets a plain notice, and no call is made', () => {
    const calls = serve(() => ok(null));
    render(<TradingPage staff={staff('agent')} />, { wrapper: stand.wrapper });
    expect(screen.getByText('当前角色无权处理账号交易')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
