import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOT_WORD_MSG } from '../../../../api/protocol/hot-words.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import HomeContentPage from './HomeContentPage.tsx';

/** 首页内容 — 热门搜索 against a stubbed staff api: pin a word, move a pinned one, a refusal shown, a bad word refused without a call. */

const stand = staffTestRuntime();
// The staff test runtime's wrapper holds the console's kit (StaffKit: antd's provider and App).
const wrapper = stand.wrapper;


type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });
const LIST = [
  { word: '冬季新服', hits: 0, pinned: 1 },
  { word: '传奇', hits: 650, pinned: 2 },
  { word: 'BT', hits: 600, pinned: null },
];

function stub(answers: Partial<Record<string, (payload: Record<string, unknown>) => Answer>>) {
  const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
  stand.serve(calls, (path, payload) => {
    const answer = answers[path.split('/').pop()!]?.(payload) ?? ok({ list: LIST });
    return answer;
  });
  return calls;
}

describe('首页内容 — 热门搜索', () => {
  it('pins a typed word, moves a pinned word down, and shows a refusal', async () => {
    const calls = stub({ 'order-hot-words': () => ({ code: -1, msg: HOT_WORD_MSG.orderStale, data: null }) });
    render(<HomeContentPage />, { wrapper });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('冬季新服')).toBeTruthy();
    // The pinned rows' 置顶 tags (the unpinned row's button says 置顶 too).
    expect(within(table).getAllByText('置顶', { selector: '.ant-tag' })).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('搜索词'), { target: { value: ' 三国 ' } });
    fireEvent.click(screen.getByRole('button', { name: '添加并置顶' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/pin-hot-word'))?.payload).toEqual({ word: '三国' }));

    fireEvent.click(screen.getByRole('button', { name: '下移 冬季新服' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/order-hot-words'))?.payload).toEqual({ words: ['传奇', '冬季新服'] }));
    expect(await screen.findByText(HOT_WORD_MSG.orderStale)).toBeTruthy();
    expect((screen.getByRole('button', { name: '上移 冬季新服' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a word with a control character without a call', async () => {
    const calls = stub({});
    render(<HomeContentPage />, { wrapper });
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('搜索词'), { target: { value: 'a\tb' } });
    fireEvent.click(screen.getByRole('button', { name: '添加并置顶' }));
    expect(await screen.findByText(HOT_WORD_MSG.control)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/pin-hot-word'))).toBe(false);
  });
});
