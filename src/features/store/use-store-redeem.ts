import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { storeRedeemMachine, type RedeemAnswer, type RedeemItem, type RedeemRequest } from '../../../machines/store-redeem.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { newRequestId } from './store-data.ts';
import * as storeCalls from '../../../api/protocol/calls/store.ts';
import { request } from '../../../api/typed-call.ts';

/** The redemption statechart of /coinstore, wired to redeemStoreItem; narrow values and intents. */
export function useStoreRedeem(onRedeemed: () => void) {
  const runtime = useRuntime();
  const actor = useFeatureActor(storeRedeemMachine, {
    implementations: {
      actors: {
        redeem: fromPromise<ApiOutcome<RedeemAnswer>, RedeemRequest>(({ input }) =>
          request(runtime.api, storeCalls.redeemStoreItem, { item_id: input.itemId, request_id: input.requestId }),
        ),
      },
      actions: { redeemed: () => onRedeemed() },
    },
  });
  return {
    open: useSelector(actor, (s) => !s.matches('idle')),
    phase: useSelector(actor, (s) => (s.matches('confirming') ? 'confirming' : s.matches('redeeming') ? 'redeeming' : s.matches('done') ? 'done' : s.matches('refused') ? 'refused' : s.matches('failed') ? 'failed' : 'idle')),
    item: useSelector(actor, (s) => s.context.item),
    record: useSelector(actor, (s) => s.context.record),
    points: useSelector(actor, (s) => s.context.points),
    reason: useSelector(actor, (s) => s.context.reason),
    message: useSelector(actor, (s) => s.context.message),
    start: useCallback((item: RedeemItem) => actor.send({ type: 'ui.open', item }), [actor]),
    confirm: useCallback(() => actor.send({ type: 'ui.confirm', requestId: newRequestId() }), [actor]),
    retry: useCallback(() => actor.send({ type: 'ui.retry' }), [actor]),
    close: useCallback(() => actor.send({ type: 'ui.close' }), [actor]),
  };
}

export type StoreRedeem = ReturnType<typeof useStoreRedeem>;
