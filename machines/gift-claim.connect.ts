import type { SnapshotFrom } from 'xstate';
import type { ClaimInput, GiftClaimEvent, giftClaimMachine } from './gift-claim.machine.ts';

/**
 * One claimable item's view model (zag's `connect(snapshot, send)`; ARCHITECTURE style rule 6):
 * the button's status, words and whether it takes a press, the code and its sheet, and the intents.
 * With the rules the list rows apply around a claim (what the list said before the machine runs,
 * the count after this page's own claim, the words of an item that is not claimed from here), so
 * the views hold no rule of their own. Pure: the same snapshot gives an equal view model, and the
 * intents of one `send` are the same functions every time, so the view's one selector compares
 * the result shallowly.
 */

export type GiftClaimSnapshot = SnapshotFrom<typeof giftClaimMachine>;
type Send = (event: GiftClaimEvent) => void;

export type ClaimStatus = 'idle' | 'claiming' | 'claimed' | 'soldOut' | 'failed';

/** Button words per status, for each kind of claim. */
export const CLAIM_LABELS = {
  gift: { idle: '领取', claiming: '领取中', claimed: '已领取', soldOut: '已领完', failed: '领取' },
  coupon: { idle: '领取', claiming: '领取中', claimed: '已领取', soldOut: '已领完', failed: '领取' },
  btCoupons: { idle: '一键领取', claiming: '领取中', claimed: '已领取', soldOut: '已领完', failed: '一键领取' },
  reserve: { idle: '预约', claiming: '预约中', claimed: '已预约', soldOut: '已预约', failed: '预约' },
} satisfies Record<string, Record<ClaimStatus, string>>;

export type ClaimKind = keyof typeof CLAIM_LABELS;

/** What a list says of one item, enough to start its claim. */
export interface ListedItem {
  /** Claimed by this player before the page opened. */
  claimed: boolean;
  /** The code the player holds (gift packs), null for items without one. */
  code?: string | null;
  remaining: number;
  /** Past its validity (gift packs): as closed as sold out. */
  expired?: boolean;
}

/** The machine's input from the list: an item the player does not hold is closed when none is left or it expired. */
export function claimInputOf(item: ListedItem): ClaimInput {
  return { claimed: item.claimed, code: item.claimed ? (item.code ?? null) : null, soldOut: !item.claimed && (item.remaining === 0 || item.expired === true) };
}

/**
 * The count to show: the list was read before this page's claim, so the code that claim took
 * comes off it (an item claimed before the page opened is already counted).
 */
export function remainingAfterClaim(item: Pick<ListedItem, 'claimed' | 'remaining'>, status: ClaimStatus): number {
  return Math.max(0, item.remaining - (status === 'claimed' && !item.claimed ? 1 : 0));
}

/** The state words of an item shown without its own claim button (a BT coupon, claimed all at once). */
export function listedClaimState(item: Pick<ListedItem, 'claimed' | 'remaining'>): { tone: 'settled' | 'soldOut' | null; label: string } {
  if (item.claimed) return { tone: 'settled', label: '已领取' };
  if (item.remaining === 0) return { tone: 'soldOut', label: '已领完' };
  return { tone: null, label: '可领取' };
}

function createIntents(send: Send, signedIn: boolean) {
  return {
    claim: () => send({ type: 'ui.claim', signedIn }),
    showCode: () => send({ type: 'ui.showCode' }),
    closeCode: () => send({ type: 'ui.closeCode' }),
  };
}

const intentsBySend = new WeakMap<Send, { in: ReturnType<typeof createIntents>; out: ReturnType<typeof createIntents> }>();

function intentsOf(send: Send, signedIn: boolean) {
  let intents = intentsBySend.get(send);
  if (!intents) intentsBySend.set(send, (intents = { in: createIntents(send, true), out: createIntents(send, false) }));
  return signedIn ? intents.in : intents.out;
}

export function connectGiftClaim(snapshot: GiftClaimSnapshot, send: Send, kind: ClaimKind, signedIn: boolean) {
  const status: ClaimStatus = snapshot.matches('claimed') ? 'claimed' : (snapshot.value as Exclude<ClaimStatus, 'claimed'>);
  const { code, error } = snapshot.context;
  const intents = intentsOf(send, signedIn);
  return {
    status,
    label: CLAIM_LABELS[kind][status],
    /** Claimed without a code to show again, sold out, or on its way: nothing to press. */
    disabled: status === 'claiming' || status === 'soldOut' || (status === 'claimed' && code === null),
    code,
    sheetOpen: snapshot.matches({ claimed: 'revealed' }),
    error,
    /** The button: shows the held code again, else claims. */
    press: code === null ? intents.claim : intents.showCode,
    ...intents,
  };
}

export type GiftClaimView = ReturnType<typeof connectGiftClaim>;
