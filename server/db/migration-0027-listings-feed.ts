import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0027_listings_feed'. /circle's feed (getListings) lists the listings
 * on sale or reserved, newest on sale first; `(status, on_sale_at)` cannot give that order for two
 * statuses at once, so PostgreSQL sorted every public listing for each page (77 ms at 100 k,
 * bench/scale.bench.ts). A partial index in the feed's own order serves its pages and its count.
 */
export const listingsFeedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index trade_listings_public_newest on trade_listings (on_sale_at desc, id desc) where status in ('on_sale', 'reserved')`.execute(db);
  },
};
