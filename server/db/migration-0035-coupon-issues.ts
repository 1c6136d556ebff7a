import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0035_coupon_issues'. 代金券管理 (server/catalog/staff-coupons.ts):
 * - user_coupons.source 'issue': a coupon an operator gave the player; one per player and coupon
 *   (a partial unique index, like a claim's 'receive'), so a retried or racing issue gives it once;
 * - coupon_issues: one row per issue request (its request_id), with the answer it gave, so a
 *   retry of the same request answers the same without issuing again.
 */
export const couponIssuesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create unique index user_coupons_one_issue on user_coupons (user_id, coupon_id) where source = 'issue'`.execute(db);
    await db.schema
      .createTable('coupon_issues')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('answer', 'jsonb')
      .execute();
  },
};
