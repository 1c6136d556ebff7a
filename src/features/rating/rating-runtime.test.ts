import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { RATING_MESSAGES } from '../../../machines/rating.constants.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import type { ActiveRecordInput, Credentials } from '../../../machines/session.types.ts';
import { createRatingFeature, SUB_EVALUATE_PATH } from './rating-runtime.ts';
import { eventually } from '../../../tests/helpers/eventually.ts';

const CREDS: Credentials = { token: 'token-aaaaaaaaaaaaaaaa', uuid: 'uuid-aaaaaaaa', nickname: '玩家' };
const ENTRY = { game_name: '斗罗大陆', game_id: 1001, platform_game_id: 2001, order_number: 'LW1' };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(credentials: Credentials | null, pending: unknown[] = [ENTRY], answer: ApiOutcome = { kind: 'ok', code: 1, msg: '评价成功', data: null }) {
  const values = new Map<string, string>([[STORAGE_KEYS.rechargePending, JSON.stringify(pending)]]);
  const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), removeItem: (k: string) => void values.delete(k) } as unknown as Storage;
  const session = createActor(sessionMachine.provide({ actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => null) } }), { input: { credentials } });
  const api = { call: vi.fn(async () => answer) };
  const toast = vi.fn();
  const rating = createRatingFeature({ api: api as never, session, inspect: () => {} }, { storage, toast });
  session.start();
  return { rating, session, api, toast, values };
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

  it('stays closed without pending entries', async () => {
    const { rating } = setup(CREDS, []);
    await settle();
    expect(rating.getSnapshot().value).toBe('closed');
  });
});
