import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GameDetailPage from './GameDetailPage.tsx';
import GameDetailFoldPage from './GameDetailFoldPage.tsx';
import GameDetailVipPage from './GameDetailVipPage.tsx';
import { ok, refused, renderWithRuntime } from './fake-runtime.test-helper.tsx';
import { gameFirstScreenHtml } from '../../../server/first-paint-game.ts';

const HOUR = 3_600_000;
const NOW = Date.now();

export const DETAIL = {
  game_id: 12,
  platform_game_id: 34,
  name: '星海征途',
  icon: '/art/icon/g12v1.svg',
  banner: '/art/banner/g12v1.svg',
  short_desc: '星际策略',
  description: '一款星际策略游戏。'.repeat(20),
  category: '策略',
  tags: ['策略', '星际'],
  score: 8.7,
  download_count: 123_456,
  online_at: new Date(NOW - 100 * HOUR).toISOString(),
  is_online: true,
  can_reserve: false,
  reserved: false,
  reserve_count: 0,
  age_rating: '12+',
  licence_no: 'ISBN 978-7-498-12345-6',
  approval_no: '国新出审[2024]1234号',
  developer: '乐玩工作室',
  screenshots: [1, 2, 3].map((n) => ({ url: `/art/shot/g12v1-${n}.svg`, caption: `截图${n}`, width: 360, height: 640 })),
  videos: [],
  platform: { platform_game_id: 34, platform_name: '乐玩', version_name: '1.0', size_bytes: 3_000_000, size_text: '2.9MB', down_type: 1, discount: 0.1, discount_text: '0.1折', first_recharge_discount: 0.5, is_bt: false, is_h5: false, vip_info: 'VIP1 充值6元' },
  platforms: [
    { platform_game_id: 34, platform_name: '乐玩', discount_text: '0.1折', is_bt: false, down_type: 1 },
    { platform_game_id: 35, platform_name: '乐玩BT', discount_text: '', is_bt: true, down_type: 1 },
  ],
  open_servers: [
    { id: 1, server_name: '双线1服', open_at: new Date(NOW - 30 * HOUR).toISOString(), opened: true },
    { id: 2, server_name: '双线2服', open_at: new Date(NOW + 5 * HOUR).toISOString(), opened: false },
  ],
  gifts: { count: 5, remaining: 100, list: [1, 2, 3].map((n) => ({ gift_id: n, name: `新手礼包${n}`, content: `钻石×${n}00` })) },
  coupons: { count: 2, max_amount: '50', list: [] },
};

describe('/gamedetail', () => {
  it('renders the game from getGameDetail: header, licence, age rating, screenshots, servers, gifts, coupons, platforms', async () => {
    const { call, navigate } = renderWithRuntime(<GameDetailPage data={{ game_id: 12, platform_game_id: 34 }} />, (path) => {
      if (path === '/api/game/getGameDetail') return ok(DETAIL);
      throw new Error(path);
    });
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /星海征途/ })).toBeTruthy();
    expect(call).toHaveBeenCalledWith('/api/game/getGameDetail', { game_id: 12, platform_game_id: 34 });
    expect(screen.getByText('0.1折')).toBeTruthy();
    expect(screen.getByText('ISBN 978-7-498-12345-6')).toBeTruthy();
    expect(screen.getByText('国新出审[2024]1234号')).toBeTruthy();
    expect(screen.getByLabelText('适龄提示 12+').textContent).toBe('12+');
    const shots = within(screen.getByRole('region', { name: '游戏截图' })).getAllByRole('img');
    expect(shots).toHaveLength(3);
    // All three fit a phone's first screen: fetched at once, not when layout finds them.
    expect(shots.map((shot) => shot.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager']);

    // Below the first screen, rendered in a transition right after: upcoming server first, opened one greyed.
    const servers = within(await screen.findByRole('region', { name: '开服表' })).getAllByRole('listitem');
    expect(servers.map((s) => s.textContent)).toEqual([expect.stringContaining('双线2服'), expect.stringContaining('双线1服')]);
    expect(servers[1]!.className).toContain('gd-server--opened');

    const gifts = screen.getByRole('region', { name: '礼包' });
    expect(within(gifts).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(gifts).getByRole('button', { name: '查看全部' }));
    expect(navigate).toHaveBeenCalledWith('/gamegift', { game_id: 12, platform_game_id: 34 }, undefined);
    fireEvent.click(screen.getByRole('button', { name: /代金券/ }));
    expect(navigate).toHaveBeenCalledWith('/gamecoupon', { game_id: 12, platform_game_id: 34 }, undefined);
    expect(within(screen.getByRole('region', { name: '游戏版本' })).getAllByRole('button')).toHaveLength(2);

    // Description folds and unfolds.
    const toggle = screen.getByRole('button', { name: '展开' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    // Screenshot viewer.
    fireEvent.click(screen.getByRole('button', { name: '查看截图 2' }));
    const viewer = screen.getByTestId('shot-viewer');
    expect(within(viewer).getAllByRole('img')).toHaveLength(3);
    fireEvent.click(within(viewer).getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('shot-viewer')).toBeNull();
    expect(screen.getByRole('button', { name: /下载/ })).toBeTruthy();
  });

  it("says '游戏信息缺失' without a game id", () => {
    const { navigate, call } = renderWithRuntime(<GameDetailPage data={null} />, () => {
      throw new Error('no call expected');
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('游戏信息缺失');
    fireEvent.click(within(alert).getByRole('button', { name: '返回' }));
    expect(navigate).toHaveBeenCalledWith('back', undefined, undefined);
    expect(call).not.toHaveBeenCalled();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    renderWithRuntime(<GameDetailPage data={{ game_id: 12 }} />, () => (fail ? refused('游戏不存在') : ok(DETAIL)));
    expect(await screen.findByText('游戏不存在或已下架')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: /星海征途/ })).toBeTruthy();
  });

  it('an upcoming game offers 预约 (login first when signed out); the vip variant shows the VIP info first', async () => {
    const upcoming = { ...DETAIL, is_online: false, can_reserve: true };
    const { openLogin, call } = renderWithRuntime(<GameDetailVipPage data={{ game_id: 12 }} />, () => ok(upcoming), { signedIn: false });
    const reserve = await screen.findByRole('button', { name: '预约' });
    const vip = screen.getByRole('region', { name: 'VIP福利' });
    expect(vip.textContent).toContain('首充 0.5折');
    expect(vip.compareDocumentPosition(screen.getByRole('region', { name: '版号信息' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(reserve);
    expect(openLogin).toHaveBeenCalledOnce();
    expect(call).not.toHaveBeenCalledWith('/api/game/reserveGame', expect.anything());
  });

  it('the fold variant folds the description compactly', async () => {
    renderWithRuntime(<GameDetailFoldPage data={{ platform_game_id: 34 }} />, () => ok(DETAIL));
    const description = await screen.findByRole('region', { name: '游戏简介' });
    expect(description.className).toContain('gd-desc--fold');
    expect(within(description).getByText(/一款星际策略游戏/).className).toContain('gd-desc__text--clamped');
    expect(within(description).getByRole('button', { name: '展开' })).toBeTruthy();
  });

  it('预约 while signed in reserves the game and the button says 已预约', async () => {
    const upcoming = { ...DETAIL, is_online: false, can_reserve: true };
    const { call } = renderWithRuntime(<GameDetailPage data={{ game_id: 12 }} />, (path) =>
      path === '/api/game/reserveGame' ? ok({ game_id: 12, reserved: true, reserve_count: 1 }, '预约成功') : ok(upcoming),
    );
    fireEvent.click(await screen.findByRole('button', { name: '预约' }));
    expect(call).toHaveBeenCalledWith('/api/game/reserveGame', { game_id: 12 });
    expect(((await screen.findByRole('button', { name: '已预约' })) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the boot skeleton of a game page (server/first-paint-game.ts)', () => {
  /** An element tree as the layout sees it: tag, class, the sizes and loading of images, text. */
  const shape = (element: Element): string => {
    const attrs = ['class', 'width', 'height', 'loading', 'src', 'alt', 'aria-label']
      .map((name) => (element.hasAttribute(name) ? ` ${name}="${element.getAttribute(name)}"` : ''))
      .join('');
    const inner = [...element.childNodes].map((node) => (node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : node instanceof Element ? shape(node) : '')).join('');
    return `<${element.localName}${attrs}>${inner}</${element.localName}>`;
  };

  it.each([
    ['default', GameDetailPage],
    ['fold', GameDetailFoldPage],
  ] as const)('renders the first screen as GameDetailView does (%s): title bar, header, licence, screenshots', async (variant, Page) => {
    const answer = { ...DETAIL, screenshots: [1, 2, 3, 4, 5].map((n) => ({ url: `/art/shot/g12v1-${n}.svg`, caption: `截图<${n}>&"` })), name: '星海<征途>&' };
    const { view } = renderWithRuntime(<Page data={{ game_id: 12, platform_game_id: 34 }} />, () => ok(answer));
    const page = await screen.findByTestId('game-detail');
    const boot = document.createElement('div');
    boot.innerHTML = gameFirstScreenHtml(answer, variant)!;
    const bootPage = boot.firstElementChild!;
    // The title bar, then the page body's first sections, one for one.
    expect(shape(bootPage.querySelector('.page-header')!)).toBe(shape(view.container.querySelector('.page-header')!));
    const bootBody = bootPage.querySelector('[data-boot="game-detail"]')!;
    expect(bootBody.className).toBe(page.className);
    const sections = [...bootBody.children];
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['游戏信息', '版号信息', '游戏截图']);
    sections.forEach((section, index) => expect(shape(section)).toBe(shape(page.children[index]!)));
  });

  it('leaves out what the answer lacks, as the page does (no age rating, no screenshots)', async () => {
    const answer = { ...DETAIL, age_rating: '', approval_no: '', screenshots: [] };
    renderWithRuntime(<GameDetailPage data={{ game_id: 12 }} />, () => ok(answer));
    const page = await screen.findByTestId('game-detail');
    const boot = document.createElement('div');
    boot.innerHTML = gameFirstScreenHtml(answer, 'default')!;
    const sections = [...boot.querySelector('[data-boot="game-detail"]')!.children];
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['游戏信息', '版号信息']);
    sections.forEach((section, index) => expect(shape(section)).toBe(shape(page.children[index]!)));
  });
});
