import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { CallRef } from '../../../api/protocol/call-spec.ts';
import { request, type PayloadOf } from '../../../api/typed-call.ts';
import { giftClaimMachine, type ClaimAnswer, type ClaimInput } from '../../../machines/gift-claim.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { useSignedIn } from '../../app/use-navigation.ts';

export type ClaimStatus = 'idle' | 'claiming' | 'claimed' | 'soldOut' | 'failed';

/** Button words per status, for each kind of claim. */
export const CLAIM_LABELS = {
  gift: { idle: '领取', claiming: '领取中', claimed: '已领取', soldOut: '已领完', failed: '领取' },
  coupon: { idle: '领取', claiming: '领取中', claimed: '已领取', soldOut: '已领完', failed: '领取' },
  btCoupons: { idle: '一键领取', claiming: '领取中', claimed: '已领取', soldOut: '已领完', failed: '一键领取' },
  reserve: { idle: '预约', claiming: '预约中', claimed: '已预约', soldOut: '已预约', failed: '预约' },
} satisfies Record<string, Record<ClaimStatus, string>>;

export type ClaimKind = keyof typeof CLAIM_LABELS;

/**
 * One claimable item (gift pack, coupon, BT coupons, reservation) through the gift-claim machine:
 * narrow values and intents for its button and code sheet.
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
  const status = useSelector(actor, (s): ClaimStatus => (s.matches('claimed') ? 'claimed' : (s.value as ClaimStatus)));
  const code = useSelector(actor, (s) => s.context.code);
  const sheetOpen = useSelector(actor, (s) => s.matches({ claimed: 'revealed' }));
  const error = useSelector(actor, (s) => s.context.error);
  return {
    status,
    label: CLAIM_LABELS[kind][status],
    disabled: status === 'claiming' || status === 'soldOut' || (status === 'claimed' && code === null),
    code,
    sheetOpen,
    error,
    claim: () => actor.send({ type: 'ui.claim', signedIn }),
    showCode: () => actor.send({ type: 'ui.showCode' }),
    closeCode: () => actor.send({ type: 'ui.closeCode' }),
  };
}
