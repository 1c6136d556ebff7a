import { assign, setup } from 'xstate';

/**
 * The global loading overlay (SPEC §2 "Other UI"): any number of pieces of work may be under way
 * (`loading.begin` / `loading.end`, counted); the overlay shows only once the app has been busy
 * for LOADING_OVERLAY_DELAY_MS, so quick work never flashes it, and hides when the count is 0.
 */

/** Busy this long before the overlay shows (a flash under ~300 ms reads as flicker). */
export const LOADING_OVERLAY_DELAY_MS = 300;

export type LoadingEvent = { type: 'loading.begin' } | { type: 'loading.end' };

export interface LoadingContext {
  count: number;
}

export const loadingMachine = setup({
  types: {
    context: {} as LoadingContext,
    events: {} as LoadingEvent,
    tags: {} as 'visible',
  },
  actions: {
    increment: assign(({ context }) => ({ count: context.count + 1 })),
    // An unmatched end (a double release) never drives the count below zero.
    decrement: assign(({ context }) => ({ count: Math.max(0, context.count - 1) })),
  },
  guards: {
    lastOneEnds: ({ context }) => context.count <= 1,
  },
  delays: {
    overlayDelay: LOADING_OVERLAY_DELAY_MS,
  },
}).createMachine({
  id: 'loading',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'loading.begin': { target: 'waiting', actions: 'increment' } },
    },
    waiting: {
      after: { overlayDelay: 'shown' },
      on: {
        'loading.begin': { actions: 'increment' },
        'loading.end': [{ guard: 'lastOneEnds', target: 'idle', actions: 'decrement' }, { actions: 'decrement' }],
      },
    },
    shown: {
      tags: ['visible'],
      on: {
        'loading.begin': { actions: 'increment' },
        'loading.end': [{ guard: 'lastOneEnds', target: 'idle', actions: 'decrement' }, { actions: 'decrement' }],
      },
    },
  },
});
