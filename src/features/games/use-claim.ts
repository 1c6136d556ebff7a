import { shallowEqual, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { CallRef } from '../../../api/protocol/call-spec.ts';
import { request, type PayloadOf } from '../../../api/typed-call.ts';
import { connectGiftClaim, type ClaimKind } from '../../../machines/gift-claim.connect.ts';
import { giftClaimMachine, type ClaimAnswer, type ClaimInput } from '../../../machines/gift-claim.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { useSignedIn } from '../../app/use-navigation.ts';

/**
 * One claimable item (gift pack, coupon, BT coupons, reservation) through the gift-claim machine:
 * its view model (machines/gift-claim.connect.ts) for its button and code sheet, read with one selector.
 */
export function useClaim<R extends CallRef>(kind: ClaimKind, call: R, payload: PayloadOf<R>, input: ClaimInput, onClaimed?: () => void) {
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const key = JSON.stringify(payload);
  const actor = useFeatureActor(giftClaimMachine, {
    input,
    implementations: {
      // the machine reads only the answer's code (a gift's), whatever else the call answers
      actors: { claim: fromPromise<ApiOutcome<ClaimAnswer>>(async () => (await request(runtime.api, call, payload)) as ApiOutcome<ClaimAnswer>) },
      actions: {
        requestLogin: () => runtime.openLogin(),
        announce: (_, params) => {
          showToast(params.message);
          onClaimed?.();
        },
      },
    },
    // another item, or a server answer that says it changed (claimed, sold out), starts the row afresh
    restartOn: [call, key, JSON.stringify(input)],
  });
  return useSelector(actor, (snapshot) => connectGiftClaim(snapshot, actor.send, kind, signedIn), shallowEqual);
}
