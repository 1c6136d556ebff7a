import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DESK_MSG } from '../../../../api/protocol/service-desk.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import QuickRepliesPage from './QuickRepliesPage.tsx';

const stand = staffTestRuntime();

/**
 * 快捷回复 against a stubbed staff api: the list, a row edited and saved, a reply added, one deleted
 * after its confirm. Queries are asked inside a row, a region or the dialog (jsdom's styles over
 * antd's stylesheets make page-wide role queries slow), with a bound of their own.
 */
const WALK_TIMEOUT_MS = 90_000;

describe('快捷回复', () => {
  it('saves an edited row, adds a reply with its sort key, deletes after the confirm', async () => {
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    stand.serve(calls, (path) => {
      const answer = path.endsWith('/quickReplies')
        ? { code: 1, msg: 'success', data: { list: [{ id: 7, content: '您好，请稍候', sort: 0 }] } }
        : path.endsWith('/quickReplyUpdate')
          ? { code: 1, msg: '快捷回复已保存', data: { id: 7, content: '您好，马上为您处理', sort: 3 } }
          : path.endsWith('/quickReplyCreate')
            ? { code: 1, msg: '快捷回复已添加', data: { id: 8, content: '新话术', sort: 2 } }
            : { code: 1, msg: '快捷回复已删除', data: null };
      return answer;
    });
    render(<QuickRepliesPage />, { wrapper: stand.wrapper });
    const row = await screen.findByTestId('quick-reply-row');
    const save = within(row).getByRole('button', { name: '保存' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(row).getByLabelText('内容'), { target: { value: '您好，马上为您处理' } });
    fireEvent.change(within(row).getByLabelText('排序'), { target: { value: '3' } });
    fireEvent.click(within(row).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/quickReplyUpdate'))?.payload).toEqual({ id: 7, content: '您好，马上为您处理', sort: 3 }));
    expect(await screen.findByText('快捷回复已保存')).toBeTruthy();

    const adding = screen.getByRole('region', { name: '新增快捷回复' });
    fireEvent.click(within(adding).getByRole('button', { name: '添加' }));
    expect(await within(adding).findByText(DESK_MSG.quickReplyEmpty)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/quickReplyCreate'))).toBe(false);
    fireEvent.change(within(adding).getByPlaceholderText('客服在回复框中一键选用的话术'), { target: { value: '新话术' } });
    fireEvent.change(within(adding).getByPlaceholderText('0'), { target: { value: '2' } });
    fireEvent.click(within(adding).getByRole('button', { name: '添加' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/quickReplyCreate'))?.payload).toEqual({ content: '新话术', sort: 2 }));
    await waitFor(() => expect((within(adding).getByPlaceholderText('客服在回复框中一键选用的话术') as HTMLTextAreaElement).value).toBe(''));

    fireEvent.click(within(await screen.findByTestId('quick-reply-row')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.path.endsWith('/quickReplyDelete'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/quickReplyDelete'))?.payload).toEqual({ id: 7 }));
    expect(await screen.findByText('快捷回复已删除')).toBeTruthy();
  }, WALK_TIMEOUT_MS);
});
