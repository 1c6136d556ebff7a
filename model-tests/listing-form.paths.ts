import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DEFAULT_FEE_RULE, TRADE_MAX_PRICE_CENTS, TRADE_MIN_PRICE_CENTS, TRADE_MSG } from '../api/protocol/trade-rules.ts';
import { listingFormMachine } from '../machines/listing-form.machine.ts';
import type { ListingFormContext, ListingFormInput, LoadOutcome, SubmitOutcome } from '../machines/listing-form.types.ts';
import { generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';
import { sampleListing } from './listing-lifecycle.paths.ts';

/** The listing form's model: two starts (new, edit), the event table, generated paths, and what each event means outside. */

export const LISTING_FORM_CALLS = ['load', 'submit', 'saveDraft'] as const;

const RULES = { ...DEFAULT_FEE_RULE, min_price_cents: TRADE_MIN_PRICE_CENTS, max_price_cents: TRADE_MAX_PRICE_CENTS };
export const NEW_INPUT: ListingFormInput = { requestBase: 'lftest0000000000', rules: RULES, subAccountId: 5, prefill: { server_name: '一区', role_name: '剑客' }, listingId: null };
export const EDIT_INPUT: ListingFormInput = { requestBase: 'lftest0000000000', rules: RULES, subAccountId: null, listingId: 11 };

export const SCREENSHOT = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
export const KEY = 'trade/0123456789abcdef0123456789abcdef.webp';

export const LOADS = {
  editable: { kind: 'ok', code: 1, msg: 'success', data: sampleListing('rejected', { has_second_password: true }) },
  sold: { kind: 'ok', code: 1, msg: 'success', data: sampleListing('sold') },
  missing: { kind: 'toast', code: -1, msg: TRADE_MSG.listingMissing, data: null, show: true },
  malformed: { kind: 'ok', code: 1, msg: 'success', data: null },
} satisfies Record<string, LoadOutcome>;

export const OUTCOMES = {
  submitted: { kind: 'ok', code: 1, msg: TRADE_MSG.submitted, data: { listing: sampleListing('reviewing'), created: true } },
  saved: { kind: 'ok', code: 1, msg: TRADE_MSG.saved, data: { listing: sampleListing('draft') } },
  refused: { kind: 'toast', code: -1, msg: TRADE_MSG.alreadyListed, data: null, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, SubmitOutcome>;

export const listingFormEventTable: readonly AnyEventObject[] = [
  { type: 'ui.field', field: 'title', value: '满级账号低价出售' },
  { type: 'ui.field', field: 'price', value: '100' },
  { type: 'ui.field', field: 'price', value: '1' },
  { type: 'ui.password', mode: 'set', value: 'abcd1234' },
  { type: 'ui.password', mode: 'none', value: '' },
  { type: 'ui.image.add', files: [SCREENSHOT] },
  { type: 'ui.image.add', files: Array.from({ length: 9 }, () => SCREENSHOT) },
  { type: 'ui.image.remove', id: 1 },
  { type: 'ui.image.retry', id: 1 },
  { type: 'ui.image.move', id: 2, by: -1 },
  { type: 'upload.progress', id: 1, percent: 40 },
  { type: 'upload.done', id: 1, key: KEY, url: `/media/${KEY}` },
  { type: 'upload.failed', id: 1, message: '上传失败' },
  { type: 'ui.submit' },
  { type: 'ui.confirm' },
  { type: 'ui.cancel' },
  { type: 'ui.saveDraft' },
  { type: 'ui.retry' },
  { type: 'ui.edit' },
  { type: 'ui.reload' },
  ...Object.values(LOADS).map((output) => ({ type: 'xstate.done.actor.load', output })),
  { type: 'xstate.error.actor.load', error: new Error('network') },
  ...[OUTCOMES.submitted, OUTCOMES.refused, OUTCOMES.serverError].map((output) => ({ type: 'xstate.done.actor.submit', output })),
  { type: 'xstate.error.actor.submit', error: new Error('network') },
  ...[OUTCOMES.saved, OUTCOMES.refused].map((output) => ({ type: 'xstate.done.actor.saveDraft', output })),
  { type: 'xstate.error.actor.saveDraft', error: new Error('network') },
];

/** The state and what guards and the view read, coarsened so the graph stays small: the first two screenshots' stages and the count (0, 1, 2, 3+, full). */
export function serializeListingForm(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as ListingFormContext;
  const n = c.images.length;
  return JSON.stringify([
    snapshot.value,
    c.fields.title !== '',
    c.fields.price,
    c.passwordMode,
    c.images.slice(0, 2).map((image) => image.stage),
    n >= 9 ? 'full' : Math.min(n, 3),
    Object.keys(c.errors).sort(),
    c.message !== null,
    c.listingId !== null,
  ]);
}

/** An edit passes editing to loading at xstate.init (eventless): no path step shows it. */
export const LISTING_FORM_NOT_ON_PATHS: NotOnPaths = { 'listingForm.editing always #0': 'an edit loads its listing at start-up' };

let paths: MachinePath[] | undefined;

export function getListingFormPaths(): MachinePath[] {
  paths ??= [NEW_INPUT, EDIT_INPUT].flatMap((input) =>
    generateCoveringPaths(listingFormMachine, { events: listingFormEventTable, serializeState: serializeListingForm, input }).map((path) => Object.assign(path, { input })),
  );
  return paths;
}

export const inputOf = (path: MachinePath): ListingFormInput => (path as MachinePath & { input: ListingFormInput }).input;

export function describeListingFormEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  if (done) {
    const output = event.output as SubmitOutcome;
    return `${done[1]} answers ${output.kind} ${output.msg}`.trim();
  }
  const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
  if (error) return `${error[1]} fails (network)`;
  if (event.type === 'ui.field') return `type ${String(event.field)} '${String(event.value)}'`;
  if (event.type === 'ui.password') return `二级密码 ${String(event.mode)}`;
  if (event.type === 'ui.image.add') return `pick ${(event.files as Blob[]).length} screenshot(s)`;
  if (event.type.startsWith('ui.image.') || event.type.startsWith('upload.')) return `${event.type} #${String(event.id)}`;
  const taps: Record<string, string> = { 'ui.submit': "tap '提交审核'", 'ui.confirm': "confirm '确认提交'", 'ui.cancel': "tap '返回修改'", 'ui.saveDraft': "tap '保存草稿'", 'ui.retry': "tap '重试'", 'ui.edit': 'edit the form', 'ui.reload': "tap '重新加载'" };
  return taps[event.type] ?? event.type;
}
