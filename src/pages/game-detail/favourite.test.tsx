import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GameDetailPage from './GameDetailPage.tsx';
import { DETAIL } from './GameDetailPage.test.tsx';
import { ok, renderWithRuntime } from './fake-runtime.test-helper.tsx';

describe('/gamedetail favourite button (收藏 / 已收藏)', () => {
  it('signed out: shows 收藏 and a tap opens the login popup without calling collectGame', async () => {
    const { call, openLogin } = renderWithRuntime(
      <GameDetailPage data={{ game_id: 12, platform_game_id: 34 }} />,
      (path) => {
        if (path === '/api/game/getGameDetail') return ok(DETAIL);
        if (path === '/api/user/getCollectStatus') return ok({ game_id: 12, collected: 0 });
        throw new Error(path);
      },
      { signedIn: false },
    );
    const button = await screen.findByRole('button', { name: '收藏' });
    await act(async () => {});
    fireEvent.click(button);
    expect(openLogin).toHaveBeenCalledOnce();
    expect(call.mock.calls.map(([path]) => path)).not.toContain('/api/user/collectGame');
  });

  it('signed in: shows the stored state, and a tap favourites, then un-favourites', async () => {
    let collected = 1;
    const { call } = renderWithRuntime(<GameDetailPage data={{ game_id: 12, platform_game_id: 34 }} />, (path, payload) => {
      if (path === '/api/game/getGameDetail') return ok(DETAIL);
      if (path === '/api/user/getCollectStatus') return ok({ game_id: 12, collected });
      if (path === '/api/user/collectGame') {
        collected = Number(payload.collect);
        return ok({ game_id: 12, collected }, collected ? '收藏成功' : '已取消收藏');
      }
      throw new Error(path);
    });
    const on = await screen.findByRole('button', { name: '已收藏' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(on);
    const off = await screen.findByRole('button', { name: '收藏' });
    const saves = () => call.mock.calls.filter(([path]) => path === '/api/user/collectGame').map(([, payload]) => payload);
    expect(saves()).toEqual([{ game_id: 12, collect: '0', platform_game_id: 34 }]);
    fireEvent.click(off);
    expect(await screen.findByRole('button', { name: '已收藏' })).toBeTruthy();
    expect(saves()).toEqual([
      { game_id: 12, collect: '0', platform_game_id: 34 },
      { game_id: 12, collect: '1', platform_game_id: 34 },
    ]);
  });
});
