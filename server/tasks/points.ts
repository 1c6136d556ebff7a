import { point } from '../../api/protocol/calls/point.ts';
import { defineCalls, handle, ok } from '../calls.ts';
import { taskOnPoint } from '../tasks/hooks.ts';

/**
 * SPEC §7 "/point (analytics)": point_title and point_id, plus game_id, platform_game_id and
 * platform_id for download tracking. The pipeline has already opened the tracking variant
 * (text/plain base64, double-md5 sign, PROTOCOL §2). A signed-in user's token is optional: a
 * point with a stale token is still recorded, anonymously.
 */

export { PLATFORM_ID_MAX_LENGTH, POINT_TITLE_MAX_LENGTH } from '../../api/protocol/calls/point.ts';
/** Code 1 with a message the client never shows (SPEC §8 suppressed list). */
export const POINT_RECORDED_MSG = '埋点成功';

export const pointCalls = defineCalls(
  handle(point, async ({ db, input, user, now }) => {
    await db
      .insertInto('point_events')
      .values({
        user_id: user?.id ?? null,
        point_id: input.point_id,
        point_title: input.point_title,
        game_id: input.game_id,
        platform_game_id: input.platform_game_id,
        platform_id: input.platform_id,
        created_at: now,
      })
      .execute();
    await taskOnPoint(db, { userId: user?.id ?? null, pointId: input.point_id, gameId: input.game_id }, now);
    return ok(null, POINT_RECORDED_MSG);
  }),
);
