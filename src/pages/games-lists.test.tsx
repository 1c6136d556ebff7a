import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ApiOutcome } from '../../api/outcome.ts';
import { RuntimeProvider } from '../app/runtime-context.tsx';
import type { AppRuntime } from '../app/runtime.ts';
import { SEARCH_HISTORY_KEY } from '../features/games/search-history.ts';
import H5Page from './h5/H5Page.tsx';
import SearchHistoryPage from './search-history/SearchHistoryPage.tsx';
import SearchResultPage from './search-result/SearchResultPage.tsx';

type Answer = (path: string, payload: Record<string, unknown>) => ApiOutcome | Promise<ApiOutcome>;
const ok = (data: unknown): ApiOutcome => ({ kind: 'ok', code: 1, msg: 'success', data });
const game = (id: number, name = `仙剑奇缘${id}`) => ({ game_id: id, platform_game_id: id + 1000, name, icon: `/art/icon/g${id}v1.svg`, size_text: '3.1MB', download_text: '1.2万', short_desc: '御剑飞行', tags: ['仙侠'], discount: 0.1, discount_text: '0.1折', is_bt: 0 });
const pageOf = (from: number, count: number, total: number, page: number) => ok({ list: Array.from({ length: count }, (_, i) => game(from + i)), total, page, limit: 20 });

function renderPage(ui: React.ReactNode, answer: Answer, path = '/h5') {
  const call = vi.fn(async (callPath: string, payload: Record<string, unknown> = {}) => answer(callPath, payload));
  const navigate = vi.fn();
  const runtime = { api: { call }, inspect: () => {}, navigate } as unknown as AppRuntime;
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>
    </Router>,
  );
  return { call, navigate };
}

afterEach(() => window.localStorage.clear());

describe('game list pages', () => {
  it('show skeletons, then rows with badges; tapping a row opens the game page', async () => {
    const { navigate, call } = renderPage(<H5Page />, () => pageOf(1, 3, 3, 1));
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'H5游戏' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByText('0.1折')).toHaveLength(3);
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/game/getGameList', { type: 'h5', page: 1, limit: 20 });
    fireEvent.click(within(list).getByText('仙剑奇缘2'));
    expect(navigate).toHaveBeenCalledWith('/gamedetail', { game_id: 2, platform_game_id: 1002 }, { replace: false });
  });

  it('show the error state with 重新加载, and the empty state', async () => {
    let fail = true;
    renderPage(<H5Page />, () => (fail ? { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' } : ok({ list: [], total: 0, page: 1, limit: 20 })));
    expect(await screen.findByText('服务器繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('load the next page at the end; a failed page keeps the rows and retries from the footer', async () => {
    let failMore = true;
    const { call } = renderPage(<H5Page />, (_, payload) => {
      if (payload.page === 1) return pageOf(1, 20, 30, 1);
      if (failMore) return { kind: 'error', reason: 'network', code: null, msg: '网络异常' };
      return pageOf(21, 10, 30, 2);
    });
    // jsdom has no layout: the window (768 px of 88 px rows) reaches the end of 20 rows at once.
    const retry = await screen.findByRole('button', { name: '加载失败，点击重试' });
    expect(within(screen.getByRole('list', { name: 'H5游戏' })).getAllByRole('listitem').length).toBeGreaterThan(0);
    failMore = false;
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'H5游戏' }).getAttribute('data-count')).toBe('30');
    expect(call).toHaveBeenLastCalledWith('/api/game/getGameList', { type: 'h5', page: 2, limit: 20 });
  });
});

describe('search pages', () => {
  it('keep the history (newest first, clearable) and search from it', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['斗罗', 'xj']));
    const { navigate } = renderPage(<SearchHistoryPage />, () => ok({ list: [{ word: '传奇', hits: 9 }], total: 1, page: 1, limit: 10 }), '/searchHistory');
    expect(await screen.findByRole('button', { name: '传奇' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索关键词' }), { target: { value: '  仙剑 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(navigate).toHaveBeenCalledWith('/searchingresult', { keyword: '仙剑' }, undefined);
    expect(within(screen.getByRole('list', { name: '历史搜索' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['仙剑', '斗罗', 'xj']);
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.getByText('暂无搜索记录')).toBeTruthy();
    expect(window.localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('mark the matched text, and say when nothing matches', async () => {
    const { call } = renderPage(<SearchResultPage data={{ keyword: '奇缘' }} />, (_, payload) => (payload.keyword === '奇缘' ? pageOf(1, 2, 2, 1) : ok({ keyword: payload.keyword, list: [], total: 0, page: 1, limit: 20 })), '/searchingresult');
    const list = await screen.findByRole('list', { name: '搜索结果' });
    expect(within(list).getAllByText('奇缘').map((mark) => mark.tagName)).toEqual(['MARK', 'MARK']);
    expect(call).toHaveBeenCalledWith('/api/game/getSearchGames', { keyword: '奇缘', page: 1, limit: 20 });
  });

  it('say 没有找到相关游戏 for an empty answer', async () => {
    renderPage(<SearchResultPage data={{ keyword: 'zzzz' }} />, () => ok({ keyword: 'zzzz', list: [], total: 0, page: 1, limit: 20 }), '/searchingresult');
    expect(await screen.findByText('没有找到相关游戏')).toBeTruthy();
  });
});
