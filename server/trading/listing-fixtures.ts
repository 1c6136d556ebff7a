import type { Kysely } from 'kysely';
import type { SellableSubAccount } from '../../api/protocol/calls/trade.ts';
import { TRADE_MSG } from '../../api/protocol/trade-rules.ts';
import type { Database } from '../db/schema.ts';
import { ageDays, DAY_MS, ineligibility, type Result } from './listings.ts';
import { tradeSettings } from './settings.ts';

/**
 * The test build's fixture (/ceshiyemian, makeTestSubAccount): a sub-account of the signed-in
 * player that meets the listing conditions at once — created (min_age_days + 1) days before now,
 * min_topup_cents of recorded top-ups, one role in server 1服. The route refuses it in production.
 */

export const TEST_SERVER_NAME = '1服';

export async function makeTestSubAccount(
  db: Kysely<Database>,
  userId: number,
  platformGameId: number | undefined,
  now: Date,
): Promise<Result<{ sub_account: SellableSubAccount; game: { game_id: number; platform_game_id: number; game_name: string } }>> {
  const settings = await tradeSettings(db);
  let gameQuery = db.selectFrom('platform_games as p').innerJoin('games as g', 'g.id', 'p.game_id').select(['p.id', 'p.game_id', 'g.name']);
  // Without a choice: the first game that has open servers (a game one can have roles in).
  gameQuery =
    platformGameId !== undefined
      ? gameQuery.where('p.id', '=', platformGameId)
      : gameQuery.where((eb) => eb.exists(eb.selectFrom('open_servers as o').select('o.game_id').whereRef('o.game_id', '=', 'p.game_id'))).orderBy('p.id');
  const game = await gameQuery.executeTakeFirst();
  if (!game) return { ok: false, message: TRADE_MSG.gameMissing };
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const names = new Set((await trx.selectFrom('game_sub_accounts').select('name').where('user_id', '=', userId).where('platform_game_id', '=', game.id).execute()).map((r) => r.name));
    let n = 1;
    while (names.has(`测试小号${n}`)) n++;
    const name = `测试小号${n}`;
    const createdAt = new Date(now.getTime() - (settings.min_age_days + 1) * DAY_MS);
    const sub = await trx
      .insertInto('game_sub_accounts')
      .values({ user_id: userId, game_id: game.game_id, platform_game_id: game.id, name, total_topup_cents: settings.min_topup_cents, created_at: createdAt })
      .returning(['id', 'name', 'created_at', 'total_topup_cents', 'frozen_listing_id'])
      .executeTakeFirstOrThrow();
    const roleName = `测试角色${sub.id}`;
    await trx.insertInto('sim_game_roles').values({ sub_account_id: sub.id, server_name: TEST_SERVER_NAME, role_name: roleName, created_at: createdAt }).execute();
    const reason = ineligibility({ ...sub, in_trade: false }, settings, now);
    return {
      ok: true as const,
      value: {
        sub_account: {
          id: sub.id,
          name: sub.name,
          age_days: ageDays(sub.created_at, now),
          topup_cents: Number(sub.total_topup_cents),
          eligible: reason === '',
          reason,
          listing_id: null,
          roles: [{ server_name: TEST_SERVER_NAME, role_name: roleName }],
        },
        game: { game_id: game.game_id, platform_game_id: game.id, game_name: game.name },
      },
    };
  });
}
