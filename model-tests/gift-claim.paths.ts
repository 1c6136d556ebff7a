import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { giftClaimMachine, type ClaimAnswer, type ClaimContext, type ClaimInput } from '../machines/gift-claim.machine.ts';
import { generateCoveringPaths, pathFromEvents, type MachinePath, type NotOnPaths } from './coverage.ts';

/** The claim machine's model: one path set per way the list found the item. */

export const CLAIM_CALLS = ['claim'] as const;

export const OUTCOMES = {
  giftClaimed: { kind: 'ok', code: 1, msg: '领取成功', data: { code: 'LW-GIFT-1' } },
  giftAgain: { kind: 'ok', code: 1, msg: '已领取', data: { code: 'LW-GIFT-1' } },
  couponClaimed: { kind: 'ok', code: 1, msg: '领取成功', data: null },
  couponAgain: { kind: 'toast', code: -1, msg: '已领取', data: { reason: 'already' }, show: false },
  soldOut: { kind: 'toast', code: -1, msg: '礼包已领完', data: { reason: 'soldOut' }, show: true },
  expiredPack: { kind: 'toast', code: -1, msg: '礼包已过期', data: { reason: 'expired' }, show: true },
  sessionExpired: { kind: 'sessionExpired', code: 104, msg: '登录已过期', toast: '登录已过期，请重新登录' },
} satisfies Record<string, ApiOutcome<ClaimAnswer>>;

export const claimEventTable: readonly AnyEventObject[] = [
  { type: 'ui.claim', signedIn: false },
  { type: 'ui.claim', signedIn: true },
  { type: 'ui.showCode' },
  { type: 'ui.closeCode' },
  ...Object.values(OUTCOMES).map((output) => ({ type: 'xstate.done.actor.claim', output })),
  { type: 'xstate.error.actor.claim', error: new Error('claim failed') },
];

export const CLAIM_INPUTS: readonly ClaimInput[] = [
  { claimed: false, code: null, soldOut: false },
  { claimed: true, code: 'LW-OLD', soldOut: false },
  { claimed: true, code: null, soldOut: false },
  { claimed: false, code: null, soldOut: true },
];

export function serializeClaim(snapshot: AnyMachineSnapshot): string {
  const { code, error } = snapshot.context as ClaimContext;
  return JSON.stringify([snapshot.value, code !== null, error !== null]);
}

/** The start-up choice (claimed / sold out per the list) runs at xstate.init: no path step shows it. */
export const CLAIM_NOT_ON_PATHS: NotOnPaths = {
  'giftClaim.idle always #0': 'start-up choice: already claimed',
  'giftClaim.idle always #1': 'start-up choice: sold out',
};

let paths: Array<{ input: ClaimInput; path: MachinePath }> | undefined;

export function getClaimPaths(): Array<{ input: ClaimInput; path: MachinePath }> {
  paths ??= CLAIM_INPUTS.flatMap((input) => {
    const generated = generateCoveringPaths(giftClaimMachine, { events: claimEventTable, serializeState: serializeClaim, input });
    // A sold-out item takes no event: its path is the start alone.
    return (generated.length > 0 ? generated : [pathFromEvents(giftClaimMachine, [], input)]).map((path) => ({ input, path }));
  });
  return paths;
}

export function describeClaimEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.claim') {
    const output = event.output as ApiOutcome;
    return `server answers ${output.kind} ${output.msg}`;
  }
  if (event.type === 'xstate.error.actor.claim') return 'claim call fails (network)';
  if (event.type === 'ui.claim') return `tap '领取' (${event.signedIn ? 'signed in' : 'signed out'})`;
  if (event.type === 'ui.showCode') return "tap '已领取' to see the code";
  if (event.type === 'ui.closeCode') return 'close the code sheet';
  return event.type;
}
