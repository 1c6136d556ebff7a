import type { Kysely } from 'kysely';
import * as store from '../../api/protocol/staff/store.ts';
import type { StaffStoreItem } from '../../api/protocol/staff/store.ts';
import { STORE_ADMIN_MSG, STORE_COINS_MAX_CENTS } from '../../api/protocol/store-admin.ts';
import { iso, pageAnswer, pageOf } from '../catalog/index.ts';
import type { Database, StoreItemKind } from '../db/schema.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 积分商城's items for operators (api/protocol/staff/store.ts). The players' side is ./store.ts
 * and server/rewards/store.ts. store_items.stock is what is left; operators send 总库存, and a
 * save sets stock = total − redeemed after locking the item's row, the row a redemption's
 * `stock = stock - 1 where stock > 0` locks too. So a save and a redemption of one item run one
 * after the other: a redemption committed before the lock is counted in `redeemed`, one after it
 * takes from the new stock, and stock never goes below zero (its CHECK backs that).
 */

function itemQuery(db: Kysely<Database>) {
  return db
    .selectFrom('store_items as i')
    .leftJoin('coupons as c', 'c.id', 'i.coupon_id')
    .leftJoin('gift_packs as gp', 'gp.id', 'i.gift_pack_id')
    .select(['i.id', 'i.kind', 'i.title', 'i.image', 'i.description', 'i.points_price', 'i.stock', 'i.per_user_limit', 'i.valid_from', 'i.valid_to', 'i.sort', 'i.active', 'i.coupon_id', 'i.coins_cents', 'i.gift_pack_id', 'i.created_at', 'c.name as coupon_name', 'gp.name as pack_name'])
    .select((eb) => eb.selectFrom('store_redemptions as r').select(eb.fn.countAll<number>().as('n')).whereRef('r.item_id', '=', 'i.id').as('redeemed'));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['execute']>>[number];

function itemView(row: ItemRow): StaffStoreItem {
  const redeemed = Number(row.redeemed ?? 0);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    image: row.image,
    description: row.description,
    points_price: row.points_price,
    total: row.stock + redeemed,
    stock: row.stock,
    redeemed,
    per_user_limit: row.per_user_limit,
    valid_from: row.valid_from ? iso(row.valid_from) : null,
    valid_to: row.valid_to ? iso(row.valid_to) : null,
    sort: row.sort,
    active: row.active,
    coupon: row.coupon_id === null ? null : { id: row.coupon_id, name: row.coupon_name ?? '' },
    coins_cents: row.coins_cents,
    gift_pack: row.gift_pack_id === null ? null : { id: row.gift_pack_id, name: row.pack_name ?? '' },
    created_at: iso(row.created_at),
  };
}

async function itemById(db: Kysely<Database>, id: number): Promise<StaffStoreItem | null> {
  const row = await itemQuery(db).where('i.id', '=', id).executeTakeFirst();
  return row ? itemView(row) : null;
}

/** Locks an item's row for the call's transaction; null when there is none. */
async function lockItem(db: Kysely<Database>, id: number) {
  return db.selectFrom('store_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

async function redeemedOf(db: Kysely<Database>, id: number): Promise<number> {
  return Number((await db.selectFrom('store_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', id).executeTakeFirstOrThrow()).n);
}

/** What the audit keeps of an item (its dates as ISO text, so before and after compare as written). */
function fieldsOf(row: {
  kind: StoreItemKind;
  title: string;
  image: string;
  description: string;
  points_price: number;
  stock: number;
  per_user_limit: number | null;
  valid_from: Date | null;
  valid_to: Date | null;
  sort: number;
  active: boolean;
  coupon_id: number | null;
  coins_cents: number | null;
  gift_pack_id: number | null;
}) {
  return {
    kind: row.kind,
    title: row.title,
    image: row.image,
    description: row.description,
    points_price: row.points_price,
    stock: row.stock,
    per_user_limit: row.per_user_limit,
    valid_from: row.valid_from ? iso(row.valid_from) : null,
    valid_to: row.valid_to ? iso(row.valid_to) : null,
    sort: row.sort,
    active: row.active,
    coupon_id: row.coupon_id,
    coins_cents: row.coins_cents,
    gift_pack_id: row.gift_pack_id,
  };
}

export const staffStoreCalls: StaffCallDefinition[] = [
  handleStaff(store.list, async ({ db, input }) => {
    const page = pageOf(input);
    let q = itemQuery(db);
    let counted = db.selectFrom('store_items as i');
    if (input.status) {
      q = q.where('i.active', '=', input.status === 'on');
      counted = counted.where('i.active', '=', input.status === 'on');
    }
    const total = Number((await counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total > page.offset ? await q.orderBy('i.sort').orderBy('i.id').limit(page.limit).offset(page.offset).execute() : [];
    return staffOk(pageAnswer(page, rows.map(itemView), total));
  }),

  handleStaff(store.save, async (ctx) => {
    const { db, input } = ctx;
    // What one redemption gives: exactly the kind's own field (store_items_goods_ck).
    let goods: { coupon_id: number | null; coins_cents: number | null; gift_pack_id: number | null };
    if (input.kind === 'coupon') {
      const coupon = input.coupon_id === undefined ? undefined : await db.selectFrom('coupons').select('id').where('id', '=', input.coupon_id).executeTakeFirst();
      if (!coupon) return staffRefuse(STORE_ADMIN_MSG.missingCoupon);
      goods = { coupon_id: coupon.id, coins_cents: null, gift_pack_id: null };
    } else if (input.kind === 'coins') {
      if (input.coins_cents === undefined || input.coins_cents > STORE_COINS_MAX_CENTS) return staffRefuse(STORE_ADMIN_MSG.coins);
      goods = { coupon_id: null, coins_cents: input.coins_cents, gift_pack_id: null };
    } else {
      const pack = input.gift_pack_id === undefined ? undefined : await db.selectFrom('gift_packs').select('id').where('id', '=', input.gift_pack_id).executeTakeFirst();
      if (!pack) return staffRefuse(STORE_ADMIN_MSG.missingPack);
      // gift_codes holds one code per player and pack.
      if (input.per_user_limit !== 1) return staffRefuse(STORE_ADMIN_MSG.giftLimit);
      goods = { coupon_id: null, coins_cents: null, gift_pack_id: pack.id };
    }
    if (input.valid_from && input.valid_to && input.valid_from >= input.valid_to) return staffRefuse(STORE_ADMIN_MSG.window);
    const terms = {
      kind: input.kind,
      title: input.title,
      image: input.image,
      description: input.description,
      points_price: input.points_price,
      per_user_limit: input.per_user_limit === 0 ? null : input.per_user_limit,
      valid_from: input.valid_from,
      valid_to: input.valid_to,
      sort: input.sort,
      active: input.active,
      ...goods,
    };
    if (input.id === undefined) {
      const values = { ...terms, stock: input.total };
      const created = await db.insertInto('store_items').values(values).returning('id').executeTakeFirstOrThrow();
      await ctx.audit('store.create', `store-item:${created.id}`, null, { ...fieldsOf(values), total: input.total, redeemed: 0 });
      return staffOk({ item: (await itemById(db, created.id))! }, STORE_ADMIN_MSG.created);
    }
    const before = await lockItem(db, input.id);
    if (!before) return staffRefuse(STORE_ADMIN_MSG.missingItem);
    // Counted after the lock: every redemption that took stock before it has committed.
    const redeemed = await redeemedOf(db, input.id);
    if (input.total < redeemed) return staffRefuse(STORE_ADMIN_MSG.totalBelowRedeemed);
    const values = { ...terms, stock: input.total - redeemed };
    await db.updateTable('store_items').set(values).where('id', '=', input.id).execute();
    await ctx.audit('store.update', `store-item:${input.id}`, { ...fieldsOf(before), total: before.stock + redeemed, redeemed }, { ...fieldsOf(values), total: input.total, redeemed });
    return staffOk({ item: (await itemById(db, input.id))! }, STORE_ADMIN_MSG.saved);
  }),

  handleStaff(store.setShelf, async (ctx) => {
    const { db, input } = ctx;
    const before = await lockItem(db, input.id);
    if (!before) return staffRefuse(STORE_ADMIN_MSG.missingItem);
    if (before.active !== input.on) {
      await db.updateTable('store_items').set({ active: input.on }).where('id', '=', input.id).execute();
      await ctx.audit('store.shelf', `store-item:${input.id}`, { active: before.active }, { active: input.on });
    }
    return staffOk({ item: (await itemById(db, input.id))! }, input.on ? STORE_ADMIN_MSG.shelvedOn : STORE_ADMIN_MSG.shelvedOff);
  }),
];
