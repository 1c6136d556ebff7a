import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { importRefusedMsg, OPEN_SERVER_MSG } from '../../../../api/protocol/open-servers.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import OpenServersPage from './OpenServersPage.tsx';

// antd spaces a two-character Chinese button label (编 辑): the names are matched either way.

/**
 * 开服表 against a stubbed staff api: the list read for the date range, paged; an edit sent with
 * the China wall-clock time; a removal only after the confirmation; a CSV's refused rows listed.
 */

const stand = staffTestRuntime();
// The staff test runtime's wrapper holds the console's kit (StaffKit: antd's provider and App).
const wrapper = stand.wrapper;


type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });
const ROW = { id: 7, game_id: 3, game_name: '龙城传奇', platform_game_id: 5, server_name: '双线1服', open_at: '2026-11-29T02:00:00.000Z' };

function stub(answers: Partial<Record<string, (payload: Record<string, unknown>) => Answer>>) {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  stand.serve(calls, (path, payload) => {
    const name = path.split('/').pop()!;
    const answer = answers[name]?.(payload) ?? (name === 'games' ? ok({ list: [{ id: 3, name: '龙城传奇' }] }) : ok({ list: [ROW], total: 21, page: payload.page ?? 1, limit: 20 }));
    return answer;
  });
  return calls;
}

describe('开服表', () => {
  it('lists the range in China time, pages, and saves an edit with the wall-clock time', async () => {
    const calls = stub({ update: (p) => ok({ server: { ...ROW, server_name: p.server_name } }, OPEN_SERVER_MSG.updated) });
    render(<OpenServersPage />, { wrapper });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('2026-11-29 10:00')).toBeTruthy();
    expect(within(table).getByText('龙城传奇（ID 3）')).toBeTruthy();
    const first = calls.find((c) => c.path.endsWith('/list'))!.payload;
    expect(first).toMatchObject({ page: 1, limit: 20 });
    expect(String(first.from)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/list')).at(-1)!.payload.page).toBe(2));

    fireEvent.click(within(table).getByRole('button', { name: '编辑' }));
    const name = await screen.findByPlaceholderText('如 双线1服');
    fireEvent.change(name, { target: { value: '双线2服' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/update'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/update'))!.payload).toEqual({ id: 7, game_id: 3, server_name: '双线2服', open_at: '2026-11-29 10:00' });
  });

  it('refuses an empty server name in the form without a call', async () => {
    const calls = stub({});
    render(<OpenServersPage />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: '添加开服' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(OPEN_SERVER_MSG.nameRequired)).toBeTruthy();
    expect(await screen.findByText(OPEN_SERVER_MSG.gameMissing)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/create'))).toBe(false);
  });

  it('removes a row only after the confirmation', async () => {
    const calls = stub({ remove: () => ok({ id: 7 }, OPEN_SERVER_MSG.removed) });
    render(<OpenServersPage />, { wrapper });
    const table = await screen.findByRole('table');
    fireEvent.click(await within(table).findByRole('button', { name: '删除' }));
    expect(await screen.findByText(/删除「龙城传奇」双线1服（2026-11-29 10:00）/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/remove'))).toBe(false);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/remove'))?.payload).toEqual({ id: 7 }));
  });

  it('sends a CSV file whole and lists the rows it refused', async () => {
    const refused = [{ row: 3, message: OPEN_SERVER_MSG.timeInvalid }, { row: 5, message: OPEN_SERVER_MSG.gameUnknown }];
    const calls = stub({ import: () => ok({ added: 0, refused, servers: [] }, importRefusedMsg(2)) });
    const { container } = render(<OpenServersPage />, { wrapper });
    await screen.findByRole('table');
    const csv = '游戏,区服,时间\n3,双线1服,2026-11-29 10:00\n3,双线2服,明天\n';
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'servers.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText(importRefusedMsg(2))).toBeTruthy();
    const rows = screen.getByRole('list', { name: '未通过的行' });
    expect(within(rows).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`第3行：${OPEN_SERVER_MSG.timeInvalid}`, `第5行：${OPEN_SERVER_MSG.gameUnknown}`]);
    expect(calls.find((c) => c.path.endsWith('/import'))!.payload).toEqual({ csv });
  });
});
