import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MyListing } from '../api/protocol/calls/trade.ts';
import { EDITABLE_LISTING_STATUSES, LISTING_STATUS_TEXT, LISTING_STATUSES, TRADE_MSG, type ListingStatus } from '../api/protocol/trade-rules.ts';
import { listingLifecycleMachine, type ListingLifecycleContext, type ListingOutcome } from '../machines/listing-lifecycle.machine.ts';
import { generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';

/** One listing's lifecycle as the seller sees it: event table, generated paths (one start per status), what each event means outside. */

export const LIFECYCLE_CALLS = ['withdraw', 'resubmit', 'reload'] as const;

export function sampleListing(status: ListingStatus, overrides: Partial<MyListing> = {}): MyListing {
  return {
    id: 11,
    status,
    status_text: LISTING_STATUS_TEXT[status],
    sub_account: { id: 5, name: '小号1', age_days: 10, topup_cents: 5000 },
    game_id: 3,
    platform_game_id: 30,
    game_name: '示例游戏',
    game_icon: '/media/icon.png',
    title: '满级账号出售',
    server_name: '一区',
    role_name: '剑客',
    description: '',
    images: [{ key: 'trade/0123456789abcdef0123456789abcdef.webp', url: '/media/trade/0123456789abcdef0123456789abcdef.webp' }],
    has_second_password: false,
    price_cents: 1000,
    fee_cents: 500,
    net_cents: 500,
    reject_reason: status === 'rejected' ? '截图不清晰' : null,
    created_at: '2026-11-20T02:00:00.000Z',
    submitted_at: null,
    on_sale_at: null,
    expires_at: null,
    sold_at: status === 'sold' ? '2026-11-22T02:00:00.000Z' : null,
    trade_id: status === 'sold' ? 9 : null,
    can_edit: EDITABLE_LISTING_STATUSES.includes(status),
    can_withdraw: status === 'reviewing' || status === 'on_sale',
    ...overrides,
  };
}

export const REQUEST_BASE = 'lltest0000000000';

const ok = (status: ListingStatus, msg = 'success'): ListingOutcome => ({ kind: 'ok', code: 1, msg, data: sampleListing(status) });

export const OUTCOMES = {
  withdrawn: ok('withdrawn', TRADE_MSG.withdrawn),
  reviewing: ok('reviewing', TRADE_MSG.submitted),
  notWithdrawable: { kind: 'toast', code: -1, msg: TRADE_MSG.notWithdrawable, data: null, show: true },
  malformed: { kind: 'ok', code: 1, msg: 'success', data: null },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, ListingOutcome>;

/** What a reload may find: every status. */
export const RELOADS = Object.fromEntries(LISTING_STATUSES.map((status) => [status, ok(status)])) as Record<ListingStatus, ListingOutcome>;

export const lifecycleEventTable: readonly AnyEventObject[] = [
  { type: 'ui.withdraw' },
  { type: 'ui.confirm' },
  { type: 'ui.cancel' },
  { type: 'ui.edit' },
  { type: 'ui.resubmit' },
  { type: 'ui.viewTrade' },
  { type: 'ui.refresh' },
  ...[OUTCOMES.withdrawn, OUTCOMES.notWithdrawable, OUTCOMES.malformed, OUTCOMES.serverError].map((output) => ({ type: 'xstate.done.actor.withdraw', output })),
  { type: 'xstate.error.actor.withdraw', error: new Error('network') },
  ...[OUTCOMES.reviewing, OUTCOMES.notWithdrawable, OUTCOMES.serverError].map((output) => ({ type: 'xstate.done.actor.resubmit', output })),
  { type: 'xstate.error.actor.resubmit', error: new Error('network') },
  ...[...Object.values(RELOADS), OUTCOMES.serverError].map((output) => ({ type: 'xstate.done.actor.reload', output })),
  { type: 'xstate.error.actor.reload', error: new Error('network') },
];

export function serializeLifecycle(snapshot: AnyMachineSnapshot): string {
  const { listing, message } = snapshot.context as ListingLifecycleContext;
  return JSON.stringify([snapshot.value, listing.status, listing.can_edit, listing.can_withdraw, listing.trade_id !== null, message !== null]);
}

/** Starts: a listing of every status, plus one sold without a trade and one on sale that may not be edited. */
export const STARTS: readonly MyListing[] = [
  ...LISTING_STATUSES.map((status) => sampleListing(status)),
  sampleListing('sold', { trade_id: null }),
  sampleListing('on_sale', { can_edit: false, can_withdraw: false }),
];

/** `route` only passes (eventless, to the listing's status at start-up): a snapshot never rests there. */
export const LIFECYCLE_NOT_ON_PATHS: NotOnPaths = {
  'listingLifecycle.route': 'passed through at start-up',
  ...Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`listingLifecycle.route always #${index}`, 'start-up choice by the listing status'])),
};

let paths: MachinePath[] | undefined;

export function getLifecyclePaths(): MachinePath[] {
  paths ??= STARTS.flatMap((listing) =>
    generateCoveringPaths(listingLifecycleMachine, { events: lifecycleEventTable, serializeState: serializeLifecycle, input: { listing, requestBase: REQUEST_BASE } }).map((path) => Object.assign(path, { start: listing })),
  );
  return paths;
}

export function startOf(path: MachinePath): MyListing {
  return (path as MachinePath & { start: MyListing }).start;
}

export function describeLifecycleEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const output = event.output as ListingOutcome;
    const status = output.kind === 'ok' && output.data ? ` (${output.data.status})` : '';
    return `${done[1]} answers ${output.kind}${status} ${output.msg}`.trim();
  }
  const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (error) return `${error[1]} fails (network)`;
  const taps: Record<string, string> = { 'ui.withdraw': "tap '下架'", 'ui.confirm': "confirm '确认下架'", 'ui.cancel': "tap '取消'", 'ui.edit': "tap '编辑'", 'ui.resubmit': "tap '重新提交'", 'ui.viewTrade': "tap '查看交易'", 'ui.refresh': 'refresh' };
  return taps[event.type] ?? event.type;
}
