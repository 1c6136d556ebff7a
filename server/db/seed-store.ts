import type { Insertable, Kysely } from 'kysely';
import { artUrl } from '../catalog/art.ts';
import { DAY_MS } from '../china-time.ts';
import type { Database, StoreItemsTable } from './schema.ts';

/**
 * The coin store's items (积分商城): coupons of the seeded centre coupons,
 * 乐玩币 of 1, 5 and 10 元, one seeded game's gift codes, and the cases a page must show — one sold
 * out, one limited to one a player, one not yet open. Prices (see docs/decisions.md "coin
 * store"): 1 元 of 乐玩币 is 200 积分, larger amounts a little cheaper; a coupon costs about 30 %
 * of its face value in that rate since it needs a purchase to be worth anything. Coupons and 乐玩币 have
 * no picture (the page draws their glyph); a gift code shows its game's icon.
 *
 * Needs the catalogue (coupons, gift packs), so seedCatalog calls it; each item has a seed_key and
 * is inserted once, so a database seeded before the coin store existed gets the items on its next start.
 */
export async function seedStore(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const couponIds = new Map((await db.selectFrom('coupons').select(['id', 'name']).where('source', '=', 'center').where('game_id', 'is', null).execute()).map((c) => [c.name, c.id]));
  const pack = await db
    .selectFrom('gift_packs as gp')
    .innerJoin('games as g', 'g.id', 'gp.game_id')
    .select(['gp.id', 'gp.name', 'g.id as game_id', 'g.name as game_name'])
    .select((eb) => eb.selectFrom('gift_codes as gc').select(eb.fn.countAll<number>().as('n')).whereRef('gc.pack_id', '=', 'gp.id').where('gc.claimed_at', 'is', null).as('free'))
    .where('gp.valid_until', '>', new Date(now.getTime() + 60 * DAY_MS))
    .where('gp.vip_level', '=', 0)
    .orderBy('free', 'desc')
    .orderBy('gp.id')
    .executeTakeFirst();
  const coupon = (name: string) => couponIds.get(name) ?? null;
  const icon = (subject: string) => artUrl('icon', subject);
  const items: (Insertable<StoreItemsTable> & { seed_key: string })[] = [];
  const add = (item: Insertable<StoreItemsTable> & { seed_key: string }) => items.push({ sort: items.length, ...item });
  const c5 = coupon('全平台通用5元券');
  const c10 = coupon('全平台通用10元券');
  const c20 = coupon('全平台通用20元券');
  const c30 = coupon('新人专享30元券');
  const c50 = coupon('全平台通用50元券');
  if (c5) add({ seed_key: 'coupon-5', kind: 'coupon', coupon_id: c5, title: '5元代金券（满30可用）', description: '全平台通用，满30元可用，领取后7天内有效。', points_price: 300, stock: 2000, per_user_limit: 5 });
  if (c10) add({ seed_key: 'coupon-10', kind: 'coupon', coupon_id: c10, title: '10元代金券（满100可用）', description: '全平台通用，满100元可用，领取后15天内有效。', points_price: 600, stock: 1000, per_user_limit: 3 });
  if (c20) add({ seed_key: 'coupon-20', kind: 'coupon', coupon_id: c20, title: '20元代金券（满200可用）', description: '全平台通用，满200元可用，领取后15天内有效。', points_price: 1200, stock: 500, per_user_limit: 2 });
  if (c30) add({ seed_key: 'coupon-30-once', kind: 'coupon', coupon_id: c30, title: '30元代金券（每人限兑1次）', description: '满98元可用，领取后7天内有效，每位玩家限兑换1次。', points_price: 1500, stock: 300, per_user_limit: 1 });
  add({ seed_key: 'coins-1', kind: 'coins', coins_cents: 100, title: '1元乐玩币', description: '兑换后立即到账，可在游戏充值时抵扣（1乐玩币=1元）。', points_price: 200, stock: 5000, per_user_limit: null });
  add({ seed_key: 'coins-5', kind: 'coins', coins_cents: 500, title: '5元乐玩币', description: '兑换后立即到账，可在游戏充值时抵扣（1乐玩币=1元）。', points_price: 950, stock: 2000, per_user_limit: null });
  add({ seed_key: 'coins-10', kind: 'coins', coins_cents: 1000, title: '10元乐玩币', description: '兑换后立即到账，可在游戏充值时抵扣（1乐玩币=1元）。', points_price: 1800, stock: 1000, per_user_limit: 10 });
  if (pack)
    add({
      seed_key: 'gift-code',
      kind: 'gift_code',
      gift_pack_id: pack.id,
      title: `${pack.game_name}·${pack.name}`,
      image: icon(`g${pack.game_id}`),
      description: `《${pack.game_name}》${pack.name}兑换码，兑换后在兑换记录中查看，进入游戏后使用。每位玩家限兑换1次。`,
      points_price: 100,
      stock: Math.min(50, Number(pack.free ?? 0)),
      per_user_limit: 1,
    });
  if (c50) add({ seed_key: 'coupon-50-sold-out', kind: 'coupon', coupon_id: c50, title: '50元代金券（满500可用）', description: '全平台通用，满500元可用，领取后30天内有效。本期已兑完，下期补货。', points_price: 3000, stock: 0, per_user_limit: 1 });
  add({
    seed_key: 'coins-20-upcoming',
    kind: 'coins',
    coins_cents: 2000,
    title: '20元乐玩币（周末特惠）',
    description: '特惠场次开始后可兑换，每位玩家限兑换1次。',
    points_price: 3200,
    stock: 200,
    per_user_limit: 1,
    valid_from: new Date(now.getTime() + 7 * DAY_MS),
    valid_to: new Date(now.getTime() + 9 * DAY_MS),
  });
  if (items.length === 0) return 0;
  const inserted = await db.insertInto('store_items').values(items).onConflict((oc) => oc.column('seed_key').doNothing()).returning('id').execute();
  return inserted.length;
}
