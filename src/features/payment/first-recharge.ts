import type { FirstRechargeOffer } from '../../../api/protocol/calls/wallet.ts';

/** The first recharge's extra 乐玩币 on an amount: bonus_pct of it, at most max_bonus_cents (whole fen, rounded down). */
export function bonusCents(offer: Pick<FirstRechargeOffer, 'bonus_pct' | 'max_bonus_cents'>, amountCents: number): number {
  if (!(offer.bonus_pct > 0) || !(amountCents > 0)) return 0;
  return Math.max(0, Math.min(Math.floor((amountCents * offer.bonus_pct) / 100), offer.max_bonus_cents));
}
