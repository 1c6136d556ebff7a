import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { createDeferredActors } from '../model-tests/deferred-actors.ts';
import { createPagedListMachine, mergeUnique, pagedItemKey, type PageData } from './paged-list.machine.ts';

interface Item {
  game_id: number;
  platform_game_id: number;
}
const item = (id: number): Item => ({ game_id: id, platform_game_id: id + 1000 });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i));
const page = (list: Item[], pageNo: number, total: number, limit = 3): ApiOutcome<PageData<Item>> => ({ kind: 'ok', code: 1, msg: '', data: { list, total, page: pageNo, limit } });

const machine = createPagedListMachine<Item>('testList');

function start(limit = 3) {
  const calls = createDeferredActors(machine, ['loadPage'] as const);
  const actor = createActor(machine.provide({ actors: calls.actors }), { input: { limit } });
  actor.start();
  return { actor, calls };
}

describe('paged list', () => {
  it('loads the first page, then more, until the total is reached', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.lastInput('loadPage')).toEqual({ page: 1, limit: 3 });
    await calls.resolve('loadPage', page(range(1, 3), 1, 7));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'ui.loadMore' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    expect(calls.lastInput('loadPage')).toEqual({ page: 2, limit: 3 });
    actor.send({ type: 'ui.loadMore' }); // ignored while a page loads
    expect(calls.calls).toHaveLength(2);
    await calls.resolve('loadPage', page(range(4, 3), 2, 7));
    actor.send({ type: 'ui.loadMore' });
    await calls.resolve('loadPage', page(range(7, 1), 3, 7));
    expect(actor.getSnapshot().value).toEqual({ ready: 'exhausted' });
    expect(actor.getSnapshot().context.items.map((i) => i.game_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    actor.send({ type: 'ui.loadMore' });
    expect(calls.calls).toHaveLength(3);
  });

  it('drops items a shifted page repeats', async () => {
    const { actor, calls } = start();
    await calls.resolve('loadPage', page(range(1, 3), 1, 9));
    actor.send({ type: 'ui.loadMore' });
    await calls.resolve('loadPage', page([item(3), item(4), item(5)], 2, 9));
    expect(actor.getSnapshot().context.items.map((i) => i.game_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failed first page offers retry; a failed further page keeps the items', async () => {
    const { actor, calls } = start();
    await calls.reject('loadPage', new Error('offline'));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常，请稍后重试');
    actor.send({ type: 'ui.retry' });
    await calls.resolve('loadPage', page(range(1, 3), 1, 9));
    actor.send({ type: 'ui.loadMore' });
    await calls.resolve('loadPage', { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'loadMoreFailed' });
    expect(actor.getSnapshot().context.items).toHaveLength(3);
    actor.send({ type: 'ui.retry' });
    expect(calls.lastInput('loadPage')).toEqual({ page: 2, limit: 3 });
  });

  it('refresh reloads page 1 and keeps the old items when it fails', async () => {
    const { actor, calls } = start();
    await calls.resolve('loadPage', page(range(1, 3), 1, 9));
    actor.send({ type: 'ui.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.items).toHaveLength(3);
    await calls.resolve('loadPage', { kind: 'toast', code: -1, msg: '分页参数错误', data: null as never, show: true });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.error).toBe('分页参数错误');
    actor.send({ type: 'ui.refresh' });
    await calls.resolve('loadPage', page(range(10, 2), 1, 2));
    expect(actor.getSnapshot().value).toEqual({ ready: 'exhausted' });
    expect(actor.getSnapshot().context.items.map((i) => i.game_id)).toEqual([10, 11]);
  });

  it('an empty first page is exhausted at once', async () => {
    const { actor, calls } = start();
    await calls.resolve('loadPage', page([], 1, 0));
    expect(actor.getSnapshot().value).toEqual({ ready: 'exhausted' });
  });

  it('keys items by their ids', () => {
    expect(pagedItemKey({ game_id: 1, platform_game_id: 2, name: 'a' })).toBe('game_id=1:platform_game_id=2');
    expect(pagedItemKey({ id: 5, title: 'x' })).toBe('id=5');
    // A game's gift packs share its game_id: each pack's own id tells them apart.
    const gift = (gift_id: number) => ({ gift_id, game_id: 7, name: '新手礼包' });
    expect(mergeUnique([gift(1)], [gift(2), gift(1)])).toEqual([gift(1), gift(2)]);
    expect(pagedItemKey({ title: 'x' })).toBe('{"title":"x"}');
    // Two 乐玩币 orders: no id, no game; their numbers tell them apart (null ids name nothing).
    const coins = (order_number: string) => ({ order_number, game_id: null, platform_game_id: null, subject: '6乐玩币' });
    expect(mergeUnique([coins('LW1')], [coins('LW2'), coins('LW1')])).toEqual([coins('LW1'), coins('LW2')]);
    expect(pagedItemKey({ game_id: null, title: 'x' })).toBe('{"game_id":null,"title":"x"}');
    expect(mergeUnique([{ id: 1 }], [{ id: 1 }, { id: 2 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
