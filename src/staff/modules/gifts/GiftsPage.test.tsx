import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GIFT_PACK_MSG } from '../../../../api/protocol/gift-packs.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import GiftsPage from './GiftsPage.tsx';

/**
 * 礼包管理 against a stubbed staff api: the packs with their stock; the form refuses what is
 * missing before anything is sent and saves an edit; a code file is read and sent with the import
 * call, and the answer's counts are shown by reason; the codes drawer shows who claimed (masked)
 * and withdraws the selected free codes after the confirm.
 */


const stand = staffTestRuntime();
// The staff test runtime's wrapper holds the console's kit (StaffKit: antd's provider and App).
const wrapper = stand.wrapper;

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });

const pack = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  game: { id: 12, name: '仙剑奇缘' },
  name: '新手礼包',
  content: '元宝x888',
  usage: '在福利-兑换码输入',
  valid_from: '2026-11-01T00:00:00.000Z',
  valid_until: '2026-12-31T15:59:00.000Z',
  vip_level: 0,
  total: 0,
  claimed: 0,
  remaining: 0,
  status: 'soldout',
  ...extra,
});

function stub() {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  let current = pack();
  stand.serve(calls, (path, payload) => {
    let answer: Answer;
    if (path === '/staff/api/gifts/list') answer = ok({ list: [current], total: 1, page: 1, limit: 20 });
    else if (path === '/staff/api/gifts/games') answer = ok({ list: [{ id: 12, name: '仙剑奇缘' }] });
    else if (path === '/staff/api/gifts/save') {
      current = { ...current, name: String(payload.name) };
      answer = ok({ pack: current }, GIFT_PACK_MSG.saved);
    } else if (path === '/staff/api/gifts/importCodes') {
      current = { ...current, total: 990, remaining: 990, status: 'active' };
      answer = ok({ added: 990, refused: { empty: 0, too_long: 0, bad_chars: 0, duplicate_in_file: 10, duplicate_in_pack: 0 }, refused_total: 10, lines: 1000, pack: current }, '已导入 990 个，拒绝 10 个（文件内重复 10）');
    } else if (path === '/staff/api/gifts/codes') {
      const list = [
        { id: 1, code: 'E2*****01', claimed: true, claimed_at: '2026-11-28T02:00:00.000Z', user: { id: 33, nickname: '小明', phone: '138****0000' } },
        { id: 2, code: 'E2E0000002', claimed: false, claimed_at: null, user: null },
        { id: 3, code: 'E2E0000003', claimed: false, claimed_at: null, user: null },
      ];
      answer = ok({ list, total: 3, page: 1, limit: 50, pack: { ...current, total: 3, claimed: 1, remaining: 2 } });
    } else if (path === '/staff/api/gifts/withdraw') answer = ok({ withdrawn: 1, kept_claimed: 0, pack: current }, '已撤回 1 个未领取的兑换码');
    else answer = { code: -1, msg: `unexpected ${path}`, data: null };
    return answer;
  });
  return calls;
}

describe('礼包管理', () => {
  it('lists packs with their stock, refuses an empty form before sending, and saves an edit', async () => {
    const calls = stub();
    render(<GiftsPage />, { wrapper });
    const row = await screen.findByText('新手礼包');
    expect(within(row.closest('tr')!).getByTestId('gift-stock').textContent).toBe('0 / 0 / 0');
    expect(within(row.closest('tr')!).getByText('无库存')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新建礼包' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('礼包名称'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择游戏')).toBeTruthy();
    expect(await within(dialog).findByText(GIFT_PACK_MSG.nameRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/staff/api/gifts/save')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));

    fireEvent.click(within(row.closest('tr')!).getByRole('button', { name: '编辑' }));
    const edit = (await screen.findByText('编辑礼包 #7')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(edit).getByLabelText('礼包名称'), { target: { value: '豪华礼包' } });
    fireEvent.click(within(edit).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/gifts/save')).toBeTruthy());
    expect(calls.find((c) => c.path === '/staff/api/gifts/save')!.payload).toEqual({
      id: 7,
      game_id: 12,
      name: '豪华礼包',
      content: '元宝x888',
      usage: '在福利-兑换码输入',
      valid_from: '2026-11-01T00:00:00.000Z',
      valid_until: '2026-12-31T15:59:00.000Z',
      vip_level: 0,
    });
    expect(await screen.findByText('豪华礼包')).toBeTruthy();
  });

  it('reads the chosen code file, sends it with the import call and shows the counts by reason', async () => {
    const calls = stub();
    render(<GiftsPage />, { wrapper });
    const row = (await screen.findByText('新手礼包')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '导入兑换码' }));
    const dialog = await screen.findByRole('dialog');
    const text = 'AAA-1\nAAA-2\nAAA-1\n';
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([text], 'codes.txt', { type: 'text/plain' })] } });
    });
    const send = within(dialog).getByRole('button', { name: '导入' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    expect(await within(dialog).findByText('已导入 990 个，拒绝 10 个（文件内重复 10）')).toBeTruthy();
    expect(calls.find((c) => c.path === '/staff/api/gifts/importCodes')!.payload).toEqual({ pack_id: 7, text, file_name: 'codes.txt' });
    expect(within(within(dialog).getByLabelText('拒绝原因')).getByText('文件内重复：10')).toBeTruthy();
    // The list is read again: the new stock.
    await waitFor(() => expect(within(screen.getByText('新手礼包').closest('tr')!).getByTestId('gift-stock').textContent).toBe('990 / 0 / 990'));
  });

  it('shows who claimed a code (masked) and withdraws the selected free codes after the confirm', async () => {
    const calls = stub();
    render(<GiftsPage />, { wrapper });
    const row = (await screen.findByText('新手礼包')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '兑换码' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('E2*****01')).toBeTruthy();
    expect(within(drawer).getByText('小明（ID 33 · 138****0000）')).toBeTruthy();
    expect(within(drawer).getByLabelText('库存').textContent).toContain('剩余 2');
    expect((within(drawer).getByLabelText('选择 E2*****01') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(drawer).getByLabelText('选择 E2E0000002'));
    fireEvent.click(within(drawer).getByRole('button', { name: '撤回选中（1）' }));
    expect((await screen.findAllByText('撤回选中的 1 个兑换码？')).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: '撤回' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/gifts/withdraw')).toBeTruthy());
    expect(calls.find((c) => c.path === '/staff/api/gifts/withdraw')!.payload).toEqual({ pack_id: 7, ids: [2] });
  });
});
