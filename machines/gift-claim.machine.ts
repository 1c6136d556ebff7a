import { assign, fromPromise, setup } from 'xstate';
import { refusalReason, type ApiOutcome } from '../api/outcome.ts';
import { COUPON_REFUSALS, GIFT_REFUSALS, type CouponRefusalData, type GiftRefusalData } from '../api/protocol/claim-refusals.ts';

/**
 * One claimable item: a gift pack (receiveGift, answers a code) or a coupon (receiveCoupon /
 * receiveBtCoupon, no code). idle → claiming → claimed | soldOut | failed. A repeat claim
 * (gifts: code 1 with the same code; coupons: the declared refusal 'already', a message the
 * session machine does not toast) also ends claimed, so the button says so. The refusals are
 * told apart by their declared reason (api/protocol/claim-refusals.ts), never by their text. A claim while signed out asks for login.
 * A fresh code opens the code sheet (claimed.revealed); the sheet can be reopened to copy again.
 */

export const CLAIM_MESSAGES = {
  alreadyClaimed: '已领取',
  failed: '领取失败，请稍后重试',
  claimed: '领取成功',
} as const;

export interface ClaimInput {
  /** Claimed before this page opened (list answer's claimed / received). */
  claimed: boolean;
  code: string | null;
  soldOut: boolean;
}

export interface ClaimContext {
  code: string | null;
  error: string | null;
  /** How the list answer found the item: already claimed, sold out, or open. */
  found: 'claimed' | 'soldOut' | 'open';
}

/** What receiveGift answers; coupons answer other data, read as no code; a refusal its reason. */
export type ClaimAnswer = { code?: unknown } | GiftRefusalData | CouponRefusalData | null;

export type GiftClaimEvent = { type: 'ui.claim'; signedIn: boolean } | { type: 'ui.showCode' } | { type: 'ui.closeCode' };

const codeOf = (outcome: ApiOutcome<ClaimAnswer>): string | null => {
  if (outcome.kind !== 'ok' && outcome.kind !== 'toast') return null;
  const code = outcome.data && typeof outcome.data === 'object' && 'code' in outcome.data ? outcome.data.code : null;
  return typeof code === 'string' && code !== '' ? code : null;
};

export const isClaimedAnswer = (outcome: ApiOutcome<ClaimAnswer>): boolean => outcome.kind === 'ok' || refusalReason(outcome, COUPON_REFUSALS) === 'already';

/** A gift pack without codes left, a coupon out of stock, or a game without BT coupons to claim. */
export const isSoldOutAnswer = (outcome: ApiOutcome<ClaimAnswer>): boolean => {
  const coupon = refusalReason(outcome, COUPON_REFUSALS);
  return refusalReason(outcome, GIFT_REFUSALS) === 'soldOut' || coupon === 'soldOut' || coupon === 'noBtCoupons';
};

const announcement = (outcome: ApiOutcome<ClaimAnswer>): string =>
  outcome.kind === 'ok' ? outcome.msg || CLAIM_MESSAGES.claimed : CLAIM_MESSAGES.alreadyClaimed;

const failureMessage = (outcome: ApiOutcome<ClaimAnswer>): string => ('msg' in outcome && outcome.msg ? outcome.msg : CLAIM_MESSAGES.failed);

export const giftClaimMachine = setup({
  types: {
    context: {} as ClaimContext,
    events: {} as GiftClaimEvent,
    input: {} as ClaimInput,
    tags: {} as 'busy',
  },
  actors: {
    claim: fromPromise<ApiOutcome<ClaimAnswer>>(async () => {
      throw new Error('giftClaim: provide the claim actor');
    }),
  },
  actions: {
    requestLogin: () => {},
    /** A claim without a code to show (coupons) is confirmed by a toast. */
    announce: (_, _params: { message: string }) => {},
    storeCode: assign((_, params: { code: string | null }) => ({ code: params.code, error: null })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    claimedBefore: ({ context }) => context.code !== null,
    signedOut: (_, params: { signedIn: boolean }) => !params.signedIn,
  },
}).createMachine({
  id: 'giftClaim',
  context: ({ input }) => ({
    code: input.claimed ? input.code : null,
    error: null,
    found: input.claimed ? 'claimed' : input.soldOut ? 'soldOut' : 'open',
  }),
  initial: 'idle',
  states: {
    idle: {
      // Where the list found the item: no transient start state, so every state is observable.
      always: [
        { guard: ({ context }) => context.found === 'claimed', target: 'claimed' },
        { guard: ({ context }) => context.found === 'soldOut', target: 'soldOut' },
      ],
      on: {
        'ui.claim': [
          { guard: { type: 'signedOut', params: ({ event }) => ({ signedIn: event.signedIn }) }, actions: 'requestLogin' },
          { target: 'claiming' },
        ],
      },
    },
    claiming: {
      tags: ['busy'],
      invoke: {
        id: 'claim',
        src: 'claim',
        onDone: [
          {
            guard: ({ event }) => isClaimedAnswer(event.output) && codeOf(event.output) !== null,
            target: 'claimed.revealed',
            actions: { type: 'storeCode', params: ({ event }) => ({ code: codeOf(event.output) }) },
          },
          {
            guard: ({ event }) => isClaimedAnswer(event.output),
            target: 'claimed',
            actions: { type: 'announce', params: ({ event }) => ({ message: announcement(event.output) }) },
          },
          { guard: ({ event }) => isSoldOutAnswer(event.output), target: 'soldOut' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ message: failureMessage(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { message: CLAIM_MESSAGES.failed } } },
      },
    },
    claimed: {
      initial: 'quiet',
      states: {
        quiet: { on: { 'ui.showCode': { guard: 'claimedBefore', target: 'revealed' } } },
        revealed: { on: { 'ui.closeCode': 'quiet' } },
      },
    },
    soldOut: {},
    failed: {
      on: {
        'ui.claim': [
          { guard: { type: 'signedOut', params: ({ event }) => ({ signedIn: event.signedIn }) }, actions: 'requestLogin' },
          { target: 'claiming' },
        ],
      },
    },
  },
});
