import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useDeferredActor } from '../deferred-actor.ts';
import type { RatingActor } from './rating-runtime.ts';

/** Shown from open on (an offered dialog waits while the receipt is read). */
const selectIsOpen = (snapshot: ReturnType<RatingActor['getSnapshot']> | undefined) => snapshot !== undefined && !snapshot.matches('closed') && !snapshot.matches('offered');

/** The dialog's place in the entry chunk: nothing until it opens, then the lazily loaded dialog. */
const RatingDialog = lazy(() => import('./RatingDialog.tsx'));

export function RatingOverlay() {
  const rating = useDeferredActor(useRuntime().rating);
  const open = useSelector(rating, selectIsOpen);
  if (!rating || !open) return null;
  return (
    <Suspense fallback={null}>
      <RatingDialog rating={rating} />
    </Suspense>
  );
}
