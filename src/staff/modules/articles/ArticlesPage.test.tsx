import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARTICLE_MSG } from '../../../../api/protocol/help-rules.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';
import ArticlesPage from './ArticlesPage.tsx';

const stand = staffTestRuntime();

/**
 * 帮助文章 against a stubbed staff api: the list by kind with its page in the URL, a new FAQ answer
 * checked in place and saved (the editor then opens it by id), 上线, a category renamed in its
 * dialog. Role queries are asked inside a region, a row or the dialog (see WithdrawalsPage.test.tsx).
 */
const WALK_TIMEOUT_MS = 90_000;

const T = '2026-06-01T02:03:04.000Z';
const article = (id: number, published: boolean) => ({
  id,
  kind: 'faq',
  category_id: 1,
  slug: null,
  title: `怎样绑定手机 ${id}`,
  summary: '',
  cover: '',
  sort_order: 0,
  published,
  published_at: published ? T : null,
  updated_at: T,
  content: '<p>进入设置</p>',
});

describe('帮助文章', () => {
  it('lists with the page in the URL; a new article is checked, saved and put online; a category is renamed', async () => {
    window.history.replaceState(null, '', '/');
    const calls: Array<{ path: string; payload: Record<string, unknown> }> = [];
    stand.serve(calls, (path, payload) => {
      const ok = (data: unknown, msg = 'success') => ({ code: 1, msg, data });
      const answer =
        path === '/staff/api/articles/list'
          ? ok({ list: [article(1, true)], total: 25, page: payload.page, limit: 20 })
          : path === '/staff/api/articles/categories'
            ? ok({ list: [{ id: 1, name: '账号与登录', sort_order: 1, article_count: 4 }] })
            : path === '/staff/api/articles/create'
              ? ok({ article: article(7, false) }, '文章已创建')
              : path === '/staff/api/articles/detail'
                ? ok(article(7, false))
                : path === '/staff/api/articles/publish'
                  ? ok({ article: article(7, true) }, '文章已上线')
                  : path === '/staff/api/articles/preview'
                    ? ok({ html: String(payload.html), text: '', length: 10, max: 50000 })
                    : ok({ category: { id: 1, name: String(payload.name), sort_order: 1, article_count: 4 } }, '分类已保存');
      return answer;
    });
    render(<ArticlesPage />, { wrapper: stand.wrapper });
    const row = await screen.findByTestId('article-1');
    expect(within(row).getByText('已上线')).toBeTruthy();
    expect(await within(row).findByText('账号与登录')).toBeTruthy();
    const listRegion = screen.getByRole('region', { name: '文章列表' });
    fireEvent.click(within(listRegion).getByTitle('2'));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));

    // A category renamed in its dialog.
    const categories = screen.getByRole('region', { name: '常见问题分类' });
    fireEvent.click(within(categories).getByRole('button', { name: '改名' }));
    const rename = await screen.findByRole('dialog');
    fireEvent.change(within(rename).getByRole('textbox', { name: '分类名称' }), { target: { value: '账号' } });
    fireEvent.click(within(rename).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/articles/saveCategory')?.payload).toEqual({ id: 1, name: '账号', sort_order: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(listRegion).getByRole('button', { name: '新建文章' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2&edit=new'));
    const editor = await screen.findByRole('region', { name: '编辑文章' });
    fireEvent.click(within(editor).getByRole('button', { name: '保存' }));
    expect(await within(editor).findByText(ARTICLE_MSG.titleEmpty)).toBeTruthy();
    expect(within(editor).getByText(ARTICLE_MSG.categoryNeeded)).toBeTruthy();
    expect(calls.some((c) => c.path === '/staff/api/articles/create')).toBe(false);
    fireEvent.mouseDown(within(editor).getByRole('combobox', { name: '分类' }));
    fireEvent.click(await screen.findByTitle('账号与登录'));
    fireEvent.change(within(editor).getByRole('textbox', { name: '标题' }), { target: { value: '怎样绑定手机' } });
    fireEvent.change(within(editor).getByRole('textbox', { name: /正文/ }), { target: { value: '<p>进入设置</p>' } });
    fireEvent.click(within(editor).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/articles/create')?.payload).toMatchObject({ kind: 'faq', category_id: 1, title: '怎样绑定手机', content: '<p>进入设置</p>', sort_order: 0 }));
    expect(await screen.findByText('文章已创建')).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe('?page=2&edit=7'));
    const opened = await screen.findByRole('region', { name: '编辑文章' });
    expect(await within(opened).findByText('未上线')).toBeTruthy();
    fireEvent.click(await within(opened).findByRole('button', { name: '上线' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/api/articles/publish')?.payload).toEqual({ id: 7, published: '1' }));
    expect(await within(opened).findByText('已上线')).toBeTruthy();
  }, WALK_TIMEOUT_MS);
});
