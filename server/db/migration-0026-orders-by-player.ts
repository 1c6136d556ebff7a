import type { Kysely, Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0026_orders_by_player'. A player's order lists (getMyOrders,
 * getUserOrders) are newest first by id; the per-player index was (user_id, created_at), so
 * PostgreSQL walked the whole orders_pkey backwards filtering user_id (1.9 s at 10 M orders,
 * bench/scale.bench.ts). (user_id, id) serves those lists and every lookup by player the old one did.
 */
export const ordersByPlayerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('orders_user_id_idx').on('orders').columns(['user_id', 'id']).execute();
    await db.schema.dropIndex('orders_user_idx').execute();
  },
};
