import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { balanceOf, platform, player, post, type Db, type PostResult } from '../money/ledger.ts';

/**
 * The ledger accounts of the rewards (tasks and points, the coin store, invitation income and
 * withdrawals), in one place so each part moves value the same way:
 *
 * - `points` (player): 积分. Earned from tasks and check-in (from `points_issued`), spent in the
 *   coin store (to `points_redeemed`), expired by the yearly pass (to `points_expired`).
 * - `income` (player, fen): 邀请收益. Credited from `invite_share_expense` when an invitee's top-up
 *   is paid, clawed back to it on refund; withdrawn through `withdrawals_pending`.
 * - `withdrawals_pending` (platform, fen): money a withdrawal request holds until staff pay it out
 *   (to `platform_cash`) or reject it (back to the player's `income` or `wallet`).
 *
 * Every function takes the caller's transaction: the business change (a task claimed, an item's
 * stock taken, a withdrawal row) and its ledger posting commit together, and the posting's
 * reference makes a retry a no-op ({ posted: false }).
 */

export const POINTS = 'points';
export const INCOME = 'income';

export interface PointsMovement {
  /** Unique business reference, e.g. `task:12:2026-11-26:user:7` or `store:redeem:<request id>`. */
  reference: string;
  /** The ledger transaction kind the records show ('task_reward', 'checkin', 'makeup_checkin', 'store_redeem', 'points_expire' …). */
  kind: string;
  /** Positive integer points. */
  amount: number;
  /** The player-facing words of the movement (pointRecord's title). */
  memo: string;
}

/** The player's points balance (0 before their first points). */
export function pointsOf(db: Db, userId: number): Promise<number> {
  return balanceOf(db, player(userId, POINTS));
}

/** Points to the player (a task reward, a check-in). */
export function creditPoints(trx: Transaction<Database>, userId: number, movement: PointsMovement): Promise<PostResult> {
  return post(trx, { reference: movement.reference, kind: movement.kind, memo: movement.memo, transfers: [{ from: platform('points_issued'), to: player(userId, POINTS), amount: movement.amount }] });
}

/** Points from the player (a redemption, a makeup check-in's cost); throws InsufficientFunds when the balance is short. */
export function debitPoints(trx: Transaction<Database>, userId: number, movement: PointsMovement & { to?: 'points_redeemed' | 'points_expired' }): Promise<PostResult> {
  return post(trx, { reference: movement.reference, kind: movement.kind, memo: movement.memo, transfers: [{ from: player(userId, POINTS), to: platform(movement.to ?? 'points_redeemed'), amount: movement.amount }] });
}
