import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import { ratingMachine } from '../../../machines/rating.machine.ts';
import type { SubEvaluateInput, SubEvaluateOutcome } from '../../../machines/rating.types.ts';
import type { AppRuntime, RuntimeEnvironment } from '../../app/runtime.ts';
import { pageKey } from '../../app/navigation-runtime.ts';
import { firstRechargePending, removeRechargePending } from './recharge-pending.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * Wires the rating dialog (SPEC §2 "Other UI", §4 "Rating"): subEvaluate, toasts, and the
 * RechargepingList entry it removes. The dialog opens for the oldest pending entry when the app
 * starts signed in, and after a sign-in (the original reloaded the app after login); a paid
 * top-up offers it on its receipt. It closes when the player moves to another page.
 */

export type RatingActor = ActorRefFrom<typeof ratingMachine>;

export const SUB_EVALUATE_PATH = calls.rating.subEvaluate;

type RatingRuntime = Pick<AppRuntime, 'api' | 'session' | 'inspect'> & { navigation: Pick<AppRuntime['navigation'], 'getSnapshot' | 'subscribe'> };

export function createRatingFeature(runtime: RatingRuntime, env: Pick<RuntimeEnvironment, 'storage' | 'toast'>): RatingActor {
  const rating = createActor(
    ratingMachine.provide({
      actors: {
        subEvaluate: fromPromise<SubEvaluateOutcome, SubEvaluateInput>(({ input, signal }) =>
          request(runtime.api, SUB_EVALUATE_PATH, input, { signal }),
        ),
      },
      actions: {
        showToast: (_, { message }) => env.toast(message),
        removePending: (_, { order_number }) => removeRechargePending(env.storage, order_number),
      },
    }),
    { inspect: runtime.inspect },
  ).start();

  const openPending = () => {
    const entry = firstRechargePending(env.storage);
    if (entry) rating.send({ type: 'rating.open', ...entry });
  };

  // Created once the app runs (its chunk loads after start): signed in by then means "starts signed in".
  let signedIn = runtime.session.getSnapshot().hasTag('signedIn');
  if (signedIn) openPending();
  runtime.session.subscribe((snapshot) => {
    const now = snapshot.hasTag('signedIn');
    if (now && !signedIn) openPending();
    signedIn = now;
  });
  // The dialog belongs to the page it opened on: any move to another page closes it.
  const keyOf = () => pageKey(runtime.navigation.getSnapshot().context.current);
  let shown = keyOf();
  runtime.navigation.subscribe(() => {
    const now = keyOf();
    if (now !== shown) rating.send({ type: 'page.left' });
    shown = now;
  });
  return rating;
}
