import { useEffect } from 'react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { orderPollMachine } from '../../../machines/order-poll.machine.ts';
import type { PolledOutcome } from '../../../machines/order-poll.types.ts';

/**
 * What both checkouts (/rechargepay's payment, /orderpay's purchase) give their order poll: the
 * getOneOrder call as each decodes it, and the page's visibility as page.hidden / page.visible.
 */

/** The order poll child with the checkout's getOneOrder (its `signal` aborts a request when the poll stops). */
export function orderPollWith(getOneOrder: (input: { order_number: string }, signal: AbortSignal) => Promise<PolledOutcome>) {
  return orderPollMachine.provide({ actors: { getOneOrder: fromPromise<PolledOutcome, { order_number: string }>(({ input, signal }) => getOneOrder(input, signal)) } });
}

/** Sends page.hidden / page.visible to the checkout's actor; bfcache (back from the cashier) restores the page without a reload. */
export function usePageVisibility(actor: AnyActorRef): void {
  useEffect(() => {
    const onVisibility = () => actor.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'page.visible' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onShow);
    };
  }, [actor]);
}
