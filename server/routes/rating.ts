import { defineCalls, ok, refuse } from '../calls.ts';

/** SPEC §3 "Rating" and §9 "Star score 1-5". */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

export const RATING_MSG = {
  badScore: '评分范围为1-5星',
  noOrder: '订单不存在',
  gameMismatch: '订单与游戏信息不符',
  alreadyRated: '该订单已评价',
  rated: '评价成功',
} as const;

/** Ids arrive as JSON numbers or digit strings (storage round trips turn them into either). */
function idOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** A star count is a JSON integer: 0, 6, 2.5 and the string '3' are all refused. */
function scoreOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= SCORE_MIN && value <= SCORE_MAX ? value : null;
}

export const ratingCalls = defineCalls({
  // SPEC §7 subEvaluate: game_id, platform_game_id, order_id (the order number), score.
  path: '/api/user/subEvaluate',
  auth: 'required',
  async handler({ db, fields, user, now }) {
    const score = scoreOf(fields.score);
    if (score === null) return refuse(RATING_MSG.badScore);
    const orderNumber = typeof fields.order_id === 'string' || typeof fields.order_id === 'number' ? String(fields.order_id).trim() : '';
    // Another user's order answers like a missing one: order numbers are not an oracle.
    const order = orderNumber
      ? await db
          .selectFrom('orders')
          .select(['id', 'game_id', 'platform_game_id'])
          .where('order_number', '=', orderNumber)
          .where('user_id', '=', user!.id)
          .executeTakeFirst()
      : undefined;
    if (!order) return refuse(RATING_MSG.noOrder);
    if (idOf(fields.game_id) !== order.game_id || idOf(fields.platform_game_id) !== order.platform_game_id) {
      return refuse(RATING_MSG.gameMismatch);
    }
    // The unique order_id settles a race between two submissions: the second inserts nothing.
    const inserted = await db
      .insertInto('evaluations')
      .values({ user_id: user!.id, order_id: order.id, game_id: order.game_id, platform_game_id: order.platform_game_id, score, created_at: now })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return refuse(RATING_MSG.alreadyRated);
    return ok(null, RATING_MSG.rated);
  },
});
