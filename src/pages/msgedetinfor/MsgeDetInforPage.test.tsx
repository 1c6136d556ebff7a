import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeDownloads, gameOf, nativeSends, progress, renderWithDownloads, settle, stateEvent, type FakeDownloads } from '../../features/downloads/downloads.test-helper.tsx';
import MsgeDetInforPage from './MsgeDetInforPage.tsx';

const MB = 1024 * 1024;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

async function downloading(downloads: FakeDownloads, platformGameId = 2001) {
  downloads.list.send({ type: 'ui.add', game: gameOf(platformGameId) });
  await waitFor(() => expect(downloads.entryOf(platformGameId)?.down_state).toBe('1'));
}

async function tap(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await settle();
  });
}

/** The <dd> after the <dt> with this label. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/msgedetinfor', () => {
  it("shows the entry's facts: state, progress, speed, version and package", async () => {
    const downloads = createFakeDownloads();
    await downloading(downloads);
    renderWithDownloads(<MsgeDetInforPage data={{ platform_game_id: 2001 }} />, downloads.list);
    expect(screen.getByRole('heading', { name: '下载详情' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '游戏2001' })).toBeTruthy();
    expect(fact('状态')).toBe('下载中');
    expect(fact('进度')).toBe('0%（0M/0M）');
    expect(fact('包名')).toBe('com.lewan.game2001');
    expect(fact('版本')).toBe('游戏2001 官方版');

    await nativeSends(downloads, progress(2001, 3 * MB, 4 * MB, 1.5 * MB));
    expect(fact('状态')).toBe('下载中');
    expect(fact('进度')).toBe('75%（3.0M/4.0M）');
    expect(fact('速度')).toBe('1.5M/s');

    await nativeSends(downloads, stateEvent(2001, '3'));
    expect(screen.getByTestId('detail-state').textContent).toBe('下载完成');
    expect(fact('进度')).toBe('100%（4.0M/4.0M）');
    expect(screen.queryByText('速度')).toBeNull();
  });

  it('missing or unknown data says 未找到该下载任务', async () => {
    const downloads = createFakeDownloads();
    await downloading(downloads);
    const { unmount } = renderWithDownloads(<MsgeDetInforPage data={null} />, downloads.list);
    expect(screen.getByText(/未找到该下载任务/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看下载管理' })).toBeTruthy();
    unmount();
    renderWithDownloads(<MsgeDetInforPage data={{ platform_game_id: 9999 }} />, downloads.list);
    expect(screen.getByText(/未找到该下载任务/)).toBeTruthy();
  });

  it('outside the wrapper says the manager is App-only', () => {
    renderWithDownloads(<MsgeDetInforPage data={{ platform_game_id: 2001 }} />, null);
    expect(screen.getByText('下载管理仅在乐玩游戏盒 App 内可用')).toBeTruthy();
  });

  it('暂停 and 继续 act on the entry', async () => {
    const downloads = createFakeDownloads();
    await downloading(downloads);
    renderWithDownloads(<MsgeDetInforPage data={{ platform_game_id: 2001 }} />, downloads.list);
    await tap(screen.getByRole('button', { name: '暂停' }));
    expect(downloads.native.pauseDownload).toHaveBeenCalledWith('2001');
    expect(fact('状态')).toBe('已暂停');
    await tap(screen.getByRole('button', { name: '继续' }));
    expect(downloads.native.downloadGame).toHaveBeenCalledTimes(2);
    expect(fact('状态')).toBe('下载中');
  });

  it('删除 asks first, deletes and goes back; 查看游戏详情 opens the game', async () => {
    const downloads = createFakeDownloads();
    await downloading(downloads);
    const { navigate } = renderWithDownloads(<MsgeDetInforPage data={{ platform_game_id: 2001 }} />, downloads.list);
    fireEvent.click(screen.getByRole('button', { name: '查看游戏详情' }));
    expect(navigate).toHaveBeenCalledWith('/gamedetail', { game_id: 1001, platform_game_id: 2001 }, undefined);

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除「游戏2001」的下载任务吗？')).toBeTruthy();
    await tap(within(dialog).getByRole('button', { name: '删除' }));
    expect(downloads.native.deleteDownload).toHaveBeenCalledWith('2001');
    expect(navigate).toHaveBeenCalledWith('back', undefined, undefined);
    await waitFor(() => expect(downloads.list.getSnapshot().context.order).toEqual([]));
  });
});
