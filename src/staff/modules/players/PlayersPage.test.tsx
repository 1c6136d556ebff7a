import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLAYER_ADMIN_MSG } from '../../../../api/protocol/player-admin.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import PlayersPage from './PlayersPage.tsx';

/**
 * 玩家管理 against a stubbed staff api: the search sends the box's text and lists the players with
 * the phone masked and the real-name status; a row's drawer shows the account, reveals the phone on
 * a click, bans only with a reason (the question's text box), then offers 解封.
 */

const stand = staffTestRuntime();
const wrapper = stand.wrapper;

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });

const row = { id: 42, uuid: '0b7c3c1e-8d2f-4f51-9a51-6f0e2b1d9c11', nickname: '小明', phone: '138****5678', registered_at: '2026-11-01T02:00:00.000Z', real_name: true, banned: false, cancelled: false };

function stub() {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  let banned: { at: string; reason: string } | null = null;
  const detail = () => ({
    ...row,
    banned: banned !== null,
    avatar: '',
    last_active_at: '2026-11-28T02:00:00.000Z',
    real_name_masked: '张*',
    real_name_at: '2026-11-02T02:00:00.000Z',
    ban: banned,
    balances: { coins_cents: 1250, wallet_cents: 300, points: 80 },
    counts: { orders: 3, coupons: 2, trades: 1, feedback: 4 },
    active_sessions: banned ? 0 : 2,
    lockout: { account_failures: 0, sms_required: false, locked_addresses: 0 },
  });
  stand.serve(calls, (path, payload) => {
    let answer: Answer;
    if (path === '/staff/api/players/search') answer = ok({ list: [row], total: 1, page: 1, limit: 20 });
    else if (path === '/staff/api/players/detail') answer = ok({ player: detail() });
    else if (path === '/staff/api/players/revealPhone') answer = ok({ phone: '13812345678' });
    else if (path === '/staff/api/players/ban') {
      banned = { at: '2026-11-28T03:00:00.000Z', reason: String(payload.reason) };
      answer = ok({ player: detail(), changed: true, sessions_ended: 2 }, PLAYER_ADMIN_MSG.banned);
    } else answer = { code: -1, msg: `unexpected ${path}`, data: null };
    return answer;
  });
  return calls;
}

describe('玩家管理', () => {
  it('searches with the box’s text and lists players masked, with the real-name status only', async () => {
    const calls = stub();
    render(<PlayersPage />, { wrapper });
    fireEvent.change(screen.getByRole('searchbox', { name: '查找玩家' }), { target: { value: ' 5678 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查找' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/staff/api/players/search' && c.payload.query === '5678')).toBe(true));
    const line = (await screen.findByText('小明')).closest('tr')!;
    expect(within(line).getByTestId('player-phone').textContent).toBe('138****5678');
    expect(within(line).getByText('已实名')).toBeTruthy();
    expect(within(line).getByText('正常')).toBeTruthy();
  });

  it('opens the account, reveals the phone, and bans only with a reason', async () => {
    const calls = stub();
    render(<PlayersPage />, { wrapper });
    const line = (await screen.findByText('小明')).closest('tr')!;
    fireEvent.click(within(line).getByRole('button', { name: '查看' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('已实名（张*，2026-11-02 10:00:00）')).toBeTruthy();
    expect(within(drawer).getByText('12.50')).toBeTruthy();
    expect(within(drawer).getByText('3 / 2 / 1 / 4')).toBeTruthy();
    expect(within(drawer).getByTestId('detail-phone').textContent).toBe('138****5678');

    fireEvent.click(within(drawer).getByRole('button', { name: '查看完整手机号' }));
    await waitFor(() => expect(within(drawer).getByTestId('detail-phone').textContent).toBe('13812345678'));
    expect(calls.find((c) => c.path === '/staff/api/players/revealPhone')!.payload).toEqual({ id: 42 });

    fireEvent.click(within(drawer).getByRole('button', { name: '封禁' }));
    const question = (await screen.findAllByText('封禁 小明（ID 42）？'))[0]!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(question).getByRole('button', { name: '封禁' }));
    expect(await screen.findByText(PLAYER_ADMIN_MSG.reasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/staff/api/players/ban')).toBe(false);

    fireEvent.click(within(drawer).getByRole('button', { name: '封禁' }));
    const again = (await screen.findAllByText('封禁 小明（ID 42）？')).at(-1)!.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(again).getByLabelText('封禁原因'), { target: { value: '盗号' } });
    fireEvent.click(within(again).getByRole('button', { name: '封禁' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/players/ban')?.payload).toEqual({ id: 42, reason: '盗号' }));
    expect(await within(drawer).findByRole('button', { name: '解封' })).toBeTruthy();
    expect(within(drawer).getByText('原因：盗号')).toBeTruthy();
  });
});
