import { sql, type Kysely, type Transaction } from 'kysely';
import type { CardBenefits, Database } from '../db/schema.ts';

/**
 * What each seeded card gives and what each level coupon is, as data. One function,
 * ensurePerks, turns it into rows: the coupons the cards and levels hand out (coupons.source 'card'
 * or 'level': never listed in the coupon centre, never taken from stock) and cards.benefits +
 * cards.contents by card name. Migration 0011 runs it on a database whose catalogue exists; the
 * catalogue seed runs it after inserting the cards; both paths give the same rows (idempotent,
 * matched by source and name).
 */

export interface PerkCouponSpec {
  name: string;
  amount_cents: number;
  threshold_cents: number;
  valid_days: number;
}

export interface CardPerkSpec {
  /** A subtitle that replaces one that promised what nothing gives. */
  subtitle?: string;
  /** The lines players read, each one true of the benefits below. */
  contents: string[];
  instant?: { coupon: PerkCouponSpec; count: number }[];
  daily?: { kind: 'coins'; amount_cents: number; auto: boolean } | { kind: 'coupon'; coupon: PerkCouponSpec; auto: boolean };
  topup_bonus_pct?: number;
}

const yuan = (n: number) => n * 100;
const coupon = (name: string, amount: number, threshold: number, validDays: number): PerkCouponSpec => ({ name, amount_cents: yuan(amount), threshold_cents: yuan(threshold), valid_days: validDays });

const SAVER_PACK = [coupon('省钱卡300元券', 300, 3000, 30), coupon('省钱卡200元券', 200, 2000, 30), coupon('省钱卡100元券', 100, 1000, 30), coupon('省钱卡30元券', 30, 300, 30), coupon('省钱卡10元券', 10, 100, 30), coupon('省钱卡8元无门槛券', 8, 0, 30)];
const GOLD_DAILY = coupon('黄金会员每日30元券', 30, 200, 7);
const CARMINE_DAILY = coupon('胭脂红会员每日100元券', 100, 600, 7);

/** By card name (the seed's names). */
export const CARD_PERKS: Record<string, CardPerkSpec> = {
  '648省钱卡': {
    contents: ['立即到账648元代金券礼包（6张）', '每日签到领6元无门槛券', '专属客服优先响应'],
    instant: SAVER_PACK.map((c) => ({ coupon: c, count: 1 })),
    daily: { kind: 'coupon', coupon: coupon('省钱卡每日6元无门槛券', 6, 0, 7), auto: false },
  },
  畅玩月卡: {
    contents: ['每日领取10元代金券（满50可用）', '乐玩币充值额外赠送5%', '有效期30天'],
    daily: { kind: 'coupon', coupon: coupon('月卡每日10元券', 10, 50, 7), auto: false },
    topup_bonus_pct: 5,
  },
  超值周卡: {
    contents: ['每日领取5元无门槛券', '有效期7天'],
    daily: { kind: 'coupon', coupon: coupon('周卡每日5元无门槛券', 5, 0, 7), auto: false },
  },
  新人体验卡: {
    subtitle: '1元得30元无门槛券',
    contents: ['领取即得10元无门槛券x3', '代金券7天内有效'],
    instant: [{ coupon: coupon('新人体验卡10元无门槛券', 10, 0, 7), count: 3 }],
  },
  新游首发卡: {
    subtitle: '15天天天领券',
    contents: ['每日领取8元代金券（满30可用）', '乐玩币充值额外赠送3%', '有效期15天'],
    daily: { kind: 'coupon', coupon: coupon('首发卡每日8元券', 8, 30, 7), auto: false },
    topup_bonus_pct: 3,
  },
  回归福利卡: {
    contents: ['回归即送30元代金券包（3张）', '每日自动到账2乐玩币', '有效期15天'],
    instant: [
      { coupon: coupon('回归礼包5元无门槛券', 5, 0, 15), count: 1 },
      { coupon: coupon('回归礼包10元券', 10, 60, 15), count: 1 },
      { coupon: coupon('回归礼包15元券', 15, 100, 15), count: 1 },
    ],
    daily: { kind: 'coins', amount_cents: yuan(2), auto: true },
  },
  黄金月卡: {
    contents: ['每日领取30元代金券（满200可用）', '乐玩币充值额外赠送3%', '有效期30天'],
    daily: { kind: 'coupon', coupon: GOLD_DAILY, auto: false },
    topup_bonus_pct: 3,
  },
  黄金季卡: {
    contents: ['每日领取30元代金券（满200可用）', '乐玩币充值额外赠送5%', '有效期90天'],
    daily: { kind: 'coupon', coupon: GOLD_DAILY, auto: false },
    topup_bonus_pct: 5,
  },
  黄金年卡: {
    contents: ['每日领取30元代金券（满200可用）', '乐玩币充值额外赠送8%', '有效期365天'],
    daily: { kind: 'coupon', coupon: GOLD_DAILY, auto: false },
    topup_bonus_pct: 8,
  },
  '胭脂红卡·月卡': {
    subtitle: '顶级会员 月享3000元券',
    contents: ['每日领取100元代金券（满600可用）', '乐玩币充值额外赠送10%', '一对一专属客服', '有效期30天'],
    daily: { kind: 'coupon', coupon: CARMINE_DAILY, auto: false },
    topup_bonus_pct: 10,
  },
  '胭脂红卡·季卡': {
    contents: ['每日领取100元代金券（满600可用）', '乐玩币充值额外赠送12%', '一对一专属客服', '有效期90天'],
    daily: { kind: 'coupon', coupon: CARMINE_DAILY, auto: false },
    topup_bonus_pct: 12,
  },
  '胭脂红卡·年卡': {
    contents: ['每日领取100元代金券（满600可用）', '乐玩币充值额外赠送15%', '一对一专属客服', '有效期365天'],
    daily: { kind: 'coupon', coupon: CARMINE_DAILY, auto: false },
    topup_bonus_pct: 15,
  },
};

export interface LevelSpec {
  level: number;
  /** Cumulative paid (fen) to reach the level. */
  min_paid_cents: number;
  coupon: PerkCouponSpec;
}

/** 会员等级 by cumulative money paid; each level's coupon can be claimed once a China-time month. */
export const LEVELS: readonly LevelSpec[] = [
  { level: 1, min_paid_cents: yuan(6), coupon: coupon('V1会员月度5元券', 5, 30, 30) },
  { level: 2, min_paid_cents: yuan(100), coupon: coupon('V2会员月度10元券', 10, 60, 30) },
  { level: 3, min_paid_cents: yuan(500), coupon: coupon('V3会员月度30元券', 30, 200, 30) },
  { level: 4, min_paid_cents: yuan(2000), coupon: coupon('V4会员月度60元券', 60, 400, 30) },
  { level: 5, min_paid_cents: yuan(5000), coupon: coupon('V5会员月度100元券', 100, 600, 30) },
];

/** The level reached with totalPaidCents paid (0 below V1). */
export function levelFor(totalPaidCents: number): number {
  let level = 0;
  for (const spec of LEVELS) if (totalPaidCents >= spec.min_paid_cents) level = spec.level;
  return level;
}

/** What the next level needs in total, or null at the top. */
export function nextLevelCents(totalPaidCents: number): number | null {
  return LEVELS.find((spec) => spec.min_paid_cents > totalPaidCents)?.min_paid_cents ?? null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The coupon row of a perk coupon (source and name), created on first need. */
export async function perkCouponId(db: Db, source: 'card' | 'level', spec: PerkCouponSpec): Promise<number> {
  const existing = await db.selectFrom('coupons').select('id').where('source', '=', source).where('name', '=', spec.name).executeTakeFirst();
  if (existing) return existing.id;
  const inserted = await db
    .insertInto('coupons')
    .values({ game_id: null, name: spec.name, type: 'normal', source, amount_cents: spec.amount_cents, threshold_cents: spec.threshold_cents, valid_days: spec.valid_days, total: 0, claimed: 0, sort: 0 })
    // Two first needs at once: the partial unique index coupons_perk_name keeps one row.
    .onConflict((oc) => oc.columns(['source', 'name']).where(sql<boolean>`source <> 'center'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const again = await db.selectFrom('coupons').select('id').where('source', '=', source).where('name', '=', spec.name).executeTakeFirstOrThrow();
  return again.id;
}

/** The structured benefits of a card spec, creating its coupon rows. */
export async function cardBenefitsOf(db: Db, spec: CardPerkSpec): Promise<CardBenefits> {
  const benefits: CardBenefits = {};
  if (spec.instant) {
    benefits.instant_coupons = [];
    for (const item of spec.instant) benefits.instant_coupons.push({ coupon_id: await perkCouponId(db, 'card', item.coupon), count: item.count });
  }
  if (spec.daily) {
    benefits.daily = spec.daily.kind === 'coins' ? { kind: 'coins', amount_cents: spec.daily.amount_cents, auto: spec.daily.auto } : { kind: 'coupon', coupon_id: await perkCouponId(db, 'card', spec.daily.coupon), auto: spec.daily.auto };
  }
  if (spec.topup_bonus_pct) benefits.topup_bonus_pct = spec.topup_bonus_pct;
  return benefits;
}

/** Creates the perk coupons and sets every known card's benefits, contents (and subtitle where given). Idempotent. */
export async function ensurePerks(db: Db): Promise<{ cards: number }> {
  for (const spec of LEVELS) await perkCouponId(db, 'level', spec.coupon);
  let cards = 0;
  for (const [name, spec] of Object.entries(CARD_PERKS)) {
    const benefits = await cardBenefitsOf(db, spec);
    const updated = await db
      .updateTable('cards')
      .set({ benefits: JSON.stringify(benefits), contents: JSON.stringify(spec.contents), ...(spec.subtitle ? { subtitle: spec.subtitle } : {}) })
      .where('name', '=', name)
      .executeTakeFirst();
    cards += Number(updated.numUpdatedRows);
  }
  return { cards };
}
