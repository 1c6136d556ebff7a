import { assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';

/**
 * A paginated list (PROTOCOL §10: `{ list, total, page, limit }`): the first page loads (or fails
 * with retry), further pages load on demand, a failed further page keeps the items and offers a
 * retry, pull to refresh reloads page 1 while the old items stay shown. Items are de-duplicated
 * across pages by pagedItemKey (a page shifts when the server's order moves between requests).
 * The `loadPage` actor is supplied by the view (an api call that decodes the items).
 */

export interface PageData<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  /** The rest of the first page's answer (a topic's title, a week's dates, the open-server days …). */
  meta?: Record<string, unknown>;
  /** Items the server sent, when the view dropped some (malformed, filtered): decides the last page. */
  received?: number;
}

export interface PageRequest {
  page: number;
  limit: number;
}

export interface PagedListContext<T> {
  items: T[];
  /** The last page loaded (0 before the first). */
  page: number;
  limit: number;
  total: number;
  /** Whether the last page answered fewer items than asked (or none). */
  lastPageShort: boolean;
  meta: Record<string, unknown> | null;
  error: string | null;
}

export interface PagedListInput {
  limit?: number;
}

export type PagedListEvent = { type: 'ui.loadMore' } | { type: 'ui.refresh' } | { type: 'ui.retry' };

export const PAGED_LIST_DEFAULT_LIMIT = 20;
export const PAGED_LIST_MESSAGES = {
  failed: '加载失败',
  network: '网络异常，请稍后重试',
} as const;

/** The fields that name a list item: id and every *_id (a gift's, a coupon's, a game's and its version's …), an order's number, a search word. */
const NAMING_FIELD = /^(id|[a-z_]+_id|order_number|word)$/;

/**
 * A stable key for a list item: its naming fields and their values. A null one names nothing (two
 * 乐玩币 orders both have game_id null); an item with none is keyed by its whole value.
 */
export function pagedItemKey(item: unknown): string {
  if (typeof item !== 'object' || item === null) return JSON.stringify(item);
  const raw = item as Record<string, unknown>;
  const parts = Object.keys(raw)
    .filter((field) => NAMING_FIELD.test(field) && raw[field] !== null && raw[field] !== undefined)
    .sort()
    .map((field) => `${field}=${String(raw[field])}`);
  return parts.length > 0 ? parts.join(':') : JSON.stringify(item);
}

/** Appends `more` to `items`, dropping items whose key is already there. */
export function mergeUnique<T>(items: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(items.map(pagedItemKey));
  const merged = [...items];
  for (const item of more) {
    const key = pagedItemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(item);
  }
  return merged;
}

type PageOutcome<T> = ApiOutcome<PageData<T>>;

const isPage = <T>(outcome: PageOutcome<T>): outcome is Extract<PageOutcome<T>, { kind: 'ok' }> =>
  outcome.kind === 'ok' && typeof outcome.data === 'object' && outcome.data !== null && Array.isArray(outcome.data.list);

/** The last page: shorter than asked, or reaching the total. */
const isLastPage = <T>({ list, received, page, limit, total }: PageData<T>): boolean => (received ?? list.length) < limit || page * limit >= total;

const messageOf = <T>(outcome: PageOutcome<T>): string => ('msg' in outcome && outcome.msg ? outcome.msg : PAGED_LIST_MESSAGES.failed);

export function createPagedListMachine<T>(id: string) {
  return setup({
    types: {
      context: {} as PagedListContext<T>,
      events: {} as PagedListEvent,
      input: {} as PagedListInput,
      tags: {} as 'busy' | 'error' | 'loadingMore',
    },
    actors: {
      loadPage: fromPromise<PageOutcome<T>, PageRequest>(async () => {
        throw new Error(`${id}: provide the loadPage actor`);
      }),
    },
    guards: {
      answeredPage: (_, params: { outcome: PageOutcome<T> }) => isPage(params.outcome),
      answeredLastPage: (_, params: { outcome: PageOutcome<T> }) => isPage(params.outcome) && isLastPage(params.outcome.data),
      exhausted: ({ context }) => context.lastPageShort || context.page * context.limit >= context.total,
    },
    actions: {
      storeFirstPage: assign((_, params: { outcome: PageOutcome<T> }) => {
        const { list, total, page, limit, meta, received } = (params.outcome as { data: PageData<T> }).data;
        return { items: mergeUnique([], list), total, page, limit, lastPageShort: isLastPage({ list, received, page, limit, total }), meta: meta ?? null, error: null };
      }),
      appendPage: assign(({ context }, params: { outcome: PageOutcome<T> }) => {
        const { list, total, page, limit, received } = (params.outcome as { data: PageData<T> }).data;
        return { items: mergeUnique(context.items, list), total, page, limit, lastPageShort: isLastPage({ list, received, page, limit, total }), error: null };
      }),
      storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      items: [],
      page: 0,
      limit: input.limit ?? PAGED_LIST_DEFAULT_LIMIT,
      total: 0,
      lastPageShort: false,
      meta: null,
      error: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ page: 1, limit: context.limit }),
          onDone: [
            { guard: { type: 'answeredLastPage', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready.exhausted', actions: { type: 'storeFirstPage', params: ({ event }) => ({ outcome: event.output }) } },
            { guard: { type: 'answeredPage', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready.idle', actions: { type: 'storeFirstPage', params: ({ event }) => ({ outcome: event.output }) } },
            { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.output) }) } },
          ],
          onError: { target: 'failed', actions: { type: 'storeError', params: { message: PAGED_LIST_MESSAGES.network } } },
        },
      },
      failed: {
        tags: ['error'],
        on: { 'ui.retry': 'loading', 'ui.refresh': 'loading' },
      },
      ready: {
        initial: 'idle',
        on: { 'ui.refresh': 'refreshing' },
        states: {
          idle: {
            on: { 'ui.loadMore': 'loadingMore' },
          },
          loadingMore: {
            tags: ['loadingMore'],
            invoke: {
              id: 'loadPage',
              src: 'loadPage',
              input: ({ context }) => ({ page: context.page + 1, limit: context.limit }),
              onDone: [
                { guard: { type: 'answeredLastPage', params: ({ event }) => ({ outcome: event.output }) }, target: 'exhausted', actions: { type: 'appendPage', params: ({ event }) => ({ outcome: event.output }) } },
                { guard: { type: 'answeredPage', params: ({ event }) => ({ outcome: event.output }) }, target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ outcome: event.output }) } },
                { target: 'loadMoreFailed', actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.output) }) } },
              ],
              onError: { target: 'loadMoreFailed', actions: { type: 'storeError', params: { message: PAGED_LIST_MESSAGES.network } } },
            },
          },
          loadMoreFailed: {
            on: { 'ui.retry': 'loadingMore' },
          },
          exhausted: {},
        },
      },
      refreshing: {
        tags: ['busy'],
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ page: 1, limit: context.limit }),
          onDone: [
            { guard: { type: 'answeredLastPage', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready.exhausted', actions: { type: 'storeFirstPage', params: ({ event }) => ({ outcome: event.output }) } },
            { guard: { type: 'answeredPage', params: ({ event }) => ({ outcome: event.output }) }, target: 'ready.idle', actions: { type: 'storeFirstPage', params: ({ event }) => ({ outcome: event.output }) } },
            // The old items stay: a failed refresh returns to the list as it was, with the message.
            { guard: 'exhausted', target: 'ready.exhausted', actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.output) }) } },
            { target: 'ready.idle', actions: { type: 'storeError', params: ({ event }) => ({ message: messageOf(event.output) }) } },
          ],
          onError: [
            { guard: 'exhausted', target: 'ready.exhausted', actions: { type: 'storeError', params: { message: PAGED_LIST_MESSAGES.network } } },
            { target: 'ready.idle', actions: { type: 'storeError', params: { message: PAGED_LIST_MESSAGES.network } } },
          ],
        },
      },
    },
  });
}

/** The machine as drawn and replayed (each list's machine differs only by its id). */
export const pagedListMachine = createPagedListMachine<unknown>('pagedList');
