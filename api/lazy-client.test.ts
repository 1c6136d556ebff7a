import { describe, expect, it, vi } from 'vitest';
import type { FullApiClient } from './client.ts';
import { CLIENT_CHUNK_FAILED, deferApiClient } from './lazy-client.ts';
import type { ApiOutcome } from './outcome.ts';

const OK: ApiOutcome = { kind: 'ok', code: 1, msg: 'success', data: 7 };

function fakeClient(sent: unknown[][]): FullApiClient {
  return {
    call: (async (...args: unknown[]) => {
      sent.push(['call', ...args]);
      return OK;
    }) as FullApiClient['call'],
    accept: ((path: string, body: string) => {
      sent.push(['accept', path, body]);
      return OK;
    }) as FullApiClient['accept'],
  };
}

describe('deferApiClient (the api client in its own chunk)', () => {
  it('starts loading at once, and calls made before the chunk is there go out once it is, unchanged', async () => {
    const sent: unknown[][] = [];
    let arrive: (client: FullApiClient) => void = () => {};
    const load = vi.fn(() => new Promise<FullApiClient>((resolve) => (arrive = resolve)));
    const api = deferApiClient(load);
    expect(load).toHaveBeenCalledTimes(1);
    const first = api.call('/api/a', { x: 1 });
    const bare = api.call('/api/b');
    const withOptions = api.call('/api/c', {}, { device: true });
    const embedded = api.accept('/api/d', '{"code":1}');
    await Promise.resolve();
    expect(sent).toEqual([]);
    arrive(fakeClient(sent));
    await expect(Promise.all([first, bare, withOptions, embedded])).resolves.toEqual([OK, OK, OK, OK]);
    // The same arguments as given: a call without a payload or options stays one.
    expect(sent).toEqual([['call', '/api/a', { x: 1 }], ['call', '/api/b'], ['call', '/api/c', {}, { device: true }], ['accept', '/api/d', '{"code":1}']]);
    await api.call('/api/e', {});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that does not load answers a network error (reported, never thrown), and the next call loads it again', async () => {
    const sent: unknown[][] = [];
    const reported: [ApiOutcome, string][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn<() => Promise<FullApiClient>>().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(fakeClient(sent));
    const api = deferApiClient(load, (outcome, path) => reported.push([outcome, path]));
    await expect(api.call('/api/a', {})).resolves.toEqual(CLIENT_CHUNK_FAILED);
    expect(reported).toEqual([[CLIENT_CHUNK_FAILED, '/api/a']]);
    expect(CLIENT_CHUNK_FAILED).toMatchObject({ kind: 'error', reason: 'network', msg: '网络异常，请稍后再试' });
    await expect(api.call('/api/b', {})).resolves.toEqual(OK);
    expect(load).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([['call', '/api/b', {}]]);
    warn.mockRestore();
  });
});
