import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request, type Callable, type DataOf, type PayloadOf } from '../../../api/typed-call.ts';
import type { AnyCallSpec, CallRef } from '../../../api/protocol/call-spec.ts';
import { createPagedListMachine, type PageData, type PageRequest } from '../../../machines/paged-list.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { decodeGameItems, type GameItem } from '../../components/game/game-item.ts';

export type ItemDecoder<T> = (list: unknown) => T[];

const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/** An api answer of PROTOCOL §10 as the paged-list machine reads it: decoded items, the rest as meta. */
export function toPageOutcome<T>(outcome: ApiOutcome<unknown>, request: PageRequest, decode: ItemDecoder<T>): ApiOutcome<PageData<T>> {
  if (outcome.kind !== 'ok') return outcome as ApiOutcome<PageData<T>>;
  const raw = typeof outcome.data === 'object' && outcome.data !== null ? (outcome.data as Record<string, unknown>) : {};
  const { list, total, page, limit, ...meta } = raw;
  const items = decode(list);
  const data: PageData<T> = {
    list: items,
    total: count(total),
    page: count(page) || request.page,
    limit: count(limit) || request.limit,
    meta,
    received: Array.isArray(list) ? list.length : 0,
  };
  return { ...outcome, data };
}

/** A paged call's payload for one page: every paged call declares the page fields (PAGE_FIELDS). */
const pageOf = <R extends Callable>(payload: PagePayload<R>, page: PageRequest) => ({ ...payload, page: page.page, limit: page.limit }) as unknown as PayloadOf<R>;

/** What a paged call's payload holds besides the page the list asks for. */
export type PagePayload<R extends Callable> = Omit<PayloadOf<R>, 'page' | 'limit'>;

/** One paged list of a call (its ref, or its declaration) and payload: narrow values and intents for the list views. */
export function usePagedList<T, R extends Callable = Callable>(id: string, call: R, payload: PagePayload<R>, decode: ItemDecoder<T>, limit?: number) {
  const runtime = useRuntime();
  const key = JSON.stringify(payload);
  const actor = useFeatureActor(() => createPagedListMachine<T>(id), {
    input: limit ? { limit } : {},
    implementations: {
      actors: {
        loadPage: fromPromise<ApiOutcome<PageData<T>>, PageRequest>(async ({ input }) => toPageOutcome(await request(runtime.api, call, pageOf(payload, input)), input, decode)),
      },
    },
    // another call, payload or page size is another list: start from its first page
    restartOn: [id, call, key, limit],
  });
  return {
    items: useSelector(actor, (snapshot) => snapshot.context.items),
    meta: useSelector(actor, (snapshot) => snapshot.context.meta),
    total: useSelector(actor, (snapshot) => snapshot.context.total),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    failed: useSelector(actor, (snapshot) => snapshot.matches('failed')),
    refreshing: useSelector(actor, (snapshot) => snapshot.matches('refreshing')),
    loadingMore: useSelector(actor, (snapshot) => snapshot.hasTag('loadingMore')),
    loadMoreFailed: useSelector(actor, (snapshot) => snapshot.matches({ ready: 'loadMoreFailed' })),
    exhausted: useSelector(actor, (snapshot) => snapshot.matches({ ready: 'exhausted' })),
    loadMore: useCallback(() => actor.send({ type: 'ui.loadMore' }), [actor]),
    refresh: useCallback(() => actor.send({ type: 'ui.refresh' }), [actor]),
    retry: useCallback(() => actor.send({ type: 'ui.retry' }), [actor]),
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/** The item of a paged call's list, as its declaration's answer schema gives it. */
export type PageItem<S extends Callable> = DataOf<S> extends { list: readonly (infer T)[] } ? T : never;

/** The list of an answer request() already ran through the declaration's schema (page(): bad items dropped). */
const declaredItems = <T>(list: unknown): T[] => list as T[];

/**
 * A paged list of a declared call: the declaration's answer schema decodes each page (bad items
 * dropped, a malformed page the list's error), so the view needs no decoder of its own.
 */
export function usePagedCall<const S extends AnyCallSpec>(id: string, spec: S, payload: PagePayload<S>, limit?: number): PagedList<PageItem<S>> {
  return usePagedList<PageItem<S>, S>(id, spec, payload, declaredItems, limit);
}

const decodeGames: ItemDecoder<GameItem> = (list) => decodeGameItems(list);

/** A paged list of game items (every game list of the app). */
export function usePagedGames<R extends CallRef>(id: string, call: R, payload: PagePayload<R> = {} as PagePayload<R>, limit?: number): PagedList<GameItem> {
  return usePagedList<GameItem, R>(id, call, payload, decodeGames, limit);
}
