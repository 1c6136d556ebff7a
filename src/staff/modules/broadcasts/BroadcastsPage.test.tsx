import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MSG } from '../../../../api/protocol/messages.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import BroadcastsPage from './BroadcastsPage.tsx';

const stand = staffTestRuntime();

/**
 * 站内广播 against a stubbed staff api: the list by kind with its page in the URL, the form checked
 * in place (the link as it is typed), the preview, the send asked first. Role queries are asked
 * inside a region, a row or the dialog (see WithdrawalsPage.test.tsx).
 */
const WALK_TIMEOUT_MS = 90_000;

const T = '2026-06-01T02:03:04.000Z';
const broadcast = (id: number, kind: string, kind_name: string) => ({
  id,
  kind,
  kind_name,
  title: `消息 ${id}`,
  content: '正文',
  link: { path: '/dailymission', data: { id: 12 } },
  author_name: '管理员',
  created_at: T,
  read_count: 7,
});

describe('站内广播', () => {
  it('lists by kind with the page in the URL; the form is checked in place, previewed, and asked before it is sent', async () => {
    window.history.replaceState(null, '', '/');
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    stand.serve(calls, (path, payload) => {
      const answer =
        path === '/staff/api/broadcasts/list'
          ? { code: 1, msg: 'success', data: { list: payload.kind === 'system' ? [broadcast(2, 'system', '系统通知')] : [broadcast(1, 'activity', '活动消息')], total: 30, page: payload.page, limit: 20 } }
          : { code: 1, msg: '消息已发送', data: { broadcast: broadcast(3, 'activity', '活动消息'), created: true } };
      return answer;
    });
    render(<BroadcastsPage />, { wrapper: stand.wrapper });
    const row = await screen.findByTestId('broadcast-1');
    expect(within(row).getByText('7 人')).toBeTruthy();
    expect(within(row).getByText('/dailymission {"id":12}')).toBeTruthy();

    const sent = screen.getByRole('region', { name: '已发送' });
    fireEvent.click(within(sent).getByTitle('2'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    fireEvent.click(within(within(sent).getByLabelText('类型')).getByRole('radio', { name: '系统通知' }));
    await waitFor(() => expect(window.location.search).toBe('?kind=system'));
    expect(await screen.findByTestId('broadcast-2')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.payload).toEqual({ kind: 'system', page: 1, limit: 20 }));

    const form = screen.getByRole('region', { name: '发送站内广播' });
    fireEvent.click(within(form).getByRole('button', { name: '发送给全部玩家' }));
    expect(await within(form).findByText(MESSAGE_MSG.messageTitleRequired)).toBeTruthy();
    expect(within(form).getByText(MESSAGE_MSG.messageContentRequired)).toBeTruthy();
    fireEvent.click(within(within(form).getByLabelText('消息类型')).getByRole('radio', { name: '活动消息' }));
    fireEvent.change(within(form).getByRole('textbox', { name: '标题' }), { target: { value: '周末双倍积分' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /内容/ }), { target: { value: '积分翻倍' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /打开的页面/ }), { target: { value: 'dailymission' } });
    expect(await within(form).findByText(/链接页面须是应用内路径/)).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /打开的页面/ }), { target: { value: '/dailymission' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /页面参数/ }), { target: { value: '[1]' } });
    expect(await within(form).findByText(/参数须是 JSON 对象/)).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /页面参数/ }), { target: { value: '{"id": 5}' } });
    const preview = within(form).getByRole('region', { name: '消息预览' });
    await waitFor(() => expect(preview.textContent).toContain('点击打开 /dailymission {"id":5}'));
    expect(preview.textContent).toContain('周末双倍积分');
    await waitFor(() => expect(within(form).queryByText(/参数须是 JSON 对象/)).toBeNull());

    fireEvent.click(within(form).getByRole('button', { name: '发送给全部玩家' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText(/不能撤回/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: '发送' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/staff/api/broadcasts/send')?.payload).toMatchObject({ kind: 'activity', title: '周末双倍积分', content: '积分翻倍', link: { path: '/dailymission', data: { id: 5 } } }),
    );
    expect(await screen.findByText('消息已发送')).toBeTruthy();
    // Sent from the 系统通知 list: back to all kinds, page 1, where the new message is.
    await waitFor(() => expect(window.location.search).toBe(''));
  }, WALK_TIMEOUT_MS);
});
