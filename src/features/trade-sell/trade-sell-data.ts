import type { SellableGame, SellableSubAccount, SellPlatform, SellRules } from '../../../api/protocol/calls/trade.ts';
import { TRADE_MAX_PRICE_CENTS, TRADE_MIN_PRICE_CENTS, type FeeRule } from '../../../api/protocol/trade-rules.ts';

/**
 * What the seller's pages share beside the answers (which request() decodes with the calls'
 * declared schemas, api/protocol/calls/trade.ts): the fee rule, where a sub-account sits, whether
 * a price is within the rules.
 */

export type { SellRules };

/** getSellGames' answer. */
export interface SellGames {
  platforms: SellPlatform[];
  rules: SellRules;
}

export const feeRuleOf = (rules: SellRules): FeeRule => ({ rate_bp: rules.fee_rate_bp, min_cents: rules.fee_min_cents });

/** Where a sub-account sits among the platforms (its game and platform), or null. */
export function findSubAccount(games: SellGames, subAccountId: number): { platform: SellPlatform; game: SellableGame; subAccount: SellableSubAccount } | null {
  for (const platform of games.platforms) {
    for (const game of platform.games) {
      const subAccount = game.sub_accounts.find((s) => s.id === subAccountId);
      if (subAccount) return { platform, game, subAccount };
    }
  }
  return null;
}

/** A price the rules accept, for the live fee line (a typed price outside them shows no fee). */
export const priceInRules = (cents: number, rules: SellRules): boolean =>
  cents >= Math.max(rules.min_price_cents, TRADE_MIN_PRICE_CENTS) && cents <= Math.min(rules.max_price_cents, TRADE_MAX_PRICE_CENTS);
