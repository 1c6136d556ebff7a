import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MSG, settingRangeMessage, TRADE_SETTING_RULES } from '../../../../api/protocol/platform-settings.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import SettingsPage from './SettingsPage.tsx';

/** 规则设置 against a stubbed staff api: numbers shown in yuan and percent, saved in fen and basis points; a bad number or an empty price range refused without a call; a server refusal shown. */

const stand = staffTestRuntime();
const wrapper = stand.wrapper;

type Answer = { code: number; msg: string; data: unknown };
const TRADE = { min_age_days: 7, min_topup_cents: 3_000, min_price_cents: 600, max_price_cents: 5_000_000, fee_rate_bp: 500, fee_min_cents: 500, reserve_minutes: 15, cooling_off_hours: 72, listing_ttl_days: 30 };
const INVITE = { share_bp: 500, share_days: 180, bind_window_hours: 24 };

function stub(answers: Partial<Record<string, (payload: Record<string, unknown>) => Answer>> = {}) {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  stand.serve(calls, (path, payload) => {
    const name = path.split('/').pop()!;
    const answer = answers[name]?.(payload) ?? { code: 1, msg: name.startsWith('save') ? SETTINGS_MSG.saved : 'success', data: name.endsWith('invite') ? INVITE : TRADE };
    return answer;
  });
  return calls;
}

const trade = () => screen.getByRole('region', { name: '账号交易' });

describe('规则设置', () => {
  it('shows the numbers in yuan and percent and saves them in fen and basis points', async () => {
    const calls = stub();
    render(<SettingsPage />, { wrapper });
    const fee = (await within(await screen.findByRole('region', { name: '账号交易' })).findByLabelText('手续费比例')) as HTMLInputElement;
    expect(fee.value).toBe('5.00');
    expect((within(trade()).getByLabelText('最低售价') as HTMLInputElement).value).toBe('6.00');
    fireEvent.change(fee, { target: { value: '8' } });
    fireEvent.click(within(trade()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/save-trade'))?.payload).toEqual({ ...TRADE, fee_rate_bp: 800 }));
    expect(await screen.findByText(SETTINGS_MSG.saved)).toBeTruthy();
  });

  it('refuses a number out of range and an empty price range without a call, and shows a server refusal', async () => {
    const calls = stub({ 'save-invite': () => ({ code: -1, msg: '邀请收益比例须在 0%–50% 之间', data: null }) });
    render(<SettingsPage />, { wrapper });
    const region = await screen.findByRole('region', { name: '账号交易' });
    fireEvent.change(await within(region).findByLabelText('下单保留时长'), { target: { value: '45' } });
    fireEvent.click(within(region).getByRole('button', { name: '保存' }));
    expect(await within(region).findByText(settingRangeMessage(TRADE_SETTING_RULES.reserve_minutes))).toBeTruthy();
    fireEvent.change(within(region).getByLabelText('下单保留时长'), { target: { value: '15' } });
    fireEvent.change(within(region).getByLabelText('最低售价'), { target: { value: '100' } });
    fireEvent.change(within(region).getByLabelText('最高售价'), { target: { value: '50' } });
    fireEvent.click(within(region).getByRole('button', { name: '保存' }));
    expect(await within(region).findByText(SETTINGS_MSG.priceRange)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/save-trade'))).toBe(false);

    const invite = screen.getByRole('region', { name: '邀请好友' });
    fireEvent.click(within(invite).getByRole('button', { name: '保存' }));
    expect(await within(invite).findByText('邀请收益比例须在 0%–50% 之间')).toBeTruthy();
  });
});
