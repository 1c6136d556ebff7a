import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';

// idb-keyval's default store, in memory (the e2e test, tests/e2e/offline.spec.ts, uses the real IndexedDB).
const db = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(structuredClone(db.get(key))),
  set: (key: string, value: unknown) => Promise.resolve(void db.set(key, structuredClone(value))),
  del: (key: string) => Promise.resolve(void db.delete(key)),
}));

const { withLastSeen } = await import('./last-seen-client.ts');
const { forgetUnless, LAST_SEEN_MAX_ENTRIES, LAST_SEEN_STORAGE_KEY, onLastSeen } = await import('./last-seen.ts');

const HOME = '/api/down/getAppIndexContent';
const LIST = '/api/game/getGameList';
const ok = (data: unknown): ApiOutcome => ({ kind: 'ok', code: 200, msg: '获取成功', data });
const offline: ApiOutcome = { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' };

/** A server that answers `next` to every call; `owner` is whose app it is. */
function setup() {
  const state = { owner: 'A', next: ok({ list: ['A 的列表'] }) as ApiOutcome };
  const server: ApiClient = { call: <T>() => Promise.resolve(state.next as ApiOutcome<T>) };
  const api = withLastSeen(server, () => state.owner);
  return { state, api };
}
/** Lets the background write (dynamic import, then the queued IndexedDB write) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => db.clear());

describe('last-seen lists', () => {
  it('answers a failed call with what the same player last saw, and says so', async () => {
    const { state, api } = setup();
    expect(await api.call(HOME)).toMatchObject({ kind: 'ok', data: { list: ['A 的列表'] } });
    await settle();
    const events: string[] = [];
    const stop = onLastSeen((event) => events.push(event));
    state.next = offline;
    expect(await api.call(HOME)).toEqual({ kind: 'ok', code: 200, msg: '获取成功', data: { list: ['A 的列表'] } });
    expect(events.at(-1)).toBe('served');
    stop();
    // A timeout too; a payload never seen is the failure as it was.
    state.next = { kind: 'error', reason: 'timeout', code: null, msg: '请求超时' };
    expect(await api.call(HOME)).toMatchObject({ kind: 'ok' });
    expect(await api.call(HOME, { page: 2 })).toEqual(state.next);
  });

  it('never shows one player’s lists to another player or to the signed-out app', async () => {
    const { state, api } = setup();
    await api.call(LIST, { page: 1 });
    await settle();
    state.next = offline;
    state.owner = 'B';
    expect(await api.call(LIST, { page: 1 })).toEqual(offline);
    state.owner = '';
    expect(await api.call(LIST, { page: 1 })).toEqual(offline);
    // B's own answer replaces A's record: nothing of A's remains.
    state.owner = 'B';
    state.next = ok({ list: ['B 的列表'] });
    await api.call(HOME);
    await settle();
    expect(db.get(LAST_SEEN_STORAGE_KEY)).toMatchObject({ owner: 'B' });
    expect(JSON.stringify(db.get(LAST_SEEN_STORAGE_KEY))).not.toContain('A 的列表');
  });

  it('keeps nothing that arrives after the player changed, nothing of other calls, and no server refusal in place of the answer', async () => {
    const { state, api } = setup();
    let answer!: (outcome: ApiOutcome) => void;
    const held: ApiClient = { call: <T>() => new Promise<ApiOutcome<T>>((resolve) => (answer = resolve as (outcome: ApiOutcome) => void)) };
    const slow = withLastSeen(held, () => state.owner);
    const pending = slow.call(HOME);
    state.owner = '';
    answer(ok({ list: ['A 的列表'] }));
    await pending;
    await api.call('/api/user/getUserInfo');
    await settle();
    expect(db.has(LAST_SEEN_STORAGE_KEY)).toBe(false);

    state.owner = 'A';
    await api.call(HOME);
    await settle();
    const refused: ApiOutcome = { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' };
    state.next = refused;
    expect(await api.call(HOME)).toEqual(refused);
  });

  it('is cleared on a sign-out or another player, kept for the same one', async () => {
    const { api } = setup();
    await api.call(HOME);
    await settle();
    await forgetUnless('A');
    expect(db.has(LAST_SEEN_STORAGE_KEY)).toBe(true);
    await forgetUnless('');
    expect(db.has(LAST_SEEN_STORAGE_KEY)).toBe(false);
  });

  it('keeps the newest answers only', async () => {
    const { api } = setup();
    for (let page = 1; page <= LAST_SEEN_MAX_ENTRIES + 3; page++) await api.call(LIST, { page });
    await settle();
    const entries = Object.keys((db.get(LAST_SEEN_STORAGE_KEY) as { entries: object }).entries);
    expect(entries).toHaveLength(LAST_SEEN_MAX_ENTRIES);
    expect(entries).not.toContain(`${LIST} {"page":1}`);
    expect(entries).toContain(`${LIST} {"page":${LAST_SEEN_MAX_ENTRIES + 3}}`);
  });
});
