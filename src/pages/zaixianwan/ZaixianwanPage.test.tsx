import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { ok, renderWithRuntime } from '../game-detail/fake-runtime.test-helper.tsx';
import ZaixianwanPage, { playableUrl } from './ZaixianwanPage.tsx';

const TICKET = 'A'.repeat(32);
const refusedWith = (reason: string, message: string): ApiOutcome => ({ kind: 'toast', code: -1, msg: message, data: { reason, message }, show: true });
const HOURS = '根据国家防沉迷规定，未成年人仅可在周五、周六、周日和法定节假日的20:00-21:00进行游戏，当前时段无法进入游戏';

describe('/zaixianwan', () => {
  it('frames only the server’s own H5 path with a ticket', () => {
    expect(playableUrl({ url: `/play/h5/42?ticket=${TICKET}` })).toBe(`/play/h5/42?ticket=${TICKET}`);
    for (const url of ['/play/h5/42', `https://evil.example/play/h5/42?ticket=${TICKET}`, `//evil.example/play/h5/42?ticket=${TICKET}`, `/play/h5/42/../../x?ticket=${TICKET}`, 'javascript:alert(1)', `/play/h5/42?ticket=${TICKET}&x=1`, null]) {
      expect(playableUrl({ url })).toBeNull();
    }
    expect(playableUrl(null)).toBeNull();
  });

  it('asks the server for a play session and frames it in a sandboxed full-height frame; 刷新 asks again', async () => {
    let grants = 0;
    const { call } = renderWithRuntime(<ZaixianwanPage data={{ game_id: 7, platform_game_id: 42 }} />, (path) =>
      path === '/api/game/startPlay' ? ok({ url: `/play/h5/42?ticket=${String(++grants).repeat(32)}`, until: '2026-03-06T13:00:00.000Z', age_band: 'adult' }) : ok({ name: '绯色回响' }),
    );
    const frame = await screen.findByTitle('绯色回响');
    expect(frame.getAttribute('src')).toBe(`/play/h5/42?ticket=${'1'.repeat(32)}`);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(call).toHaveBeenCalledWith('/api/game/startPlay', { platform_game_id: 42 });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect((await screen.findByTitle('绯色回响')).getAttribute('src')).toBe(`/play/h5/42?ticket=${'2'.repeat(32)}`);
  });

  it('shows the minors’ rule when the server refuses, and no frame', async () => {
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) => (path === '/api/game/startPlay' ? refusedWith('hours', HOURS) : ok({})));
    expect(await screen.findByText(HOURS)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByText('去实名认证')).toBeNull();
  });

  it('without real name, offers the real-name form', async () => {
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) => (path === '/api/game/startPlay' ? refusedWith('realName', '根据国家相关规定，进行游戏前请先完成实名认证') : ok({})));
    expect(await screen.findByText('根据国家相关规定，进行游戏前请先完成实名认证')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去实名认证' })).toBeTruthy();
  });

  it('refuses an address that is not the ticketed H5 path', async () => {
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) => (path === '/api/game/startPlay' ? ok({ url: 'https://evil.example/' }) : ok({})));
    expect(await screen.findByText('该游戏暂不支持在线玩')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('signed out: asks to sign in, and asks the server nothing about play', async () => {
    const { call, openLogin } = renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, () => ok({}), { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(openLogin).toHaveBeenCalled();
    expect(call.mock.calls.some(([path]) => path === '/api/game/startPlay')).toBe(false);
  });
});
