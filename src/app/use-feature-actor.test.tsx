import { useSelector } from '@xstate/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Activity, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { assign, fromPromise, setup, type InspectionEvent } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import type { Fields } from '../../api/protocol/wire.ts';
import * as calls from '../../api/protocol/call-refs.ts';
import { usePagedGames } from '../features/games/use-paged-games.ts';
import { RuntimeProvider } from './runtime-context.tsx';
import type { AppRuntime } from './runtime.ts';
import { useFeatureActor } from './use-feature-actor.ts';
import { useRemoteData } from './use-remote-data.ts';

/** A machine that loads once on start and counts clicks with an action the view may replace. */
const counter = setup({
  types: { input: {} as { name: string }, context: {} as { name: string; loaded: string; clicks: number }, events: {} as { type: 'ui.click' } },
  actors: { load: fromPromise<string, { name: string }>(async () => 'stub') },
  actions: { onClick: () => {} },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ name: input.name, loaded: '', clicks: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'load', src: 'load', input: ({ context }) => ({ name: context.name }), onDone: { target: 'ready', actions: assign({ loaded: ({ event }) => event.output }) } },
    },
    ready: { on: { 'ui.click': { actions: [assign({ clicks: ({ context }) => context.clicks + 1 }), 'onClick'] } } },
  },
});

function fakeRuntime(call: (path: string, payload: Fields) => Promise<ApiOutcome> = async () => ({ kind: 'ok', code: 1, msg: '', data: null })) {
  const inspected: InspectionEvent[] = [];
  const runtime = { api: { call: vi.fn(call) }, inspect: (event: InspectionEvent) => inspected.push(event) } as unknown as AppRuntime;
  const wrap = (node: ReactNode) => <RuntimeProvider runtime={runtime}>{node}</RuntimeProvider>;
  return { runtime, inspected, wrap };
}

function Counter({ name, onClick, load }: { name: string; onClick?: () => void; load: (name: string) => Promise<string> }) {
  const actor = useFeatureActor(counter, {
    input: { name },
    implementations: { actors: { load: fromPromise<string, { name: string }>(({ input }) => load(input.name)) }, actions: { onClick: () => onClick?.() } },
  });
  const loaded = useSelector(actor, (snapshot) => snapshot.context.loaded);
  const clicks = useSelector(actor, (snapshot) => snapshot.context.clicks);
  return (
    <button type="button" onClick={() => actor.send({ type: 'ui.click' })}>
      {loaded ? `${loaded}:${clicks}` : '加载中'}
    </button>
  );
}

describe('useFeatureActor', () => {
  it('restarts with the new input when the input changes, and shows only the new data', async () => {
    const { wrap } = fakeRuntime();
    const load = vi.fn(async (name: string) => `data-${name}`);
    const view = render(wrap(<Counter name="A" load={load} />));
    await screen.findByText('data-A:0');
    view.rerender(wrap(<Counter name="B" load={load} />));
    await screen.findByText('data-B:0');
    expect(load.mock.calls.map(([name]) => name)).toEqual(['A', 'B']);
  });

  it('uses implementations changed between renders without restarting', async () => {
    const { wrap } = fakeRuntime();
    const load = vi.fn(async (name: string) => `data-${name}`);
    const first = vi.fn();
    const second = vi.fn();
    const view = render(wrap(<Counter name="A" load={load} onClick={first} />));
    const button = await screen.findByText('data-A:0');
    act(() => button.click());
    view.rerender(wrap(<Counter name="A" load={load} onClick={second} />));
    act(() => screen.getByText('data-A:1').click());
    expect(screen.getByText('data-A:2')).toBeTruthy();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops the actor on unmount', async () => {
    const { wrap, inspected } = fakeRuntime();
    let stopped: (() => boolean) | null = null;
    function Probe() {
      const actor = useFeatureActor(counter, { input: { name: 'A' }, implementations: { actors: { load: fromPromise<string, { name: string }>(async () => 'x') } } });
      stopped = () => (actor as unknown as { _processingStatus: number })._processingStatus !== 1;
      return null;
    }
    const view = render(wrap(<Probe />));
    await waitFor(() => expect(inspected.some((event) => event.type === '@xstate.snapshot' && (event.snapshot as { value?: unknown }).value === 'ready')).toBe(true));
    expect(stopped!()).toBe(false);
    view.unmount();
    expect(stopped!()).toBe(true);
  });

  it('reports every actor it starts to the runtime inspector, under the machine id', async () => {
    const { wrap, inspected } = fakeRuntime();
    const view = render(wrap(<Counter name="A" load={async (name) => name} />));
    await screen.findByText('A:0');
    view.rerender(wrap(<Counter name="B" load={async (name) => name} />));
    await screen.findByText('B:0');
    const roots = new Set(inspected.filter((event) => event.type === '@xstate.event' && (event.actorRef as { logic?: { id?: string } }).logic?.id === 'counter' && !(event.actorRef as { _parent?: unknown })._parent).map((event) => event.actorRef.sessionId));
    expect(roots.size).toBe(2);
  });

  it('keeps its state while a kept-alive page is hidden and shown again', async () => {
    const { wrap } = fakeRuntime();
    const load = vi.fn(async (name: string) => `data-${name}`);
    const page = (mode: 'visible' | 'hidden') => wrap(<Activity mode={mode}>{<Counter name="A" load={load} />}</Activity>);
    const view = render(page('visible'));
    const button = await screen.findByText('data-A:0');
    act(() => button.click());
    await screen.findByText('data-A:1');
    view.rerender(page('hidden'));
    view.rerender(page('visible'));
    act(() => screen.getByText('data-A:1').click());
    expect(screen.getByText('data-A:2')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lists follow a changed payload', () => {
  const answers = async (_path: string, payload: Fields): Promise<ApiOutcome> => ({
    kind: 'ok',
    code: 1,
    msg: '',
    data: { list: [{ game_id: payload.sort === 'hot' ? 2 : 1, platform_game_id: 1, name: payload.sort === 'hot' ? '热门游戏' : '新游戏' }], total: 1, page: 1, limit: 10 },
  });

  function Games({ sort }: { sort: 'new' | 'hot' }) {
    const list = usePagedGames('rankingGames', calls.game.getGameList, { sort });
    return <p>{list.items.map((game) => game.name).join(',') || '空'}</p>;
  }

  it('a paged list whose payload changes loads and shows the new payload', async () => {
    const { wrap, runtime } = fakeRuntime(answers);
    const view = render(wrap(<Games sort="new" />));
    await screen.findByText('新游戏');
    view.rerender(wrap(<Games sort="hot" />));
    await screen.findByText('热门游戏');
    expect(vi.mocked(runtime.api.call).mock.calls.map(([, payload]) => payload?.sort)).toEqual(['new', 'hot']);
  });

  function Remote({ id }: { id: number }) {
    const data = useRemoteData('article', calls.help.getArticleInfo, { id });
    return <p>{(data.data as { name?: string } | null)?.name ?? '加载中'}</p>;
  }

  it('remote data whose payload changes loads and shows the new payload', async () => {
    const { wrap, runtime } = fakeRuntime(async (_path, payload) => ({ kind: 'ok', code: 1, msg: '', data: { name: `第${String(payload.id)}篇` } }));
    const view = render(wrap(<Remote id={1} />));
    await screen.findByText('第1篇');
    view.rerender(wrap(<Remote id={2} />));
    await screen.findByText('第2篇');
    expect(vi.mocked(runtime.api.call).mock.calls.map(([, payload]) => payload?.id)).toEqual([1, 2]);
  });
});
