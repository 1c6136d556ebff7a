import { RATING_MSG, subEvaluate } from '../../api/protocol/calls/rating.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';

export { RATING_MSG, SCORE_MAX, SCORE_MIN } from '../../api/protocol/calls/rating.ts';

export const ratingCalls = defineCalls(
  // SPEC §7 subEvaluate: game_id, platform_game_id, order_id (the order number), score.
  handle(subEvaluate, async ({ db, input, user, now }) => {
    // Another user's order answers like a missing one: order numbers are not an oracle.
    const order = await db
      .selectFrom('orders')
      .select(['id', 'game_id', 'platform_game_id'])
      .where('order_number', '=', input.order_id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!order) return refuse(RATING_MSG.noOrder);
    // Only a game top-up is rated (coins and card orders have no game).
    if (order.game_id === null || order.platform_game_id === null || input.game_id !== order.game_id || input.platform_game_id !== order.platform_game_id) return refuse(RATING_MSG.gameMismatch);
    // The unique order_id settles a race between two submissions: the second inserts nothing.
    const inserted = await db
      .insertInto('evaluations')
      .values({ user_id: user.id, order_id: order.id, game_id: order.game_id, platform_game_id: order.platform_game_id, score: input.score, created_at: now })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return refuse(RATING_MSG.alreadyRated);
    return ok(null, RATING_MSG.rated);
  }),
);
