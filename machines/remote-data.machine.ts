import { assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';

/**
 * Loads one server resource for a page: loading → loaded | failed, with retry and refresh.
 * The `load` actor is supplied by the page (an api call); the machine only sees outcomes.
 * `input.changed` (the page asks for another page or filter of the same list) loads again and
 * keeps the data it has on screen until the new answer replaces it, so a list does not flash to
 * its loading state between pages; a load still running for the old input is dropped.
 */
export interface RemoteDataContext<T> {
  data: T | null;
  error: string | null;
}

export type RemoteDataEvent = { type: 'ui.retry' } | { type: 'ui.refresh' } | { type: 'input.changed' };

export function createRemoteDataMachine<T>(id: string) {
  return setup({
    types: {
      context: {} as RemoteDataContext<T>,
      events: {} as RemoteDataEvent,
    },
    actors: {
      load: fromPromise<ApiOutcome<T>>(async () => {
        throw new Error(`${id}: provide the load actor`);
      }),
    },
    actions: {
      storeData: assign((_, params: { data: T }) => ({ data: params.data, error: null })),
      storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    },
  }).createMachine({
    id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        on: { 'input.changed': { target: 'loading', reenter: true } },
        invoke: {
          id: 'load',
          src: 'load',
          onDone: [
            {
              guard: ({ event }) => event.output.kind === 'ok' || event.output.kind === 'toast',
              target: 'loaded',
              actions: { type: 'storeData', params: ({ event }) => ({ data: (event.output as { data: T }).data }) },
            },
            {
              target: 'failed',
              actions: {
                type: 'storeError',
                params: ({ event }) => ({ message: 'msg' in event.output && event.output.msg ? event.output.msg : '加载失败' }),
              },
            },
          ],
          onError: { target: 'failed', actions: { type: 'storeError', params: { message: '加载失败，请稍后重试' } } },
        },
      },
      loaded: {
        on: { 'ui.refresh': 'loading', 'input.changed': 'loading' },
      },
      failed: {
        tags: ['error'],
        on: { 'ui.retry': 'loading', 'input.changed': 'loading' },
      },
    },
  });
}
