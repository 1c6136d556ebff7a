/**
 * The arithmetic of invitation income, pure so property tests can hold it:
 * the share of a top-up, how a share meets an earlier clawback's debt, and how a clawback meets
 * a balance that may already have been withdrawn. All amounts are integer fen.
 *
 * Invariant (server/invite/shares.property.test.ts): over any sequence of shares and clawbacks,
 * what the inviter received (credited − taken back) minus the debt equals what they are entitled
 * to (the shares not clawed back), the debt never goes below zero and a clawback never takes more
 * than the balance.
 */

export const BASIS_POINTS = 10_000;

/** The share of a paid amount, rounded down to the fen. */
export function shareOf(baseCents: number, shareBp: number): number {
  if (!Number.isSafeInteger(baseCents) || baseCents <= 0 || !Number.isInteger(shareBp) || shareBp <= 0) return 0;
  // Integer arithmetic: base ≤ 2^31 and bp ≤ 10^4 stay far below 2^53.
  return Math.floor((baseCents * shareBp) / BASIS_POINTS);
}

/** A new share against the inviter's debt: the debt is netted first, the rest credited. */
export function applyShare(debtCents: number, amountCents: number): { credited: number; netted: number; debt: number } {
  const netted = Math.min(debtCents, amountCents);
  return { credited: amountCents - netted, netted, debt: debtCents - netted };
}

/**
 * A refund's clawback of a whole share: taken from the income balance as far as it goes (the
 * ledger never goes below zero — the inviter may have withdrawn it), the rest carried as debt.
 */
export function applyClawback(balanceCents: number, debtCents: number, amountCents: number): { taken: number; debt: number } {
  const taken = Math.min(Math.max(balanceCents, 0), amountCents);
  return { taken, debt: debtCents + (amountCents - taken) };
}

/** '5%' / '2.5%' for a number of basis points. */
export function percentText(shareBp: number): string {
  return `${(shareBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}
