import { assign, fromPromise, setup } from 'xstate';

/**
 * 清除缓存 in /systemsetting (SPEC §7 native bridge "get and clear cache size"): the
 * size is measured on entry (getCacheSize), a tap asks to confirm, the clear runs (clearCache)
 * and the size is measured again, so what the row shows after a clear is what native now holds.
 * Only inside the wrapper: a plain browser has no cache the app can measure or clear.
 */

/** What the measuring actor answers: the size text native gave, checked, or why there is none. */
export type CacheMeasure = { ok: true; size: string } | { ok: false; message: string };
/** What the clearing actor answers. */
export type CacheClearAnswer = { ok: true } | { ok: false; message: string };

export const CACHE_MESSAGES = {
  cleared: '缓存已清除',
  measureFailed: '缓存大小读取失败',
  clearFailed: '清除失败，请稍后再试',
} as const;

/** Native answers text such as "12.5M", "0M", "800K", "1.2G" (docs/bridge-protocol.md). */
const SIZE_TEXT = /^\d{1,9}(\.\d{1,2})?\s?(B|K|KB|M|MB|G|GB)$/i;

export function parseCacheSize(answer: unknown): string | null {
  return typeof answer === 'string' && SIZE_TEXT.test(answer.trim()) ? answer.trim() : null;
}

export interface CacheClearContext {
  size: string | null;
  error: string | null;
}

export type CacheClearEvent = { type: 'ui.clear' } | { type: 'ui.confirm' } | { type: 'ui.cancel' } | { type: 'ui.retry' };

export const cacheClearMachine = setup({
  types: {
    context: {} as CacheClearContext,
    events: {} as CacheClearEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Provided by the page: getCacheSize through the bridge. */
    measure: fromPromise<CacheMeasure>(async () => {
      throw new Error('measure is not provided');
    }),
    /** Provided by the page: clearCache through the bridge. */
    clear: fromPromise<CacheClearAnswer>(async () => {
      throw new Error('clear is not provided');
    }),
  },
  actions: {
    storeSize: assign((_, params: { size: string }) => ({ size: params.size, error: null })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    notify: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded: (_, params: { answer: CacheMeasure | CacheClearAnswer }) => params.answer.ok,
  },
}).createMachine({
  id: 'cacheClear',
  context: { size: null, error: null },
  initial: 'measuring',
  states: {
    measuring: {
      tags: 'busy',
      invoke: {
        id: 'measure',
        src: 'measure',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'storeSize', params: ({ event }) => ({ size: event.output.ok ? event.output.size : '' }) },
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { message: CACHE_MESSAGES.measureFailed } } },
      },
    },
    ready: {
      on: { 'ui.clear': 'confirming' },
    },
    confirming: {
      description: '确定清除缓存吗？',
      on: { 'ui.confirm': 'clearing', 'ui.cancel': 'ready' },
    },
    clearing: {
      tags: 'busy',
      invoke: {
        id: 'clear',
        src: 'clear',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ answer: event.output }) },
            target: 'measuring',
            actions: { type: 'notify', params: { message: CACHE_MESSAGES.cleared } },
          },
          {
            target: 'failed',
            actions: [
              { type: 'storeError', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) },
              { type: 'notify', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'storeError', params: { message: CACHE_MESSAGES.clearFailed } },
            { type: 'notify', params: { message: CACHE_MESSAGES.clearFailed } },
          ],
        },
      },
    },
    failed: {
      description: 'The row shows the message and 重试',
      on: { 'ui.retry': 'measuring' },
    },
  },
});
