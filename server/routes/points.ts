import { MSG } from '../../api/protocol/codes.ts';
import { POINT_PATH } from '../../api/protocol/wire.ts';
import { defineCalls, ok, refuse } from '../calls.ts';

/**
 * SPEC §7 "/point (analytics)": point_title and point_id, plus game_id, platform_game_id and
 * platform_id for download tracking. The pipeline has already opened the tracking variant
 * (text/plain base64, double-md5 sign, PROTOCOL §2). A signed-in user's token is optional: a
 * point with a stale token is still recorded, anonymously.
 */

export const POINT_TITLE_MAX_LENGTH = 64;
export const PLATFORM_ID_MAX_LENGTH = 64;
/** Code 1 with a message the client never shows (SPEC §8 suppressed list). */
export const POINT_RECORDED_MSG = '埋点成功';

/** PostgreSQL `integer` columns hold at most 2^31 − 1. */
const INT4_MAX = 2_147_483_647;

/** A positive integer, as a JSON number or a digit string; null for anything else. */
function positiveIntOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= INT4_MAX ? n : null;
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** An optional id: absent → null, present but malformed → undefined (refused). */
function optionalIdOf(value: unknown): number | null | undefined {
  if (absent(value)) return null;
  return positiveIntOf(value) ?? undefined;
}

function optionalPlatformIdOf(value: unknown): string | null | undefined {
  if (absent(value)) return null;
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text !== '' && text.length <= PLATFORM_ID_MAX_LENGTH ? text : undefined;
}

function titleOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const title = value.trim();
  return title !== '' && Array.from(title).length <= POINT_TITLE_MAX_LENGTH ? title : null;
}

export const pointCalls = defineCalls({
  path: POINT_PATH,
  auth: 'optional',
  async handler({ db, fields, user, now }) {
    const pointId = positiveIntOf(fields.point_id);
    const pointTitle = titleOf(fields.point_title);
    const gameId = optionalIdOf(fields.game_id);
    const platformGameId = optionalIdOf(fields.platform_game_id);
    const platformId = optionalPlatformIdOf(fields.platform_id);
    if (pointId === null || pointTitle === null || gameId === undefined || platformGameId === undefined || platformId === undefined) {
      return refuse(MSG.paramError);
    }
    await db
      .insertInto('point_events')
      .values({
        user_id: user?.id ?? null,
        point_id: pointId,
        point_title: pointTitle,
        game_id: gameId,
        platform_game_id: platformGameId,
        platform_id: platformId,
        created_at: now,
      })
      .execute();
    return ok(null, POINT_RECORDED_MSG);
  },
});
