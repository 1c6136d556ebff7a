import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { claimInputOf, connectGiftClaim, listedClaimState, remainingAfterClaim } from './gift-claim.connect.ts';
import { giftClaimMachine, type ClaimAnswer, type ClaimInput } from './gift-claim.machine.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const OPEN: ClaimInput = { claimed: false, code: null, soldOut: false };

function start(input: ClaimInput, answer: () => Promise<ApiOutcome<ClaimAnswer>> = () => new Promise(() => {})) {
  const actor = createActor(giftClaimMachine.provide({ actors: { claim: fromPromise(answer) }, actions: { announce: () => {}, requestLogin: () => {} } }), { input }).start();
  return actor;
}

describe('connectGiftClaim', () => {
  it('open: the kind\'s words, pressable, and the press claims with whether the player is signed in', () => {
    const actor = start(OPEN);
    const send = vi.fn();
    const view = connectGiftClaim(actor.getSnapshot(), send, 'btCoupons', false);
    expect(view).toMatchObject({ status: 'idle', label: '一键领取', disabled: false, code: null, sheetOpen: false, error: null });
    view.press();
    expect(send).toHaveBeenCalledWith({ type: 'ui.claim', signedIn: false });
    connectGiftClaim(actor.getSnapshot(), send, 'btCoupons', true).claim();
    expect(send).toHaveBeenLastCalledWith({ type: 'ui.claim', signedIn: true });
  });

  it('claiming: 领取中 and not pressable', () => {
    const actor = start(OPEN);
    actor.send({ type: 'ui.claim', signedIn: true });
    expect(connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true)).toMatchObject({ status: 'claiming', label: '领取中', disabled: true });
  });

  it('claimed with a code: pressable, the press shows the code again; the sheet opens and closes', async () => {
    const actor = start(OPEN, async () => ({ kind: 'ok', code: 1, msg: '领取成功', data: { code: 'NEW' } }));
    actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    const revealed = connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true);
    expect(revealed).toMatchObject({ status: 'claimed', label: '已领取', disabled: false, code: 'NEW', sheetOpen: true });
    revealed.closeCode();
    const quiet = connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true);
    expect(quiet.sheetOpen).toBe(false);
    quiet.press();
    expect(connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true).sheetOpen).toBe(true);
  });

  it('claimed without a code (a coupon, a reservation): its words and nothing to press', () => {
    const actor = start({ claimed: true, code: null, soldOut: false });
    expect(connectGiftClaim(actor.getSnapshot(), actor.send, 'reserve', true)).toMatchObject({ status: 'claimed', label: '已预约', disabled: true });
  });

  it('sold out: 已领完, not pressable; failed: the message, and the button claims again', async () => {
    expect(connectGiftClaim(start({ ...OPEN, soldOut: true }).getSnapshot(), () => {}, 'coupon', true)).toMatchObject({ status: 'soldOut', label: '已领完', disabled: true });
    const actor = start(OPEN, async () => ({ kind: 'toast', code: -1, msg: '礼包已过期', data: { reason: 'expired' }, show: true }));
    actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true)).toMatchObject({ status: 'failed', label: '领取', disabled: false, error: '礼包已过期' });
  });

  it('pure: the same snapshot gives an equal view model with the same intents', () => {
    const actor = start(OPEN);
    const a = connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true);
    const b = connectGiftClaim(actor.getSnapshot(), actor.send, 'gift', true);
    for (const key of Object.keys(a) as (keyof typeof a)[]) expect(b[key]).toBe(a[key]);
  });
});

describe('the list rows around a claim', () => {
  it('claimInputOf: held (with its code), closed when none is left or expired, else open', () => {
    expect(claimInputOf({ claimed: true, code: 'ABC', remaining: 0, expired: true })).toEqual({ claimed: true, code: 'ABC', soldOut: false });
    expect(claimInputOf({ claimed: false, code: 'ABC', remaining: 0 })).toEqual({ claimed: false, code: null, soldOut: true });
    expect(claimInputOf({ claimed: false, remaining: 5, expired: true })).toEqual({ claimed: false, code: null, soldOut: true });
    expect(claimInputOf({ claimed: false, remaining: 5 })).toEqual({ claimed: false, code: null, soldOut: false });
    expect(claimInputOf({ claimed: true, remaining: 5 })).toEqual({ claimed: true, code: null, soldOut: false });
  });

  it('remainingAfterClaim: this page\'s claim takes one off the count read before it, never below 0', () => {
    expect(remainingAfterClaim({ claimed: false, remaining: 10 }, 'claimed')).toBe(9);
    expect(remainingAfterClaim({ claimed: true, remaining: 10 }, 'claimed')).toBe(10);
    expect(remainingAfterClaim({ claimed: false, remaining: 10 }, 'idle')).toBe(10);
    expect(remainingAfterClaim({ claimed: false, remaining: 0 }, 'claimed')).toBe(0);
  });

  it('listedClaimState: 已领取, 已领完 or 可领取', () => {
    expect(listedClaimState({ claimed: true, remaining: 0 })).toEqual({ tone: 'settled', label: '已领取' });
    expect(listedClaimState({ claimed: false, remaining: 0 })).toEqual({ tone: 'soldOut', label: '已领完' });
    expect(listedClaimState({ claimed: false, remaining: 3 })).toEqual({ tone: null, label: '可领取' });
  });
});
