import { assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { MyListing } from '../api/protocol/calls/trade.ts';
import { EDITABLE_LISTING_STATUSES, type ListingStatus } from '../api/protocol/trade-rules.ts';
import type { ListingPayload } from './listing-form.types.ts';

/**
 * One listing as its seller sees it on /sellaccount: a state per listing status
 * (草稿 审核中 出售中 交易中 已售出 审核未通过 已下架 已过期) and the seller's actions. 下架 asks
 * first (confirmingWithdraw → withdrawing); 重新提交 sends the stored listing back to review
 * (resubmitting, request_id kept for a retry of the same tap); 刷新 reloads it (refreshing). Every
 * answer lands in `route`, which picks the state of the listing's (new) status; a refusal keeps its
 * reason and reloads, since a refusal means the status moved under the seller. 编辑 and 查看交易
 * leave the page (openEditor, openTrade: the app's navigation).
 */

export const LISTING_LIFECYCLE_MESSAGES = {
  failed: '网络异常，请稍后重试',
} as const;

export interface ListingLifecycleInput {
  listing: MyListing;
  /** A random prefix for resubmit request ids; the machine appends a serial. */
  requestBase: string;
}

export interface ListingLifecycleContext {
  listing: MyListing;
  requestBase: string;
  serial: number;
  message: string | null;
}

export type ListingOutcome = ApiOutcome<MyListing | null>;

export type ListingLifecycleEvent =
  | { type: 'ui.withdraw' }
  | { type: 'ui.confirm' }
  | { type: 'ui.cancel' }
  | { type: 'ui.edit' }
  | { type: 'ui.resubmit' }
  | { type: 'ui.viewTrade' }
  | { type: 'ui.refresh' }
  | { type: 'ui.dismiss' };

/** The statuses 重新提交 is offered in: the listing as stored goes back to review. */
export const RESUBMITTABLE_STATUSES: readonly ListingStatus[] = ['rejected', 'withdrawn', 'expired'];

/** submitListing's fields for the stored listing (the password kept). */
export function resubmitPayload(listing: MyListing): ListingPayload {
  return {
    listing_id: listing.id,
    sub_account_id: listing.sub_account.id,
    title: listing.title,
    server_name: listing.server_name,
    role_name: listing.role_name,
    description: listing.description,
    images: listing.images.map((image) => image.key),
    second_password_mode: 'keep',
    price_cents: listing.price_cents,
  };
}

const outcomeListing = (outcome: ListingOutcome): MyListing | null => (outcome.kind === 'ok' ? outcome.data : null);
const outcomeMessage = (outcome: ListingOutcome): string => ('msg' in outcome && outcome.msg ? outcome.msg : LISTING_LIFECYCLE_MESSAGES.failed);

const refresh = { 'ui.refresh': { target: '#listingLifecycle.refreshing' } } as const;
const edit = { 'ui.edit': { guard: 'editable', actions: 'openEditor' } } as const;
const resubmit = { 'ui.resubmit': { target: '#listingLifecycle.resubmitting', actions: 'clearMessage' } } as const;
const withdraw = { 'ui.withdraw': { guard: 'withdrawable', target: '#listingLifecycle.confirmingWithdraw', actions: 'clearMessage' } } as const;

export const listingLifecycleMachine = setup({
  types: {
    context: {} as ListingLifecycleContext,
    events: {} as ListingLifecycleEvent,
    input: {} as ListingLifecycleInput,
    tags: {} as 'busy',
  },
  actors: {
    withdraw: fromPromise<ListingOutcome, { listingId: number }>(async () => {
      throw new Error('listingLifecycle: provide the withdraw actor');
    }),
    resubmit: fromPromise<ListingOutcome, { payload: ListingPayload; requestId: string }>(async () => {
      throw new Error('listingLifecycle: provide the resubmit actor');
    }),
    reload: fromPromise<ListingOutcome, { listingId: number }>(async () => {
      throw new Error('listingLifecycle: provide the reload actor');
    }),
  },
  actions: {
    /** Provided by the app: /sellaccountedit { listing_id }. */
    openEditor: () => {},
    /** Provided by the app: /tradingsuccess { trade_id }. */
    openTrade: () => {},
    /** Provided by the app: a toast of what the server said, on success. */
    notify: (_, _params: { message: string }) => {},
    store: assign((_, params: { listing: MyListing | null }) => (params.listing ? { listing: params.listing } : {})),
    showMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    clearMessage: assign({ message: null }),
    renewRequestId: assign(({ context }) => ({ serial: context.serial + 1 })),
  },
  guards: {
    is: ({ context }, params: { status: ListingStatus }) => context.listing.status === params.status,
    editable: ({ context }) => context.listing.can_edit && EDITABLE_LISTING_STATUSES.includes(context.listing.status),
    withdrawable: ({ context }) => context.listing.can_withdraw,
    hasTrade: ({ context }) => context.listing.trade_id !== null,
    answered: (_, params: { outcome: ListingOutcome }) => params.outcome.kind === 'ok' && params.outcome.data !== null,
    refused: (_, params: { outcome: ListingOutcome }) => params.outcome.kind === 'toast',
  },
}).createMachine({
  id: 'listingLifecycle',
  context: ({ input }) => ({ listing: input.listing, requestBase: input.requestBase, serial: 1, message: null }),
  initial: 'route',
  states: {
    route: {
      always: [
        { guard: { type: 'is', params: { status: 'draft' } }, target: 'draft' },
        { guard: { type: 'is', params: { status: 'reviewing' } }, target: 'reviewing' },
        { guard: { type: 'is', params: { status: 'on_sale' } }, target: 'on_sale' },
        { guard: { type: 'is', params: { status: 'reserved' } }, target: 'reserved' },
        { guard: { type: 'is', params: { status: 'sold' } }, target: 'sold' },
        { guard: { type: 'is', params: { status: 'rejected' } }, target: 'rejected' },
        { guard: { type: 'is', params: { status: 'withdrawn' } }, target: 'withdrawn' },
        { target: 'expired' },
      ],
    },
    draft: { on: { ...edit, ...refresh } },
    reviewing: { on: { ...withdraw, ...refresh } },
    on_sale: { on: { ...edit, ...withdraw, ...refresh } },
    reserved: { on: { ...refresh } },
    sold: { on: { 'ui.viewTrade': { guard: 'hasTrade', actions: 'openTrade' }, ...refresh } },
    rejected: { on: { ...edit, ...resubmit, ...refresh } },
    withdrawn: { on: { ...edit, ...resubmit, ...refresh } },
    expired: { on: { ...edit, ...resubmit, ...refresh } },
    confirmingWithdraw: {
      on: { 'ui.confirm': { target: 'withdrawing' }, 'ui.cancel': { target: 'route' } },
    },
    withdrawing: {
      tags: ['busy'],
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({ listingId: context.listing.id }),
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ outcome: event.output }) },
            target: 'route',
            actions: [{ type: 'store', params: ({ event }) => ({ listing: outcomeListing(event.output) }) }, { type: 'notify', params: ({ event }) => ({ message: event.output.msg }) }],
          },
          // Refused: the status moved (sold, reserved, reviewed); show why and reload it.
          { guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) }, target: 'refreshing', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) } },
          { target: 'route', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) } },
        ],
        onError: { target: 'route', actions: { type: 'showMessage', params: { message: LISTING_LIFECYCLE_MESSAGES.failed } } },
      },
    },
    resubmitting: {
      tags: ['busy'],
      invoke: {
        id: 'resubmit',
        src: 'resubmit',
        input: ({ context }) => ({ payload: resubmitPayload(context.listing), requestId: `${context.requestBase}-${context.serial}` }),
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ outcome: event.output }) },
            target: 'route',
            actions: [{ type: 'store', params: ({ event }) => ({ listing: outcomeListing(event.output) }) }, 'renewRequestId', { type: 'notify', params: ({ event }) => ({ message: event.output.msg }) }],
          },
          { guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) }, target: 'refreshing', actions: [{ type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) }, 'renewRequestId'] },
          // No answer: the same request_id goes with the next tap.
          { target: 'route', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) } },
        ],
        onError: { target: 'route', actions: { type: 'showMessage', params: { message: LISTING_LIFECYCLE_MESSAGES.failed } } },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'reload',
        src: 'reload',
        input: ({ context }) => ({ listingId: context.listing.id }),
        onDone: [
          { guard: { type: 'answered', params: ({ event }) => ({ outcome: event.output }) }, target: 'route', actions: { type: 'store', params: ({ event }) => ({ listing: outcomeListing(event.output) }) } },
          { target: 'route', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) } },
        ],
        onError: { target: 'route', actions: { type: 'showMessage', params: { message: LISTING_LIFECYCLE_MESSAGES.failed } } },
      },
    },
  },
});
