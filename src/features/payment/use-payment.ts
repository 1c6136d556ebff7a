import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import { paymentMachine, sameAttempt } from '../../../machines/payment.machine.ts';
import type { CreateOrderInput, OrderOutcome, OrderSettledParams, PaymentAttempt } from '../../../machines/payment.types.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { addRechargePending } from '../rating/recharge-pending.ts';
import { orderPollWith, usePageVisibility } from './checkout-poll.ts';
import { clearStoredPayment, newIdempotencyKey, readStoredPayment, writeStoredPayment } from './payment-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** How the page leaves for the cashier: the same-origin sandbox cashier is a page of its own. */
export type OpenCashier = (payUrl: string) => void;

export const openCashierInPage: OpenCashier = (payUrl) => window.location.assign(payUrl);

/**
 * After a paid game top-up: the RechargepingList entry and the rating dialog for it (SPEC §3),
 * offered: it opens over the receipt once the receipt was read, and not on another page.
 * Only for the order this device was paying (the stored attempt names it), so a
 * reload of a result page does not ask again.
 */
export function recordPaidOrder(runtime: Pick<AppRuntime, 'rating'>, storage: Storage, { order, orderNumber }: OrderSettledParams): void {
  const stored = readStoredPayment(storage);
  if (!order || order.kind !== 'game' || !stored || (stored.orderNumber !== null && stored.orderNumber !== orderNumber)) return;
  const entry = {
    game_name: order.game_name ?? '',
    game_id: order.game_id === null ? '' : String(order.game_id),
    platform_game_id: order.platform_game_id === null ? '' : String(order.platform_game_id),
    order_number: order.order_number,
  };
  if (!addRechargePending(storage, entry)) return;
  void runtime.rating.ready.then((rating) => rating.send({ type: 'rating.offer', ...entry }));
}

/**
 * One order's payment through the payment machine: narrow values and intents for /rechargepay.
 * `resumeOrder` (the cashier's return, or a stored open order) starts at confirming.
 */
export function usePayment(resumeOrder: string | null, options: { storage?: Storage; openCashier?: OpenCashier } = {}) {
  const runtime = useRuntime();
  const storage = options.storage ?? window.localStorage;
  const openCashier = options.openCashier ?? openCashierInPage;
  const actor = useFeatureActor(paymentMachine, {
    implementations: {
      actors: {
        createOrder: fromPromise<OrderOutcome, CreateOrderInput>(({ input, signal }) => request(runtime.api, calls.order.createOrder, input, { signal })),
        orderPoll: orderPollWith((input, signal) => request(runtime.api, calls.order.getOneOrder, input, { signal })),
        cancelOrder: fromPromise<OrderOutcome, { order_number: string }>(({ input, signal }) => request(runtime.api, calls.order.cancelOrder, input, { signal })),
      },
      actions: {
        persistAttempt: (_, params) => writeStoredPayment(storage, params),
        clearAttempt: () => clearStoredPayment(storage),
        openCashier: (_, { payUrl }) => openCashier(payUrl),
        showError: (_, { message }) => showToast(message),
        orderPaid: (_, params) => recordPaidOrder(runtime, storage, params),
      },
    },
  });

  useEffect(() => {
    if (resumeOrder) actor.send({ type: 'page.resume', orderNumber: resumeOrder });
  }, [actor, resumeOrder]);

  usePageVisibility(actor);

  const phase = useSelector(actor, (s) => {
    if (s.matches('paid')) return s.matches({ paid: 'delivering' }) ? ('delivering' as const) : ('paid' as const);
    return (typeof s.value === 'string' ? s.value : 'confirming') as 'choosing' | 'creating' | 'createWait' | 'awaitingCashier' | 'confirming' | 'stalled' | 'cancelling' | 'failed' | 'expired' | 'refunded';
  });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const order = useSelector(actor, (s) => s.context.order);
  const error = useSelector(actor, (s) => s.context.error);

  return {
    phase,
    busy,
    order,
    error,
    /** 立即支付: the stored key when this very attempt was tried before (a reload after a failure), else a new one. */
    submit(attempt: PaymentAttempt) {
      const stored = readStoredPayment(storage);
      const key = stored && stored.orderNumber === null && sameAttempt(stored.attempt, attempt) ? stored.key : newIdempotencyKey();
      actor.send({ type: 'ui.pay.submit', attempt, key });
    },
    confirm: () => actor.send({ type: 'ui.pay.confirm' }),
    reopen: () => actor.send({ type: 'ui.pay.reopen' }),
    cancel: () => actor.send({ type: 'ui.pay.cancel' }),
    refresh: () => actor.send({ type: 'ui.refresh' }),
  };
}
