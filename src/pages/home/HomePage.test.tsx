import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import HomePage, { SECTIONS_FIRST } from './HomePage.tsx';

const ok = (data: unknown): ApiOutcome => ({ kind: 'ok', code: 1, msg: 'success', data });
const game = (id: number) => ({ game_id: id, platform_game_id: id + 1000, name: `游戏${id}`, icon: `/art/icon/g${id}v1.svg` });
const LAYOUT = {
  banners: [{ image: '/art/banner/g1v1.svg', title: '横幅一' }],
  navs: [{ key: 'newgame', title: '新游', icon: '/art/icon/nnewgamev1.svg', link: { path: '/newgame' } }],
  sections: [1, 2, 3, 4, 5].map((n) => ({ key: `s${n}`, title: `专区${n}`, list: [game(n * 10), game(n * 10 + 1)] })),
};

describe('/', () => {
  it('renders every section of the layout (the first screen\'s at once, the rest in a transition), then 为你推荐 below the last', async () => {
    expect(SECTIONS_FIRST).toBeLessThan(LAYOUT.sections.length);
    const call = vi.fn(async (path: string) => {
      if (path === '/api/down/getAppIndexContent') return ok(LAYOUT);
      if (path === '/api/game/getTodayRecommend') return ok({ list: [game(90)], total: 1, page: 1, limit: 20 });
      throw new Error(path);
    });
    const navigation = createActor(createMachine({ context: { current: { path: '/' } } })).start();
    const runtime = { api: { call }, inspect: () => {}, navigate: vi.fn(), navigation } as unknown as AppRuntime;
    const view = render(
      <RuntimeProvider runtime={runtime}>
        <HomePage />
      </RuntimeProvider>,
    );
    const recommend = await screen.findByRole('list', { name: '为你推荐' });
    const titles = [...view.container.querySelectorAll('h2')].map((h) => h.textContent);
    expect(titles).toEqual(['专区1', '专区2', '专区3', '专区4', '专区5', '为你推荐']);
    expect(within(recommend).getByText('游戏90')).toBeTruthy();
    expect(screen.getByText('游戏51')).toBeTruthy();
  });
});
