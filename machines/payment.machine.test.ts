import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { classifyResponse } from '../api/outcome.ts';
import type { OrderView } from '../api/protocol/calls/order.ts';
import { MONEY_MSG } from '../api/protocol/money.ts';
import { createDeferredCheckoutActors } from '../model-tests/order-poll.kit.ts';
import { PAYMENT_CONFIRM_TIMEOUT_MS, PAYMENT_CREATE_RETRY_MS, PAYMENT_NETWORK_MESSAGE, PAYMENT_POLL_MS } from './payment.constants.ts';
import { createOrderInput, paymentMachine, sameAttempt } from './payment.machine.ts';
import type { OrderOutcome, PaymentAttempt } from './payment.types.ts';

const ORDER: OrderView = {
  order_number: 'P202611240001',
  kind: 'coins',
  subject: '30乐玩币',
  status: 'created',
  status_text: '待支付',
  amount_cents: 3000,
  coupon_cents: 0,
  pay_cents: 3000,
  bonus_cents: 0,
  pay_method: 'provider',
  pay_url: '/sandbox/cashier?trade=1',
  game_id: null,
  platform_game_id: null,
  game_name: null,
  server_name: null,
  role_name: null,
  card_id: null,
  coupon_name: null,
  created_at: '2026-11-24 12:00:00',
  expires_at: '2026-11-24 12:30:00',
  paid_at: null,
  delivered_at: null,
  closed_at: null,
  fail_reason: null,
};

const ok = (patch: Partial<OrderView> = {}): OrderOutcome => classifyResponse({ code: 1, msg: 'success', data: { ...ORDER, ...patch } });
const refused = (msg: string): OrderOutcome => classifyResponse({ code: -1, msg, data: null });
const NETWORK: OrderOutcome = { kind: 'error', reason: 'network', code: null, msg: '网络异常' };
const ATTEMPT: PaymentAttempt = { draft: { kind: 'coins', amount_cents: 3000 }, user_coupon_id: null, pay_method: 'provider' };
const KEY_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const KEY_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function start() {
  const clock = new SimulatedClock();
  const calls = createDeferredCheckoutActors(paymentMachine, ['createOrder', 'cancelOrder'] as const);
  const effects = {
    persistAttempt: vi.fn(),
    clearAttempt: vi.fn(),
    openCashier: vi.fn<(url: string) => void>(),
    showError: vi.fn<(message: string) => void>(),
    orderPaid: vi.fn(),
  };
  const actor = createActor(
    paymentMachine.provide({
      actors: calls.actors,
      actions: {
        persistAttempt: (_, params) => effects.persistAttempt(params),
        clearAttempt: () => effects.clearAttempt(),
        openCashier: (_, { payUrl }) => effects.openCashier(payUrl),
        showError: (_, { message }) => effects.showError(message),
        orderPaid: (_, params) => effects.orderPaid(params),
      },
    }),
    { clock },
  ).start();
  const advance = (ms: number) => {
    for (let left = ms; left > 0; left -= Math.min(left, 500)) clock.increment(Math.min(left, 500));
  };
  const value = () => actor.getSnapshot().value;
  /** The parent's state with its order poll's (confirming, delivering), null when none runs. */
  const polling = () => {
    const snapshot = actor.getSnapshot();
    const poll = snapshot.children.poll ?? snapshot.children.delivery;
    return [snapshot.value, poll ? poll.getSnapshot().value : null];
  };
  return { actor, calls, effects, advance, value, polling };
}

describe('payment machine', () => {
  it('creates the order with the attempt key, opens the cashier and persists the open order', async () => {
    const { actor, calls, effects, value } = start();
    actor.send({ type: 'ui.pay.submit', attempt: ATTEMPT, key: KEY_A });
    expect(value()).toBe('creating');
    expect(calls.lastInput('createOrder')).toEqual({ idempotency_key: KEY_A, kind: 'coins', amount_cents: 3000, pay_method: 'provider' });
    expect(effects.persistAttempt).toHaveBeenLastCalledWith({ attempt: ATTEMPT, key: KEY_A, orderNumber: null });
    await calls.resolve('createOrder', ok());
    expect(value()).toBe('awaitingCashier');
    expect(effects.openCashier).toHaveBeenCalledWith(ORDER.pay_url);
    expect(effects.persistAttempt).toHaveBeenLastCalledWith({ attempt: ATTEMPT, key: KEY_A, orderNumber: ORDER.order_number });
  });

  it('a retry after a network failure sends the same key; a new attempt after a refusal a new one', async () => {
    const { actor, calls, effects, value } = start();
    actor.send({ type: 'ui.pay.submit', attempt: ATTEMPT, key: KEY_A });
    await calls.resolve('createOrder', NETWORK);
    expect(value()).toBe('choosing');
    expect(effects.showError).toHaveBeenLastCalledWith(PAYMENT_NETWORK_MESSAGE);
    actor.send({ type: 'ui.pay.submit', attempt: structuredClone(ATTEMPT), key: KEY_B });
    expect((calls.lastInput('createOrder') as { idempotency_key: string }).idempotency_key).toBe(KEY_A);
    await calls.reject('createOrder', new Error('offline'));
    actor.send({ type: 'ui.pay.submit', attempt: ATTEMPT, key: KEY_B });
    expect((calls.lastInput('createOrder') as { idempotency_key: string }).idempotency_key).toBe(KEY_A);
    await calls.resolve('createOrder', refused(MONEY_MSG.coinsShort));
    expect(actor.getSnapshot().context.error).toBe(MONEY_MSG.coinsShort);
    expect(effects.showError).toHaveBeenCalledTimes(2);
    expect(effects.clearAttempt).toHaveBeenCalledTimes(1);
    actor.send({ type: 'ui.pay.submit', attempt: ATTEMPT, key: KEY_B });
    expect((calls.lastInput('createOrder') as { idempotency_key: string }).idempotency_key).toBe(KEY_B);
    // Another attempt (other amount) never reuses a key.
    await calls.resolve('createOrder', NETWORK);
    actor.send({ type: 'ui.pay.submit', attempt: { ...ATTEMPT, draft: { kind: 'coins', amount_cents: 600 } }, key: KEY_A });
    expect(calls.lastInput('createOrder')).toMatchObject({ idempotency_key: KEY_A, amount_cents: 600 });
  });

  it('请勿重复提交: waits PAYMENT_CREATE_RETRY_MS and asks again with the same key', async () => {
    const { actor, calls, effects, advance, value } = start();
    actor.send({ type: 'ui.pay.submit', attempt: ATTEMPT, key: KEY_A });
    await calls.resolve('createOrder', refused(MONEY_MSG.inFlight));
    expect(value()).toBe('createWait');
    expect(effects.showError).not.toHaveBeenCalled();
    advance(PAYMENT_CREATE_RETRY_MS - 1);
    expect(value()).toBe('createWait');
    advance(1);
    expect(value()).toBe('creating');
    expect(calls.calls.filter((call) => call.id === 'createOrder').map((call) => (call.input as { idempotency_key: string }).idempotency_key)).toEqual([KEY_A, KEY_A]);
  });

  it('polls getOneOrder every PAYMENT_POLL_MS until paid; one request at a time; stops while hidden', async () => {
    const { actor, calls, effects, advance, value, polling } = start();
    actor.send({ type: 'page.resume', orderNumber: ORDER.order_number });
    expect(polling()).toEqual(['confirming', 'fetching']);
    expect(calls.lastInput('getOneOrder')).toEqual({ order_number: ORDER.order_number });
    await calls.resolve('getOneOrder', ok({ status: 'paying' }));
    expect(polling()).toEqual(['confirming', 'waiting']);
    advance(PAYMENT_POLL_MS - 1);
    expect(calls.isPending('getOneOrder')).toBe(false);
    advance(1);
    expect(calls.isPending('getOneOrder')).toBe(true);
    actor.send({ type: 'page.hidden' });
    await calls.resolve('getOneOrder', ok({ status: 'paying' }));
    expect(polling()).toEqual(['confirming', 'paused']);
    advance(PAYMENT_POLL_MS * 10);
    expect(calls.calls.filter((call) => call.id === 'getOneOrder')).toHaveLength(2);
    actor.send({ type: 'page.visible' });
    expect(polling()).toEqual(['confirming', 'fetching']);
    await calls.resolve('getOneOrder', ok({ status: 'paid', paid_at: '2026-11-24 12:01:00' }));
    expect(value()).toEqual({ paid: 'settled' });
    expect(effects.orderPaid).toHaveBeenCalledTimes(1);
    expect(effects.clearAttempt).toHaveBeenCalledTimes(1);
    expect(effects.orderPaid.mock.invocationCallOrder[0]!).toBeLessThan(effects.clearAttempt.mock.invocationCallOrder[0]!);
  });

  it('a paid game top-up keeps polling until the game acknowledges (已到账) or the delivery is refunded', async () => {
    const { actor, calls, advance, value, polling } = start();
    actor.send({ type: 'page.resume', orderNumber: ORDER.order_number });
    await calls.resolve('getOneOrder', ok({ kind: 'game', status: 'paid' }));
    expect(polling()).toEqual([{ paid: 'delivering' }, 'waiting']);
    advance(PAYMENT_POLL_MS);
    await calls.resolve('getOneOrder', ok({ kind: 'game', status: 'paid' }));
    advance(PAYMENT_POLL_MS);
    await calls.resolve('getOneOrder', ok({ kind: 'game', status: 'delivered' }));
    expect(value()).toEqual({ paid: 'settled' });
    expect(actor.getSnapshot().context.order?.status).toBe('delivered');

    const second = start();
    second.actor.send({ type: 'page.resume', orderNumber: ORDER.order_number });
    await second.calls.resolve('getOneOrder', ok({ kind: 'game', status: 'paid' }));
    second.advance(PAYMENT_POLL_MS);
    await second.calls.resolve('getOneOrder', ok({ kind: 'game', status: 'refunded', fail_reason: MONEY_MSG.deliveryFailed }));
    expect(second.value()).toBe('refunded');
  });

  it('gives up polling after PAYMENT_CONFIRM_TIMEOUT_MS (stalled); 刷新 polls again', async () => {
    const { actor, calls, advance, value, polling } = start();
    actor.send({ type: 'page.resume', orderNumber: ORDER.order_number });
    await calls.resolve('getOneOrder', ok({ status: 'paying' }));
    for (let t = PAYMENT_POLL_MS; t < PAYMENT_CONFIRM_TIMEOUT_MS; t += PAYMENT_POLL_MS) {
      advance(PAYMENT_POLL_MS);
      await calls.resolve('getOneOrder', ok({ status: 'paying' }));
    }
    advance(PAYMENT_POLL_MS);
    expect(value()).toBe('stalled');
    actor.send({ type: 'ui.refresh' });
    expect(polling()).toEqual(['confirming', 'fetching']);
    await calls.resolve('getOneOrder', ok({ status: 'expired' }));
    expect(value()).toBe('expired');
  });

  it('cancel: cancelOrder closes the order (failed); 订单已支付 goes back to confirming with the message', async () => {
    const { actor, calls, effects, value, polling } = start();
    actor.send({ type: 'page.resume', orderNumber: ORDER.order_number });
    await calls.resolve('getOneOrder', ok());
    actor.send({ type: 'ui.pay.cancel' });
    expect(value()).toBe('cancelling');
    await calls.resolve('cancelOrder', refused(MONEY_MSG.orderPaid));
    expect(actor.getSnapshot().context.error).toBe(MONEY_MSG.orderPaid);
    expect(effects.showError).not.toHaveBeenCalled();
    expect(polling()).toEqual(['confirming', 'fetching']);
    await calls.resolve('getOneOrder', ok());
    actor.send({ type: 'ui.pay.cancel' });
    await calls.resolve('cancelOrder', ok({ status: 'failed', fail_reason: MONEY_MSG.cancelled }));
    expect(value()).toBe('failed');
    expect(actor.getSnapshot().context.order?.fail_reason).toBe(MONEY_MSG.cancelled);
  });

  it('an order of nobody (订单不存在) fails at once with the message', async () => {
    const { actor, calls, value } = start();
    actor.send({ type: 'page.resume', orderNumber: 'nope' });
    await calls.resolve('getOneOrder', refused(MONEY_MSG.orderMissing));
    expect(value()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(MONEY_MSG.orderMissing);
  });

  it('paid from 乐玩币 at createOrder: straight to paid, no cashier', async () => {
    const { actor, calls, effects, value } = start();
    actor.send({ type: 'ui.pay.submit', attempt: { ...ATTEMPT, pay_method: 'coins' }, key: KEY_A });
    await calls.resolve('createOrder', ok({ status: 'paid', pay_url: null, pay_method: 'coins' }));
    expect(value()).toEqual({ paid: 'settled' });
    expect(effects.openCashier).not.toHaveBeenCalled();
  });

  it('back from the cashier without a reload (page visible) confirms; 继续支付 opens the cashier again', async () => {
    const { actor, calls, effects, value, polling } = start();
    actor.send({ type: 'ui.pay.submit', attempt: ATTEMPT, key: KEY_A });
    await calls.resolve('createOrder', ok());
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'page.visible' });
    expect(polling()).toEqual(['confirming', 'fetching']);
    await calls.resolve('getOneOrder', ok());
    actor.send({ type: 'ui.pay.reopen' });
    expect(value()).toBe('awaitingCashier');
    expect(effects.openCashier).toHaveBeenCalledTimes(2);
  });
});

describe('attempts and createOrder payloads', () => {
  const drafts = fc.oneof(
    fc.record({ kind: fc.constant('coins' as const), amount_cents: fc.integer({ min: 1, max: 5000 }).map((y) => y * 100) }),
    fc.record({
      kind: fc.constant('game' as const),
      amount_cents: fc.integer({ min: 1, max: 5000 }).map((y) => y * 100),
      role_id: fc.integer({ min: 1, max: 1e6 }),
      platform_game_id: fc.integer({ min: 1, max: 1e6 }),
      game_name: fc.string({ maxLength: 8 }),
    }),
    fc.record({ kind: fc.constant('card' as const), card_id: fc.integer({ min: 1, max: 100 }) }),
  );
  const attempts = fc.record({ draft: drafts, user_coupon_id: fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: null }), pay_method: fc.constantFrom('provider' as const, 'coins' as const, 'wallet' as const) });

  it('an attempt equals its copy with keys in another order; the payload names only what its kind takes', () => {
    fc.assert(
      fc.property(attempts, (attempt) => {
        const shuffled = { ...attempt, draft: Object.fromEntries(Object.entries(attempt.draft).reverse()) as unknown as PaymentAttempt['draft'] };
        expect(sameAttempt(attempt, shuffled)).toBe(true);
        const payload = createOrderInput(attempt, KEY_A);
        expect(payload.idempotency_key).toBe(KEY_A);
        if (attempt.draft.kind === 'card') expect(payload.amount_cents).toBeUndefined();
        else expect(payload.amount_cents).toBe(attempt.draft.amount_cents);
        expect('role_id' in payload).toBe(attempt.draft.kind === 'game');
        expect('user_coupon_id' in payload).toBe(attempt.user_coupon_id !== null);
      }),
    );
  });

  it('attempts differing in coupon or pay method are different requests', () => {
    fc.assert(
      fc.property(attempts, (attempt) => {
        expect(sameAttempt(attempt, { ...attempt, pay_method: attempt.pay_method === 'coins' ? 'wallet' : 'coins' })).toBe(false);
        expect(sameAttempt(attempt, { ...attempt, user_coupon_id: (attempt.user_coupon_id ?? 0) + 1 })).toBe(false);
      }),
    );
  });
});
