import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { RATING_MESSAGES, RATING_OFFER_DELAY_MS } from '../../../machines/rating.constants.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import type { ActiveRecordInput, Credentials } from '../../../machines/session.types.ts';
import { createRatingFeature, SUB_EVALUATE_PATH } from './rating-runtime.ts';
import { eventually } from '../../../tests/helpers/eventually.ts';

const CREDS: Credentials = { token: 'token-aaaaaaaaaaaaaaaa', uuid: 'uuid-aaaaaaaa', nickname: '玩家' };
const ENTRY = { game_name: '斗罗大陆', game_id: 1001, platform_game_id: 2001, order_number: 'LW1' };
const GAME = { game_name: '斗罗大陆', game_id: '1001', platform_game_id: '2001', order_number: 'LW3' };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(credentials: Credentials | null, pending: unknown[] = [ENTRY], answer: ApiOutcome = { kind: 'ok', code: 1, msg: '评价成功', data: null }) {
  const values = new Map<string, string>([[STORAGE_KEYS.rechargePending, JSON.stringify(pending)]]);
  const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), removeItem: (k: string) => void values.delete(k) } as unknown as Storage;
  const session = createActor(sessionMachine.provide({ actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => null) } }), { input: { credentials } });
  const api = { call: vi.fn(async () => answer) };
  const toast = vi.fn();
  const navigation = fakeNavigation('/rechargepay');
  const rating = createRatingFeature({ api: api as never, session, inspect: () => {}, navigation: navigation as never }, { storage, toast });
  session.start();
  return { rating, session, api, toast, values, navigation };
}

/** The navigation actor's side the feature reads: the current location and its changes. */
function fakeNavigation(path: string) {
  let current = { path, data: null as Record<string, unknown> | null };
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => ({ context: { current } }),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
    moveTo(next: string, data: Record<string, unknown> | null = null) {
      current = { path: next, data };
      for (const listener of listeners) listener();
    },
  };
}

describe('rating runtime wiring', () => {
  it('opens for the oldest pending entry when the app starts signed in; success removes it', async () => {
    const { rating, api, toast, values } = setup(CREDS, [ENTRY, { ...ENTRY, order_number: 'LW2' }]);
    // The storage reader is loaded on first use.
    await eventually(() => expect(rating.getSnapshot().value).toBe('open'));
    expect(rating.getSnapshot().context.game).toEqual({ game_name: '斗罗大陆', game_id: '1001', platform_game_id: '2001', order_number: 'LW1' });
    rating.send({ type: 'ui.star', value: 5 });
    rating.send({ type: 'ui.submit' });
    await settle();
    expect(api.call).toHaveBeenCalledWith(SUB_EVALUATE_PATH, { game_id: '1001', platform_game_id: '2001', order_id: 'LW1', score: 5 }, expect.anything());
    await eventually(() => expect(rating.getSnapshot().value).toBe('closed'));
    expect(toast).toHaveBeenCalledWith(RATING_MESSAGES.rated);
    await eventually(() => expect(JSON.parse(values.get(STORAGE_KEYS.rechargePending)!)).toHaveLength(1));
    expect(JSON.parse(values.get(STORAGE_KEYS.rechargePending)!)).toEqual([{ ...ENTRY, order_number: 'LW2' }]);
  });

  it('stays closed when signed out, and opens after a sign-in', async () => {
    const { rating, session } = setup(null);
    await settle();
    expect(rating.getSnapshot().value).toBe('closed');
    session.send({ type: 'session.signedIn', credentials: CREDS });
    await eventually(() => expect(rating.getSnapshot().value).toBe('open'));
  });

  it('a paid top-up offers it: nothing over the receipt until it was read, then open on that page', async () => {
    vi.useFakeTimers();
    try {
      const { rating } = setup(CREDS, []);
      rating.send({ type: 'rating.offer', ...GAME });
      expect(rating.getSnapshot().value).toBe('offered');
      await vi.advanceTimersByTimeAsync(RATING_OFFER_DELAY_MS - 1);
      expect(rating.getSnapshot().value).toBe('offered');
      await vi.advanceTimersByTimeAsync(1);
      expect(rating.getSnapshot().value).toBe('open');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaving the page closes it, offered or open, and a move within the page (same location) does not', async () => {
    vi.useFakeTimers();
    try {
      const { rating, navigation } = setup(CREDS, []);
      rating.send({ type: 'rating.offer', ...GAME });
      navigation.moveTo('/mycoupon');
      expect(rating.getSnapshot().value).toBe('closed');
      await vi.advanceTimersByTimeAsync(RATING_OFFER_DELAY_MS);
      expect(rating.getSnapshot().value).toBe('closed');

      rating.send({ type: 'rating.offer', ...GAME });
      await vi.advanceTimersByTimeAsync(RATING_OFFER_DELAY_MS);
      navigation.moveTo('/mycoupon');
      expect(rating.getSnapshot().value).toBe('open');
      navigation.moveTo('/mine');
      expect(rating.getSnapshot()).toMatchObject({ value: 'closed', context: { stars: 0, game: null } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays closed without pending entries', async () => {
    const { rating } = setup(CREDS, []);
    await settle();
    expect(rating.getSnapshot().value).toBe('closed');
  });
});
