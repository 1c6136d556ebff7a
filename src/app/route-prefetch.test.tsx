import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import GameDetailPage from '../pages/game-detail/GameDetailPage.tsx';
import { ok, renderWithRuntime } from '../pages/game-detail/fake-runtime.test-helper.tsx';
import HomePage from '../pages/home/HomePage.tsx';
import { firstCallOf, prefetchFirstCall } from './route-prefetch.ts';
import { RuntimeProvider } from './runtime-context.tsx';
import type { AppRuntime } from './runtime.ts';

/** The home page reads the navigation machine's current path (its tabs) besides the api. */
function renderHome() {
  const call = vi.fn(async (): Promise<ApiOutcome> => ok(null));
  const navigation = createActor(createMachine({ context: { current: { path: '/', data: null } } })).start();
  const runtime = { api: { call }, inspect: () => {}, navigation, navigate: vi.fn() } as unknown as AppRuntime;
  render(
    <RuntimeProvider runtime={runtime}>
      <HomePage />
    </RuntimeProvider>,
  );
  return { call };
}

/** The early call is only taken when it is exactly the page's own first call: hold the table to it. */
describe('route prefetch', () => {
  it("names the home page's layout call exactly as the page makes it", async () => {
    const { call } = renderHome();
    const expected = firstCallOf('/', null)!;
    await waitFor(() => expect(call).toHaveBeenCalledWith(expected.path, expected.payload));
  });

  it("names the game page's detail call exactly as the page makes it", async () => {
    const data = { game_id: 12, platform_game_id: 34 };
    const { call } = renderWithRuntime(<GameDetailPage data={data} />, () => ok(null));
    const expected = firstCallOf('/gamedetail', data)!;
    expect(expected.payload).toEqual(data);
    await waitFor(() => expect(call).toHaveBeenCalledWith(expected.path, expected.payload));
    expect(JSON.stringify(call.mock.calls.find(([path]) => path === expected.path)?.[1])).toBe(JSON.stringify(expected.payload));
  });

  it('takes the answer the server embedded for exactly that call, once', () => {
    const prefetch = vi.fn();
    const embed = (path: string, payload: string) => {
      document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="first-answer" data-path="${path}" data-payload='${payload}'>{"code":1,"msg":"success","data":{}}</script>`);
    };
    embed('/api/down/getAppIndexContent', '{"page":2}');
    prefetchFirstCall(prefetch, { signedIn: false, location: { pathname: '/', search: '' } });
    expect(prefetch).toHaveBeenLastCalledWith('/api/down/getAppIndexContent', {}, undefined);
    document.getElementById('first-answer')?.remove();
    embed('/api/down/getAppIndexContent', '{}');
    prefetchFirstCall(prefetch, { signedIn: false, location: { pathname: '/', search: '' } });
    expect(prefetch).toHaveBeenLastCalledWith('/api/down/getAppIndexContent', {}, '{"code":1,"msg":"success","data":{}}');
    expect(document.getElementById('first-answer')).toBeNull();
  });

  it("a signed-in player does not take an answer the server gave as to a signed-out one", () => {
    const prefetch = vi.fn();
    const search = `?data=${encodeURIComponent('{"game_id":7}')}`;
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="first-answer" data-path="/api/game/getGameDetail" data-payload='{"game_id":7}' data-for="signed-out">{"code":1,"msg":"success","data":{}}</script>`);
    prefetchFirstCall(prefetch, { signedIn: true, location: { pathname: '/gamedetail', search } });
    expect(prefetch).toHaveBeenLastCalledWith('/api/game/getGameDetail', { game_id: 7 }, undefined);
    expect(document.getElementById('first-answer')).toBeNull();
  });

  it('starts the first call of the page in the address; none for login-only pages or pages without data', () => {
    const prefetch = vi.fn();
    prefetchFirstCall(prefetch, { signedIn: false, location: { pathname: '/gamedetail', search: `?data=${encodeURIComponent('{"game_id":7}')}` } });
    expect(prefetch).toHaveBeenCalledWith('/api/game/getGameDetail', { game_id: 7 }, undefined);
    prefetch.mockClear();
    prefetchFirstCall(prefetch, { signedIn: false, location: { pathname: '/gamedetail', search: '' } });
    prefetchFirstCall(prefetch, { signedIn: false, location: { pathname: '/gamedetailvip', search: `?data=${encodeURIComponent('{"game_id":7}')}` } });
    prefetchFirstCall(prefetch, { signedIn: false, location: { pathname: '/nowhere', search: '' } });
    expect(prefetch).not.toHaveBeenCalled();
  });
});
