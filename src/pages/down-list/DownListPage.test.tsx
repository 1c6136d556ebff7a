import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { countRowRender } from '../../features/downloads/bench-probe.tsx';
import { createFakeDownloads, gameOf, nativeSends, progress, renderWithDownloads, settle, stateEvent, type FakeDownloads } from '../../features/downloads/downloads.test-helper.tsx';
import DownListPage from './DownListPage.tsx';

// The bench's render counter (a no-op outside bench builds) counts row renders here.
vi.mock('../../features/downloads/bench-probe.tsx', () => ({ countRowRender: vi.fn(), BenchProfiler: ({ children }: { children: ReactNode }) => children }));

const MB = 1024 * 1024;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  vi.clearAllMocks();
});

/** Adds games the way a game card does, and waits until native is downloading each. */
async function add(downloads: FakeDownloads, ...ids: number[]) {
  await act(async () => {
    for (const id of ids) downloads.list.send({ type: 'ui.add', game: gameOf(id) });
    await settle();
  });
  for (const id of ids) await waitFor(() => expect(downloads.entryOf(id)?.down_state).toBe('1'));
}

const row = (platformGameId: number) => screen.getByTestId(`download-${platformGameId}`);

describe('/downlist', () => {
  it('outside the wrapper says the manager is App-only', () => {
    renderWithDownloads(<DownListPage />, null);
    expect(screen.getByRole('heading', { name: '下载管理' })).toBeTruthy();
    expect(screen.getByText('下载管理仅在乐玩游戏盒 App 内可用')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('inside the wrapper with nothing downloaded shows the empty state', () => {
    renderWithDownloads(<DownListPage />, createFakeDownloads().list);
    expect(screen.getByText(/暂无下载任务/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去首页看看' })).toBeTruthy();
  });

  it('an added download shows 下载中, its sizes, speed and progress', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownListPage />, downloads.list);
    await add(downloads, 2001);
    const entry = row(2001);
    expect(entry.getAttribute('data-state')).toBe('1');
    expect(within(entry).getByText('下载中')).toBeTruthy();
    expect(within(entry).getByRole('progressbar', { name: '游戏2001 下载进度' }).getAttribute('aria-valuenow')).toBe('0');

    await nativeSends(downloads, progress(2001, MB, 4 * MB, 2 * MB));
    expect(entry.getAttribute('data-state')).toBe('2');
    expect(within(entry).getByText('下载中')).toBeTruthy();
    expect(within(entry).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(entry).getByText('1.0M/4.0M')).toBeTruthy();
    expect(within(entry).getByText('2.0M/s')).toBeTruthy();
    expect(entry.querySelector<HTMLElement>('.download-row__fill')!.style.transform).toBe('scaleX(0.25)');
    expect(within(entry).getByRole('button', { name: '暂停 游戏2001' }).textContent).toBe('暂停');
  });

  it('暂停 asks native to pause; the row shows 已暂停 and offers 继续', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownListPage />, downloads.list);
    await add(downloads, 2001);
    await nativeSends(downloads, progress(2001, MB, 4 * MB));
    await act(async () => {
      fireEvent.click(within(row(2001)).getByRole('button', { name: '暂停 游戏2001' }));
      await settle();
    });
    expect(downloads.native.pauseDownload).toHaveBeenCalledWith('2001');
    expect(row(2001).getAttribute('data-state')).toBe('6');
    expect(within(row(2001)).getByText('已暂停')).toBeTruthy();
    expect(within(row(2001)).queryByText(/M\/s$/)).toBeNull();

    await act(async () => {
      fireEvent.click(within(row(2001)).getByRole('button', { name: '继续 游戏2001' }));
      await settle();
    });
    expect(downloads.native.downloadGame).toHaveBeenCalledTimes(2);
    expect(row(2001).getAttribute('data-state')).toBe('1');
  });

  it('finished → 安装 → 已安装 → 打开', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownListPage />, downloads.list);
    await add(downloads, 2001);
    await nativeSends(downloads, progress(2001, MB, MB), stateEvent(2001, '3'));
    expect(within(row(2001)).getByText('下载完成')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(row(2001)).getByRole('button', { name: '安装 游戏2001' }));
      await settle();
    });
    expect(downloads.native.installApp).toHaveBeenCalledWith('2001', '0');
    await nativeSends(downloads, { type: 'install.result', platform_game_id: 2001, code: 1 });
    expect(within(row(2001)).getByText('已安装')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(row(2001)).getByRole('button', { name: '打开 游戏2001' }));
      await settle();
    });
    expect(downloads.native.openApp).toHaveBeenCalledWith('com.lewan.game2001');
  });

  it('删除 asks first: 取消 keeps the row, 删除 calls deleteDownload and removes it', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownListPage />, downloads.list);
    await add(downloads, 2001);

    fireEvent.click(within(row(2001)).getByRole('button', { name: '删除 游戏2001' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除「游戏2001」的下载任务吗？')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
      await settle();
    });
    expect(downloads.native.deleteDownload).not.toHaveBeenCalled();
    expect(row(2001)).toBeTruthy();

    fireEvent.click(within(row(2001)).getByRole('button', { name: '删除 游戏2001' }));
    dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
      await settle();
    });
    expect(downloads.native.deleteDownload).toHaveBeenCalledWith('2001');
    await waitFor(() => expect(screen.queryByTestId('download-2001')).toBeNull());
    expect(screen.getByText(/暂无下载任务/)).toBeTruthy();
    expect(downloads.storage.getItem(STORAGE_KEYS.downList)).toBe('[]');
  });

  it('the switch toggles ispackage', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownListPage />, downloads.list);
    const toggle = screen.getByRole('switch') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(downloads.storage.getItem(STORAGE_KEYS.deletePackage)).toBe('1');
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(downloads.storage.getItem(STORAGE_KEYS.deletePackage)).toBe('0');
  });

  it('the avatar opens the download details', async () => {
    const downloads = createFakeDownloads();
    const { navigate } = renderWithDownloads(<DownListPage />, downloads.list);
    await add(downloads, 2001);
    fireEvent.click(screen.getByRole('button', { name: '游戏2001 下载详情' }));
    expect(navigate).toHaveBeenCalledWith('/msgedetinfor', { platform_game_id: 2001 }, undefined);
  });

  it('newest first; a progress event re-renders only its own row', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownListPage />, downloads.list);
    await add(downloads, 2001, 2002);
    await nativeSends(downloads, progress(2001, MB, 4 * MB), progress(2002, MB, 4 * MB));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('data-testid'))).toEqual(['download-2002', 'download-2001']);
    const other = row(2002);
    const otherText = other.textContent;
    vi.mocked(countRowRender).mockClear();

    await nativeSends(downloads, progress(2001, 2 * MB, 4 * MB));
    expect(within(row(2001)).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(countRowRender).toHaveBeenCalledOnce();
    expect(row(2002)).toBe(other);
    expect(other.textContent).toBe(otherText);
  });
});
