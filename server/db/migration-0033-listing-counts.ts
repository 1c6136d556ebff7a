import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Listed in migrations.ts as '0033_listing_counts'. /circle's feed answered its total by counting
 * every public listing (on sale or reserved) per call: 4.1× its seeded cost at 100 k listings
 * (bench/scale.bench.ts). trade_listing_counts keeps, per game, how many listings are public.
 *
 * A trigger keeps it, in the statement's own transaction: every path that changes a listing's
 * status (the seller's calls, staff review, a purchase, the expiry job, a seed) is covered without
 * each having to remember, and the count can never differ from the table. Each change adds or takes
 * one on the game's row with INSERT … ON CONFLICT DO UPDATE, whose row lock makes concurrent
 * changes add up. The unfiltered feed sums the rows (one per game with listings), the one-game
 * feed reads one row; a keyword or a price range still counts the listings.
 */
export const listingCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table trade_listing_counts (game_id integer primary key, public_count integer not null check (public_count >= 0))`.execute(db);
    await sql`
      create function trade_listing_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status in ('on_sale', 'reserved') then
          update trade_listing_counts set public_count = public_count - 1 where game_id = old.game_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.status in ('on_sale', 'reserved') then
          insert into trade_listing_counts (game_id, public_count) values (new.game_id, 1)
          on conflict (game_id) do update set public_count = trade_listing_counts.public_count + 1;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger trade_listing_counts_keep after insert or delete or update of status, game_id on trade_listings
      for each row execute function trade_listing_counts_keep()`.execute(db);
    await sql`
      insert into trade_listing_counts (game_id, public_count)
      select game_id, count(*) from trade_listings where status in ('on_sale', 'reserved') group by game_id`.execute(db);
  },
};
