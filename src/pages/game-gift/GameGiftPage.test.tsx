import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused, renderWithRuntime } from '../game-detail/fake-runtime.test-helper.tsx';
import GameCouponPage from '../game-coupon/GameCouponPage.tsx';
import GameGiftPage from './GameGiftPage.tsx';

vi.mock('../../app/toast.ts', () => ({ showToast: vi.fn() }));
const { showToast } = await import('../../app/toast.ts');

const pack = (gift_id: number, extra: Record<string, unknown> = {}) => ({
  gift_id,
  game_id: 12,
  name: `礼包${gift_id}`,
  content: '钻石×100',
  usage: '游戏内兑换',
  valid_until: '2026-12-31T15:59:59.000Z',
  expired: false,
  vip_level: 0,
  total: 100,
  remaining: 40,
  claimed: false,
  code: null,
  ...extra,
});

afterEach(() => vi.clearAllMocks());

describe('/gamegift', () => {
  it('lists the packs; 领取 shows the code big; 复制 copies it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { call } = renderWithRuntime(<GameGiftPage data={{ game_id: 12 }} />, (path, payload) => {
      if (path === '/api/game/getGiftList') return ok({ list: [pack(1), pack(2, { claimed: true, code: 'OLD-CODE' }), pack(3, { remaining: 0 })], total: 3, page: 1, limit: 50 });
      if (path === '/api/game/receiveGift' && payload.gift_id === 1) return ok({ code: 'NEW-CODE', gift_id: 1 }, '领取成功');
      throw new Error(path);
    });
    const first = await screen.findByTestId('gift-1');
    expect(within(first).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(screen.getByTestId('gift-2')).getByText('OLD-CODE')).toBeTruthy();
    expect((within(screen.getByTestId('gift-3')).getByRole('button', { name: '已领完' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(first).getByRole('button', { name: '领取' }));
    expect(call).toHaveBeenCalledWith('/api/game/receiveGift', { gift_id: 1 });
    const sheet = await screen.findByRole('dialog', { name: '礼包码' });
    expect(within(sheet).getByTestId('gift-code').textContent).toBe('NEW-CODE');
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: '复制' })));
    expect(writeText).toHaveBeenCalledWith('NEW-CODE');
    expect(showToast).toHaveBeenCalledWith('复制成功');
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(first).getByRole('button', { name: '已领取' })).toBeTruthy();
    // The claimed code comes off the count shown (40 of 100 before).
    expect(within(first).getByText('剩余 39/100')).toBeTruthy();
    expect(within(first).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('39');
  });

  it('falls back to a selected input and execCommand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderWithRuntime(<GameGiftPage data={{ game_id: 12 }} />, () => ok({ list: [pack(2, { claimed: true, code: 'OLD-CODE' })], total: 1, page: 1, limit: 50 }));
    const row = await screen.findByTestId('gift-2');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: '复制' })));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(showToast).toHaveBeenCalledWith('复制成功');
  });

  it('a claim while signed out opens login and calls nothing', async () => {
    const { call, openLogin } = renderWithRuntime(<GameGiftPage data={{ game_id: 12 }} />, () => ok({ list: [pack(1)], total: 1, page: 1, limit: 50 }), { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: '领取' }));
    expect(openLogin).toHaveBeenCalledOnce();
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('/gamecoupon', () => {
  it("shows 已领取 for the suppressed '已领取' answer, 已领完 when sold out, and claims BT coupons in one go", async () => {
    const coupon = (coupon_id: number, extra: Record<string, unknown> = {}) => ({ coupon_id, game_id: 12, game_name: '仙剑', name: `满减券${coupon_id}`, type: 'normal', amount: 10, amount_cents: 1000, threshold: 100, threshold_cents: 10_000, condition_text: '满100可用', valid_days: 7, total: 50, remaining: 10, received: false, ...extra });
    const { call } = renderWithRuntime(<GameCouponPage data={{ game_id: 12 }} />, (path, payload) => {
      if (path === '/api/coupon/getCouponList') return ok({ list: payload.type === 'bt' ? [coupon(9, { type: 'bt' })] : [coupon(1), coupon(2, { remaining: 0 })], total: 2, page: 1, limit: 50 });
      if (path === '/api/coupon/receiveCoupon') return { kind: 'toast', code: -1, msg: '已领取', data: { reason: 'already' }, show: false };
      if (path === '/api/coupon/receiveBtCoupon') return refused('暂无可领取的BT券', { reason: 'noBtCoupons' });
      throw new Error(path);
    });
    const first = await screen.findByTestId('coupon-1');
    fireEvent.click(within(first).getByRole('button', { name: '领取' }));
    expect(await within(first).findByRole('button', { name: '已领取' })).toBeTruthy();
    expect(within(screen.getByTestId('coupon-2')).getByRole('button', { name: '已领完' })).toBeTruthy();
    const bt = screen.getByRole('region', { name: 'BT券' });
    fireEvent.click(within(bt).getByRole('button', { name: '一键领取' }));
    expect(call).toHaveBeenCalledWith('/api/coupon/receiveBtCoupon', { game_id: 12 });
    expect(await within(bt).findByRole('button', { name: '已领完' })).toBeTruthy();
  });
});
