import { useCallback, useSyncExternalStore } from 'react';
import { STAR_MIN } from '../../../machines/constants.ts';
import type { RatingActor } from './rating-runtime.ts';

type RatingSnapshot = ReturnType<RatingActor['getSnapshot']>;

const selectStars = (snapshot: RatingSnapshot) => snapshot.context.stars;
const selectGameName = (snapshot: RatingSnapshot) => snapshot.context.game?.game_name ?? '';
const selectBusy = (snapshot: RatingSnapshot) => snapshot.hasTag('busy');
/** SPEC §2: submit is disabled until a star is tapped (and while the call runs). */
const selectCanSubmit = (snapshot: RatingSnapshot) => snapshot.matches('open') && snapshot.context.stars >= STAR_MIN;

/**
 * useSelector's equivalent on React's own store hook: this runs in the dialog's lazy chunk, and
 * @xstate/react there would make the bundler split its shim out of the entry chunk.
 */
function useRatingValue<T>(rating: RatingActor, select: (snapshot: RatingSnapshot) => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = rating.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [rating],
  );
  return useSyncExternalStore(subscribe, () => select(rating.getSnapshot()));
}

/** The rating dialog's view model: narrow values and intents (ARCHITECTURE rule 6). */
export function useRating(rating: RatingActor) {
  return {
    stars: useRatingValue(rating, selectStars),
    gameName: useRatingValue(rating, selectGameName),
    busy: useRatingValue(rating, selectBusy),
    canSubmit: useRatingValue(rating, selectCanSubmit),
    rate: (value: number) => rating.send({ type: 'ui.star', value }),
    submit: () => rating.send({ type: 'ui.submit' }),
    close: () => rating.send({ type: 'ui.close' }),
  };
}
