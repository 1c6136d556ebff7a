import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import type { ApiOutcome } from '../../api/outcome.ts';
import { PREFETCH_MAX_AGE_MS, withPrefetch } from './prefetch.ts';

const answer = (n: number): ApiOutcome => ({ kind: 'ok', code: 1, msg: 'success', data: n });

describe('prefetched calls', () => {
  const setUp = () => {
    let n = 0;
    let now = 0;
    const call = vi.fn(async () => answer(++n));
    const accept = vi.fn((_path: string, body: string) => answer(Number(body)));
    const api = withPrefetch({ call: call as ApiClient['call'] }, { now: () => now, accept: accept as never });
    return { api, call, accept, later: (ms: number) => (now += ms) };
  };

  it('the matching call takes the early answer, once', async () => {
    const { api, call } = setUp();
    api.prefetch('/api/game/getGameDetail', { game_id: 1 });
    expect(call).toHaveBeenCalledTimes(1);
    await expect(api.call('/api/game/getGameDetail', { game_id: 1 })).resolves.toEqual(answer(1));
    expect(call).toHaveBeenCalledTimes(1);
    await expect(api.call('/api/game/getGameDetail', { game_id: 1 })).resolves.toEqual(answer(2));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('an answer the server embedded in the page is taken without a call', async () => {
    const { api, call, accept } = setUp();
    api.prefetch('/api/down/getAppIndexContent', {}, '42');
    expect(accept).toHaveBeenCalledWith('/api/down/getAppIndexContent', '42');
    await expect(api.call('/api/down/getAppIndexContent', {})).resolves.toEqual(answer(42));
    expect(call).not.toHaveBeenCalled();
  });

  it('another payload, an abortable call or a stale answer asks the server', async () => {
    const { api, call, later } = setUp();
    api.prefetch('/api/game/getGameDetail', { game_id: 1 });
    await api.call('/api/game/getGameDetail', { game_id: 2 });
    expect(call).toHaveBeenCalledTimes(2);
    api.prefetch('/api/down/getAppIndexContent');
    await api.call('/api/down/getAppIndexContent', {}, { signal: new AbortController().signal });
    expect(call).toHaveBeenCalledTimes(4);
    api.prefetch('/api/down/getAppIndexContent');
    later(PREFETCH_MAX_AGE_MS + 1);
    await api.call('/api/down/getAppIndexContent');
    expect(call).toHaveBeenCalledTimes(6);
  });
});
