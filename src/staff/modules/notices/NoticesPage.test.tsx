import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MSG } from '../../../../api/protocol/messages.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import NoticesPage from './NoticesPage.tsx';

const stand = staffTestRuntime();

/**
 * 公告 against a stubbed staff api: the list by state with its page in the URL, a body opened in its
 * row, publish checked in place and then asked, 撤回 asked. Role queries are asked inside a region,
 * a row or the dialog (a page-wide one is slow over antd's styles, see WithdrawalsPage.test.tsx).
 */
const WALK_TIMEOUT_MS = 90_000;

const T = '2026-06-01T02:03:04.000Z';
const notice = (id: number, withdrawn: boolean) => ({
  id,
  title: `停服维护 ${id}`,
  content: '<p>今晚 <strong>02:00</strong> 停服</p>',
  popup: true,
  published_at: T,
  withdrawn_at: withdrawn ? T : null,
  author_name: '管理员',
  withdrawn_by_name: withdrawn ? '管理员' : '',
  seen_count: 3,
});

describe('公告', () => {
  it('lists by state with the page in the URL; publish is checked, then asked; 撤回 is asked', async () => {
    window.history.replaceState(null, '', '/');
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    stand.serve(calls, (path, payload) => {
      const data =
        path === '/staff/api/notices/list'
          ? { list: payload.state === 'withdrawn' ? [notice(2, true)] : [notice(1, false)], total: 45, page: payload.page, limit: 20 }
          : path === '/staff/api/notices/preview'
            ? { html: String(payload.html), text: '', length: 10, max: 20000 }
            : path === '/staff/api/notices/publish'
              ? { notice: notice(3, false), created: true }
              : { notice: notice(1, true) };
      const msg = path === '/staff/api/notices/publish' ? '公告已发布' : path === '/staff/api/notices/withdraw' ? '公告已撤回' : 'success';
      return { code: 1, msg, data };
    });
    render(<NoticesPage />, { wrapper: stand.wrapper });
    const row = await screen.findByTestId('notice-1');
    expect(within(row).getByText('在线')).toBeTruthy();
    expect(within(row).getByText('已弹出 3 人')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '查看' }));
    expect(within(row).getByLabelText('停服维护 1 正文').querySelector('strong')?.textContent).toBe('02:00');

    // The page and the state are the URL's.
    const listRegion = screen.getByRole('region', { name: '公告列表' });
    fireEvent.click(within(listRegion).getByTitle('2'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(calls.at(-1)?.payload).toEqual({ page: 2, limit: 20 }));
    fireEvent.click(within(screen.getByLabelText('状态')).getByRole('radio', { name: '已撤回' }));
    await waitFor(() => expect(window.location.search).toBe('?state=withdrawn'));
    const withdrawn = await screen.findByTestId('notice-2');
    expect(within(withdrawn).getByText('已撤回')).toBeTruthy();
    expect(within(withdrawn).queryByRole('button', { name: '撤回' })).toBeNull();

    // Publish: the title is checked in place before anything is asked or sent.
    const form = screen.getByRole('region', { name: '发布公告' });
    fireEvent.click(within(form).getByRole('button', { name: '发布公告' }));
    expect(await within(form).findByText(MESSAGE_MSG.noticeTitleRequired)).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: '标题' }), { target: { value: '版本更新' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /正文/ }), { target: { value: '<p>新版本</p>' } });
    fireEvent.click(within(form).getByRole('switch', { name: '弹窗公告' }));
    fireEvent.click(within(form).getByRole('button', { name: '发布公告' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText(/弹出一次/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/notices/publish')?.payload).toMatchObject({ title: '版本更新', html: '<p>新版本</p>', popup: '1' }));
    expect(await screen.findByText('公告已发布')).toBeTruthy();
    // Published from the 已撤回 list: back to all notices, page 1.
    await waitFor(() => expect(window.location.search).toBe(''));

    fireEvent.click(within(await screen.findByTestId('notice-1')).getByRole('button', { name: '撤回' }));
    const sure = await screen.findByRole('dialog');
    fireEvent.click(within(sure).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/notices/withdraw')?.payload).toEqual({ id: 1 }));
    expect(await screen.findByText('公告已撤回')).toBeTruthy();
  }, WALK_TIMEOUT_MS);
});
