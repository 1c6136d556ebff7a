import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { ok, renderWithRuntime } from '../game-detail/fake-runtime.test-helper.tsx';
import ZaixianwanPage, { playableUrl, playEndOf } from './ZaixianwanPage.tsx';

const TICKET = 'A'.repeat(32);
const refusedWith = (reason: string, message: string): ApiOutcome => ({ kind: 'toast', code: -1, msg: message, data: { reason, message }, show: true });
const HOURS = '根据国家防沉迷规定，未成年人仅可在周五、周六、周日和法定节假日的20:00-21:00进行游戏，当前时段无法进入游戏';

afterEach(() => {
  vi.useRealTimers();
});

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

  it('a minor’s session ends at the grant’s end: the frame goes and the rule shows, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-06T20:58:00+08:00'));
    let asked = 0;
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) =>
      path === '/api/game/startPlay'
        ? (asked++, ok({ url: `/play/h5/42?ticket=${TICKET}`, until: '2026-03-06T13:00:00.000Z', age_band: '8-16', end_message: HOURS }))
        : ok({ name: '绯色回响' }),
    );
    expect(await screen.findByTitle('绯色回响')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000 - 1_000);
    });
    expect(document.querySelector('iframe')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(HOURS);
    // Ended by the client's own count: the server was not asked again.
    expect(asked).toBe(1);
  });

  it('a page woken after the end (timers lagged): the wall clock ends it on showing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-06T20:50:00+08:00'));
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) =>
      path === '/api/game/startPlay' ? ok({ url: `/play/h5/42?ticket=${TICKET}`, until: '2026-03-06T13:00:00.000Z', age_band: '16-18', end_message: HOURS }) : ok({ name: '绯色回响' }),
    );
    expect(await screen.findByTitle('绯色回响')).toBeTruthy();
    // The clock jumps (the device slept) without the page's timers running.
    vi.setSystemTime(new Date('2026-03-06T21:10:00+08:00'));
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText(HOURS)).toBeTruthy();
  });

  it('an adult’s grant (no end_message) plays on past its until', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-06T20:58:00+08:00'));
    renderWithRuntime(<ZaixianwanPage data={{ platform_game_id: 42 }} />, (path) =>
      path === '/api/game/startPlay' ? ok({ url: `/play/h5/42?ticket=${TICKET}`, until: '2026-03-06T13:00:00.000Z', age_band: 'adult', end_message: null }) : ok({ name: '绯色回响' }),
    );
    expect(await screen.findByTitle('绯色回响')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(30 * 60_000);
    });
    expect(document.querySelector('iframe')).not.toBeNull();
  });

  it('playEndOf: a hard end only with a message; an unreadable time ends at once', () => {
    const now = 1_000;
    expect(playEndOf({ until: '2026-03-06T13:00:00.000Z', end_message: HOURS }, now)).toEqual({ at: Date.parse('2026-03-06T13:00:00.000Z'), message: HOURS });
    expect(playEndOf({ until: 'soon', end_message: HOURS }, now)).toEqual({ at: now, message: HOURS });
    expect(playEndOf({ end_message: HOURS }, now)).toEqual({ at: now, message: HOURS });
    expect(playEndOf({ until: '2026-03-06T13:00:00.000Z', end_message: 'x'.repeat(500) }, now)?.message).toHaveLength(200);
    for (const value of [null, 'x', { until: '2026-03-06T13:00:00.000Z' }, { until: '2026-03-06T13:00:00.000Z', end_message: null }, { until: '2026-03-06T13:00:00.000Z', end_message: '' }]) {
      expect(playEndOf(value, now)).toBeNull();
    }
  });
});
