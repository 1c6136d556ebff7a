import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { MyListing } from '../../../api/protocol/calls/trade.ts';
import { listingLifecycleMachine, type ListingOutcome } from '../../../machines/listing-lifecycle.machine.ts';
import type { ListingPayload } from '../../../machines/listing-form.types.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';
import { request } from '../../../api/typed-call.ts';

/** withdrawListing and submitListing answer `{ listing, … }` (decoded by request()): the machine keeps the listing. */
const withListing = (outcome: ApiOutcome<{ listing: MyListing }>): ListingOutcome => (outcome.kind === 'ok' ? { ...outcome, data: outcome.data.listing } : (outcome as ListingOutcome));

/** One /sellaccount row's listing through machines/listing-lifecycle.machine.ts: its state, message and the seller's intents. */
export function useListingLifecycle(listing: MyListing) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const requestBase = useMemo(() => `lr-${crypto.randomUUID()}`, []);
  const actor = useFeatureActor(listingLifecycleMachine, {
    input: { listing, requestBase },
    implementations: {
      actors: {
        withdraw: fromPromise<ListingOutcome, { listingId: number }>(async ({ input }) => withListing(await request(runtime.api, tradeCalls.withdrawListing, { listing_id: input.listingId }))),
        resubmit: fromPromise<ListingOutcome, { payload: ListingPayload; requestId: string }>(async ({ input }) => withListing(await request(runtime.api, tradeCalls.submitListing, { request_id: input.requestId, ...input.payload }))),
        reload: fromPromise<ListingOutcome, { listingId: number }>(({ input }) => request(runtime.api, tradeCalls.getMyListing, { listing_id: input.listingId })),
      },
      actions: {
        openEditor: ({ context }) => navigate('/sellaccountedit', { listing_id: context.listing.id }),
        openTrade: ({ context }) => navigate('/tradingsuccess', { trade_id: context.listing.trade_id }),
        notify: (_, params) => {
          if (params.message && params.message !== 'success') showToast(params.message);
        },
      },
    },
    restartOn: [listing.id],
  });
  return {
    state: useSelector(actor, (s) => s.value as string),
    listing: useSelector(actor, (s) => s.context.listing),
    message: useSelector(actor, (s) => s.context.message),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    confirming: useSelector(actor, (s) => s.matches('confirmingWithdraw')),
    can: {
      edit: useSelector(actor, (s) => s.can({ type: 'ui.edit' })),
      withdraw: useSelector(actor, (s) => s.can({ type: 'ui.withdraw' })),
      resubmit: useSelector(actor, (s) => s.can({ type: 'ui.resubmit' })),
      viewTrade: useSelector(actor, (s) => s.can({ type: 'ui.viewTrade' })),
    },
    withdraw: () => actor.send({ type: 'ui.withdraw' }),
    confirm: () => actor.send({ type: 'ui.confirm' }),
    cancel: () => actor.send({ type: 'ui.cancel' }),
    edit: () => actor.send({ type: 'ui.edit' }),
    resubmit: () => actor.send({ type: 'ui.resubmit' }),
    viewTrade: () => actor.send({ type: 'ui.viewTrade' }),
    refresh: () => actor.send({ type: 'ui.refresh' }),
  };
}
