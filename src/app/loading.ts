import { createActor, type ActorRefFrom } from 'xstate';
import { loadingMachine } from '../../machines/loading.machine.ts';
import type { Inspector } from './runtime.ts';

/** The global loading overlay's actor (machines/loading.machine.ts), one per app. */
export type LoadingActor = ActorRefFrom<typeof loadingMachine>;

export function createLoading(inspect: Inspector): LoadingActor {
  return createActor(loadingMachine, { inspect }).start();
}

/**
 * Marks the app busy while `work` runs: the overlay shows if it takes longer than 300 ms.
 * For work the player waits on with nothing else to look at (a logout, a payment hand-off),
 * not for page loads that have their own skeletons.
 */
export async function withLoading<T>(loading: Pick<LoadingActor, 'send'>, work: () => Promise<T>): Promise<T> {
  loading.send({ type: 'loading.begin' });
  try {
    return await work();
  } finally {
    loading.send({ type: 'loading.end' });
  }
}
