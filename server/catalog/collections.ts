import { COLLECTION_MSG, collectGame, getCollectStatus, getMyCollection } from '../../api/protocol/calls/collections.ts';
import { sdkListDesc } from '../../api/protocol/calls/documents.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { gamesByIds, iso } from '../catalog/game-list.ts';
import { SDK_LIST_KEY, type SdkEntry } from '../db/seed-sdk-list.ts';

export { COLLECTION_MSG } from '../../api/protocol/calls/collections.ts';

/**
 * Favourites and the SDK list of /userrule. Every favourites query is scoped to the caller's own
 * user id: another player's favourites are never read or changed. A toggle is idempotent (the
 * unique (user_id, game_id) row settles two at once: an insert that finds the row adds nothing).
 */
export const collectionCalls = defineCalls(
  handle(collectGame, async ({ db, input, user }) => {
    const game = await db.selectFrom('games').select('id').where('id', '=', input.game_id).executeTakeFirst();
    if (!game) return refuse(COLLECTION_MSG.missingGame);
    if (input.platform_game_id !== undefined) {
      const version = await db
        .selectFrom('platform_games')
        .select('id')
        .where('id', '=', input.platform_game_id)
        .where('game_id', '=', input.game_id)
        .executeTakeFirst();
      if (!version) return refuse(COLLECTION_MSG.missingGame);
    }
    if (input.collect === '1') {
      await db
        .insertInto('collections')
        .values({ user_id: user.id, game_id: input.game_id, platform_game_id: input.platform_game_id ?? null })
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
        .execute();
      return ok({ game_id: input.game_id, collected: 1 as const }, COLLECTION_MSG.collected);
    }
    await db.deleteFrom('collections').where('user_id', '=', user.id).where('game_id', '=', input.game_id).execute();
    return ok({ game_id: input.game_id, collected: 0 as const }, COLLECTION_MSG.uncollected);
  }),

  handle(getCollectStatus, async ({ db, input, user }) => {
    if (!user) return ok({ game_id: input.game_id, collected: 0 as const });
    const row = await db.selectFrom('collections').select('id').where('user_id', '=', user.id).where('game_id', '=', input.game_id).executeTakeFirst();
    return ok({ game_id: input.game_id, collected: row ? (1 as const) : (0 as const) });
  }),

  handle(getMyCollection, async ({ db, input, user, now }) => {
    const { page, limit } = input;
    const offset = (page - 1) * limit;
    const count = await db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const total = Number(count.total);
    if (offset >= total) return ok({ list: [], total, page, limit });
    const rows = await db
      .selectFrom('collections')
      .select(['game_id', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const games = await gamesByIds(db, now, rows.map((row) => row.game_id));
    const collectedAt = new Map(rows.map((row) => [row.game_id, iso(row.created_at)]));
    const list = games.map((game) => ({ ...game, collected_at: collectedAt.get(game.game_id)! }));
    return ok({ list, total, page, limit });
  }),

  handle(sdkListDesc, async ({ db }) => {
    const row = await db.selectFrom('site_content').select(['title', 'content', 'data', 'updated_at']).where('key', '=', SDK_LIST_KEY).executeTakeFirst();
    if (!row) return refuse('暂无内容');
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { list?: SdkEntry[] };
    return ok({ title: row.title, content: row.content, list: data.list ?? [], updated_at: iso(row.updated_at) });
  }),
);
