import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { giftClaimMachine, type ClaimAnswer, type ClaimInput } from './gift-claim.machine.ts';

const OPEN: ClaimInput = { claimed: false, code: null, soldOut: false };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(answer: ApiOutcome<ClaimAnswer> | Error, input: ClaimInput = OPEN) {
  const claim = vi.fn();
  const requestLogin = vi.fn();
  const announce = vi.fn();
  const actor = createActor(
    giftClaimMachine.provide({
      actors: {
        claim: fromPromise<ApiOutcome<ClaimAnswer>>(async () => {
          claim();
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: { requestLogin, announce: (_, params) => announce(params.message) },
    }),
    { input },
  ).start();
  return { actor, claim, requestLogin, announce };
}

describe('gift-claim machine', () => {
  it('starts from what the list said: claimed (with its code), sold out, or open', () => {
    expect(start(new Error('x'), { claimed: true, code: 'ABC', soldOut: false }).actor.getSnapshot().value).toEqual({ claimed: 'quiet' });
    expect(start(new Error('x'), { claimed: false, code: null, soldOut: true }).actor.getSnapshot().value).toBe('soldOut');
    expect(start(new Error('x')).actor.getSnapshot().value).toBe('idle');
  });

  it('asks for login instead of claiming while signed out', () => {
    const { actor, claim, requestLogin } = start({ kind: 'ok', code: 1, msg: '领取成功', data: { code: 'X' } });
    actor.send({ type: 'ui.claim', signedIn: false });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requestLogin).toHaveBeenCalledOnce();
    expect(claim).not.toHaveBeenCalled();
  });

  it('a gift claim ends claimed with its code shown in the sheet; closing and reopening it', async () => {
    const { actor } = start({ kind: 'ok', code: 1, msg: '领取成功', data: { code: 'LW-8F2K' } });
    actor.send({ type: 'ui.claim', signedIn: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ claimed: 'revealed' });
    expect(actor.getSnapshot().context.code).toBe('LW-8F2K');
    actor.send({ type: 'ui.closeCode' });
    expect(actor.getSnapshot().value).toEqual({ claimed: 'quiet' });
    actor.send({ type: 'ui.showCode' });
    expect(actor.getSnapshot().value).toEqual({ claimed: 'revealed' });
  });

  it("a repeat gift claim ('已领取' with the same code) also ends claimed", async () => {
    const { actor } = start({ kind: 'ok', code: 1, msg: '已领取', data: { code: 'SAME' } });
    actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(actor.getSnapshot().matches('claimed')).toBe(true);
    expect(actor.getSnapshot().context.code).toBe('SAME');
  });

  it("a coupon's refusal 'already' (-1, 已领取 not toasted) ends claimed without a code, and says so", async () => {
    const { actor, announce } = start({ kind: 'toast', code: -1, msg: '已领取', data: { reason: 'already' }, show: false });
    actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ claimed: 'quiet' });
    expect(announce).toHaveBeenCalledWith('已领取');
    actor.send({ type: 'ui.showCode' });
    expect(actor.getSnapshot().value).toEqual({ claimed: 'quiet' });
  });

  it('a coupon claim announces the server message', async () => {
    const { actor, announce } = start({ kind: 'ok', code: 1, msg: '领取成功', data: { id: 1, coupon_id: 2 } as ClaimAnswer });
    actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(actor.getSnapshot().matches('claimed')).toBe(true);
    expect(announce).toHaveBeenCalledWith('领取成功');
  });

  it.each([
    ['礼包已领完', 'soldOut'],
    ['已领完', 'soldOut'],
    ['暂无可领取的BT券', 'noBtCoupons'],
  ] as const)("'%s' (reason %s) ends sold out", async (msg, reason) => {
    const { actor } = start({ kind: 'toast', code: -1, msg, data: { reason }, show: true });
    actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(actor.getSnapshot().value).toBe('soldOut');
  });

  it('branches on the declared reason, not the text: a reworded refusal keeps its meaning, a bare text means nothing', async () => {
    const reworded = start({ kind: 'toast', code: -1, msg: '来晚了，礼包被领光了', data: { reason: 'soldOut' }, show: true });
    reworded.actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(reworded.actor.getSnapshot().value).toBe('soldOut');

    const bare = start({ kind: 'toast', code: -1, msg: '已领完', data: null, show: true });
    bare.actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(bare.actor.getSnapshot().value).toBe('failed');
    expect(bare.actor.getSnapshot().context.error).toBe('已领完');
  });

  it('other refusals and network failures end failed with a message, and a retry claims again', async () => {
    const refused = start({ kind: 'toast', code: -1, msg: '礼包已过期', data: { reason: 'expired' }, show: true });
    refused.actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(refused.actor.getSnapshot().value).toBe('failed');
    expect(refused.actor.getSnapshot().context.error).toBe('礼包已过期');
    refused.actor.send({ type: 'ui.claim', signedIn: true });
    expect(refused.claim).toHaveBeenCalledTimes(2);

    const broken = start(new Error('network'));
    broken.actor.send({ type: 'ui.claim', signedIn: true });
    await flush();
    expect(broken.actor.getSnapshot().context.error).toBe('领取失败，请稍后重试');
    broken.actor.send({ type: 'ui.claim', signedIn: false });
    expect(broken.requestLogin).toHaveBeenCalledOnce();
  });
});
