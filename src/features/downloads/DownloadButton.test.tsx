import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { deferActor } from '../deferred-actor.ts';
import type { DownloadListActor } from './download-runtime.ts';
import { addressOf, createFakeDownloads, nativeSends, progress, renderWithDownloads, settle, stateEvent } from './downloads.test-helper.tsx';
import { DownloadButton, type DownloadButtonGame } from './DownloadButton.tsx';

const MB = 1024 * 1024;
const GAME: DownloadButtonGame = {
  game_id: 1001,
  platform_game_id: 2001,
  platform_id: 7,
  name: '斗罗大陆',
  icon: '/icons/1001.png',
  package_name: '',
  down_type: 1,
  is_h5: false,
};
const H5: DownloadButtonGame = { ...GAME, game_id: 1002, platform_game_id: 2002, name: '小游戏', down_type: 2, is_h5: true };

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

async function tap(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await settle();
  });
}

describe('DownloadButton outside the wrapper', () => {
  it('is the browser button: 下载 looks the address up', async () => {
    const { runtime } = renderWithDownloads(<DownloadButton game={GAME} />, null);
    const button = screen.getByRole('button', { name: '下载 斗罗大陆' });
    expect(button.textContent).toBe('下载');
    expect(button.getAttribute('data-state')).toBeNull();
    // A refused lookup keeps the page (no browser navigation in jsdom) and toasts.
    vi.mocked(runtime.api.call).mockResolvedValueOnce({ kind: 'toast', code: -1, msg: '', data: null, show: false });
    await tap(button);
    expect(runtime.api.call).toHaveBeenCalledWith('/api/game/getDownUrl', { id: 2001 });
    expect(screen.getByRole('button', { name: '下载 斗罗大陆' }).textContent).toBe('下载');
  });

  it('H5 games say 开始玩 and open in /zaixianwan', async () => {
    const { navigate } = renderWithDownloads(<DownloadButton game={H5} />, null);
    await tap(screen.getByRole('button', { name: '开始玩 小游戏' }));
    expect(navigate).toHaveBeenCalledWith('/zaixianwan', { platform_game_id: 2002, game_id: 1002 });
  });
});

describe('DownloadButton inside the wrapper', () => {
  it('follows its entry: 下载 → percent → 安装 → 打开', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownloadButton game={GAME} size="large" />, downloads.list);
    const initial = screen.getByRole('button', { name: '下载 斗罗大陆' });
    expect(initial.textContent).toBe('下载');

    await tap(initial);
    expect(downloads.call).toHaveBeenCalledWith('/api/game/getDownUrl', { id: 2001 });
    expect(downloads.native.downloadGame).toHaveBeenCalledWith(addressOf(2001).url, '2001', expect.any(String));
    let button = screen.getByRole('button', { name: '暂停 斗罗大陆' });
    expect(button.textContent).toBe('0%');
    expect(button.getAttribute('data-state')).toBe('1');

    await nativeSends(downloads, progress(2001, 2 * MB, 5 * MB));
    button = screen.getByRole('button', { name: '暂停 斗罗大陆' });
    expect(button.textContent).toBe('40%');
    expect(button.style.getPropertyValue('--progress')).toBe('40%');
    expect(button.className).toContain('download-button--large');

    await nativeSends(downloads, stateEvent(2001, '3'));
    button = screen.getByRole('button', { name: '安装 斗罗大陆' });
    expect(button.textContent).toBe('安装');
    await tap(button);
    expect(downloads.native.installApp).toHaveBeenCalledWith('2001', '0');

    await nativeSends(downloads, { type: 'install.result', platform_game_id: 2001, code: 1 });
    button = screen.getByRole('button', { name: '打开 斗罗大陆' });
    expect(button.textContent).toBe('打开');
    await tap(button);
    expect(downloads.native.openApp).toHaveBeenCalledWith('com.lewan.game2001');
  });

  it('a tap while downloading pauses; 继续 resumes', async () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownloadButton game={GAME} />, downloads.list);
    await tap(screen.getByRole('button', { name: '下载 斗罗大陆' }));
    await nativeSends(downloads, progress(2001, MB, 5 * MB));
    await tap(screen.getByRole('button', { name: '暂停 斗罗大陆' }));
    expect(downloads.native.pauseDownload).toHaveBeenCalledWith('2001');
    const paused = screen.getByRole('button', { name: '继续 斗罗大陆' });
    expect(paused.textContent).toBe('继续');
    await tap(paused);
    expect(downloads.native.downloadGame).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: '暂停 斗罗大陆' }).textContent).toBe('20%');
  });

  it('H5 games keep 开始玩', () => {
    const downloads = createFakeDownloads();
    renderWithDownloads(<DownloadButton game={H5} />, downloads.list);
    expect(screen.getByRole('button', { name: '开始玩 小游戏' }).textContent).toBe('开始玩');
    expect(downloads.list.getSnapshot().context.order).toEqual([]);
  });

  it('while the list chunk loads, a tap waits for it and then adds the game', async () => {
    const downloads = createFakeDownloads();
    let loaded!: (list: DownloadListActor) => void;
    const deferred = deferActor(() => new Promise<DownloadListActor>((resolve) => (loaded = resolve)));
    const runtime = { api: { call: vi.fn() }, inspect: () => {}, navigate: vi.fn(), downloads: deferred } as unknown as AppRuntime;
    render(
      <RuntimeProvider runtime={runtime}>
        <DownloadButton game={GAME} />
      </RuntimeProvider>,
    );
    await tap(screen.getByRole('button', { name: '下载 斗罗大陆' }));
    expect(downloads.native.downloadGame).not.toHaveBeenCalled();
    await act(async () => {
      loaded(downloads.list);
      await settle();
    });
    await act(settle);
    expect(downloads.native.downloadGame).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '暂停 斗罗大陆' }).textContent).toBe('0%');
  });
});
