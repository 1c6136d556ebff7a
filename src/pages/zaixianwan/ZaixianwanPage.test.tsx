import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderWithRuntime } from '../game-detail/fake-runtime.test-helper.tsx';
import ZaixianwanPage, { playableUrl } from './ZaixianwanPage.tsx';

describe('/zaixianwan', () => {
  it('frames only the server’s own H5 path', () => {
    expect(playableUrl({ url: '/play/h5/42' })).toBe('/play/h5/42');
    for (const url of ['https://evil.example/play/h5/42', '//evil.example/play/h5/42', '/play/h5/42/../../x', 'javascript:alert(1)', '/down/game/1/a.apk', null]) {
      expect(playableUrl({ url })).toBeNull();
    }
    expect(playableUrl(null)).toBeNull();
  });

  it('renders the game in a sandboxed full-height frame with a slim bar', async () => {
    renderWithRuntime(<ZaixianwanPage data={{ game_id: 7, platform_game_id: 42 }} />, (path) =>
      path === '/api/game/getDownUrl' ? ok({ url: '/play/h5/42', down_type: 2 }) : ok({ name: '绯色回响' }),
    );
    const frame = await screen.findByTitle('绯色回响');
    expect(frame.getAttribute('src')).toBe('/play/h5/42');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
  });

  it('refuses an address that is not the H5 path', async () => {
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) => (path === '/api/game/getDownUrl' ? ok({ url: 'https://evil.example/' }) : ok({})));
    expect(await screen.findByText('该游戏暂不支持在线玩')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
