import type { Kysely, Transaction } from 'kysely';
import { chinaDate } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { recordTaskEvent } from './engine.ts';
import { TASK_EVENTS } from './events.ts';

/**
 * The one-line hooks the existing code paths call (progress only from what really
 * happened on the server). Each names its source_ref, the dedupe key of the event.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** SPEC §9: the download-finished tracking point. */
export const DOWNLOAD_FINISHED_POINT_ID = 49;

/** /point: a signed-in player's download-finished point for a real game (one game counts once a China day). */
export async function taskOnPoint(db: Db, point: { userId: number | null; pointId: number; gameId: number | null }, now: Date): Promise<void> {
  if (point.userId === null || point.pointId !== DOWNLOAD_FINISHED_POINT_ID || point.gameId === null) return;
  const game = await db.selectFrom('games').select('id').where('id', '=', point.gameId).executeTakeFirst();
  if (!game) return;
  await recordTaskEvent(db, { userId: point.userId, event: TASK_EVENTS.download, sourceRef: `download:${game.id}:${chinaDate(now)}`, gameId: game.id }, now);
}

/** settlePaid: inside the order's transaction, so the progress commits with the payment. */
export async function taskOnOrderPaid(trx: Transaction<Database>, order: { id: number; user_id: number }, now: Date): Promise<void> {
  await recordTaskEvent(trx, { userId: order.user_id, event: TASK_EVENTS.paidOrder, sourceRef: `order:${order.id}` }, now);
}

/** receiveGift took a code of this pack for the player (a pack counts once). */
export async function taskOnGiftClaimed(db: Db, userId: number, packId: number, now: Date): Promise<void> {
  const pack = await db.selectFrom('gift_packs').select('game_id').where('id', '=', packId).executeTakeFirst();
  await recordTaskEvent(db, { userId, event: TASK_EVENTS.giftClaim, sourceRef: `gift:${packId}`, gameId: pack?.game_id ?? null }, now);
}

/** headerImgEdit saved an uploaded avatar. */
export async function taskOnAvatarSet(db: Db, userId: number, objectKey: string, now: Date): Promise<void> {
  await recordTaskEvent(db, { userId, event: TASK_EVENTS.avatarSet, sourceRef: `avatar:${objectKey}` }, now);
}

/** realNameAuth verified the player (once per account). */
export async function taskOnRealName(db: Db, userId: number, now: Date): Promise<void> {
  await recordTaskEvent(db, { userId, event: TASK_EVENTS.realName, sourceRef: 'real_name' }, now);
}
