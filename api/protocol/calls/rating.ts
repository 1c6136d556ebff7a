import { answer, defineCall, field, positiveInt, textOf, NULL_ANSWER } from '../call-spec.ts';

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

function gameIdOf(name: string) {
  return field<number | string, number | null>({ type: 'id', required: true, rule: `须与订单的 ${name} 一致`, message: RATING_MSG.gameMismatch }, (value) => ({ ok: true, value: positiveInt(value) ?? null }));
}

export const subEvaluate = defineCall({
  path: '/api/user/subEvaluate',
  auth: 'required',
  summary: '评价一笔自己的充值订单（SPEC §3 Rating）',
  fields: {
    // A star count is a JSON integer: 0, 6, 2.5 and the string '3' are all refused.
    score: field<number, number>({ type: 'int', required: true, rule: `${SCORE_MIN}–${SCORE_MAX}`, message: RATING_MSG.badScore }, (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= SCORE_MIN && value <= SCORE_MAX ? { ok: true, value } : { ok: false, message: RATING_MSG.badScore },
    ),
    // Another user's order answers like a missing one: order numbers are not an oracle.
    order_id: field<string, string>({ type: 'string', required: true, rule: '订单号', message: RATING_MSG.noOrder }, (value) => {
      const orderNumber = typeof value === 'string' || typeof value === 'number' ? textOf(String(value)) : '';
      return orderNumber ? { ok: true, value: orderNumber } : { ok: false, message: RATING_MSG.noOrder };
    }),
    // Compared with the order's own ids after the lookup (a malformed one is a mismatch, not a refusal first).
    game_id: gameIdOf('game_id'),
    platform_game_id: gameIdOf('platform_game_id'),
  },
  answer: answer(NULL_ANSWER, 'null; msg 评价成功'),
});
