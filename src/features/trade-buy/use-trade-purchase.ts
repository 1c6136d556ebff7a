import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import type { TradePayMethod } from '../../../api/protocol/trade-rules.ts';
import { tradePurchaseMachine } from '../../../machines/trade-purchase.machine.ts';
import type { BuyListingInput, OrderParams, TradeOrderOutcome } from '../../../machines/trade-purchase.types.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { orderPollWith, usePageVisibility } from '../payment/checkout-poll.ts';
import { newIdempotencyKey } from '../payment/payment-data.ts';
import { openCashier as openCashierInPage } from './cashier.ts';
import { markSentToCashier, readTradeOrder, rememberTradeOrder } from './trade-storage.ts';
import * as orderCalls from '../../../api/protocol/calls/order.ts';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;


export type TradePurchasePhase =
  | 'idle'
  | 'confirming'
  | 'creating'
  | 'createWait'
  | 'loading'
  | 'loadFailed'
  | 'awaitingPayment'
  | 'checking'
  | 'stalled'
  | 'cancelling'
  | 'paid'
  | 'expired'
  | 'cancelled'
  | 'failed';

export interface TradePurchaseOptions {
  /** /wantpay: the listing bought. */
  listingId?: number;
  /** /orderpay: the order followed. */
  resumeOrder?: string | null;
  storage?: Storage;
  openCashier?: (payUrl: string) => void;
  onCreated?: (params: OrderParams) => void;
  onPaid?: (params: OrderParams) => void;
}

/** One purchase through the trade-purchase machine: narrow values and intents for /wantpay and /orderpay. */
export function useTradePurchase({ listingId = 0, resumeOrder = null, storage = window.localStorage, openCashier, onCreated, onPaid }: TradePurchaseOptions) {
  const runtime = useRuntime();
  // The callbacks are read when the actions run: the newest ones the page gave.
  const actor = useFeatureActor(tradePurchaseMachine, {
    input: { listingId },
    implementations: {
      actors: {
        // The declarations: request() decodes each order with OrderView (an unusable one is the bad-response error).
        buyListing: fromPromise<TradeOrderOutcome, BuyListingInput>(({ input, signal }) => request(runtime.api, tradeCalls.buyListing, input, { signal })),
        getOneOrder: fromPromise<TradeOrderOutcome, { order_number: string }>(({ input, signal }) => request(runtime.api, orderCalls.getOneOrder, input, { signal })),
        orderPoll: orderPollWith((input, signal) => request(runtime.api, orderCalls.getOneOrder, input, { signal })),
        cancelOrder: fromPromise<TradeOrderOutcome, { order_number: string }>(({ input, signal }) => request(runtime.api, orderCalls.cancelOrder, input, { signal })),
      },
      actions: {
        orderCreated: ({ context }, params) => {
          rememberTradeOrder(storage, { order_number: params.order.order_number, listing_id: context.listingId, cashier: false });
          onCreated?.(params);
        },
        orderPaid: (_, params) => onPaid?.(params),
        openCashier: ({ context }, { payUrl }) => {
          if (context.orderNumber) markSentToCashier(storage, context.orderNumber);
          (openCashier ?? openCashierInPage)(payUrl);
        },
        showError: (_, { message }) => showToast(message),
      },
    },
  });

  useEffect(() => {
    if (resumeOrder) actor.send({ type: 'page.resume', orderNumber: resumeOrder, returned: readTradeOrder(storage, resumeOrder)?.cashier === true });
  }, [actor, resumeOrder, storage]);

  usePageVisibility(actor);

  const phase = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!) as TradePurchasePhase);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const order = useSelector(actor, (s) => s.context.order);
  const error = useSelector(actor, (s) => s.context.error);
  const payMethod = useSelector(actor, (s) => s.context.payMethod);

  return {
    phase,
    busy,
    order,
    error,
    payMethod,
    open: () => actor.send({ type: 'ui.buy.open' }),
    close: () => actor.send({ type: 'ui.buy.close' }),
    choose: (method: TradePayMethod) => actor.send({ type: 'ui.method.choose', method }),
    /** 确认购买: a new key (the machine keeps the one of an unanswered earlier try). */
    submit: () => actor.send({ type: 'ui.buy.submit', key: newIdempotencyKey() }),
    pay: () => actor.send({ type: 'ui.pay.open' }),
    cancel: () => actor.send({ type: 'ui.pay.cancel' }),
    refresh: () => actor.send({ type: 'ui.refresh' }),
    retry: () => actor.send({ type: 'ui.retry' }),
    countdownOver: () => actor.send({ type: 'clock.expired' }),
  };
}

export type TradePurchase = ReturnType<typeof useTradePurchase>;
