import { sql } from 'kysely';
import * as calls from '../../api/protocol/calls/wallet.ts';
import { MONEY_MSG } from '../../api/protocol/money.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { artUrl, iso, pageAnswer, pageOf } from '../catalog/index.ts';
import { CHINA_OFFSET_MS, chinaDate } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import {
  activePurchases,
  benefitsView,
  FIRST_RECHARGE_BONUS_PCT,
  FIRST_RECHARGE_MAX_BONUS_CENTS,
  giveCoupon,
  grantDaily,
  grantSelect,
  grantView,
  hasPaidOrder,
  heldCards,
  lockPlayer,
  parseBenefits,
  PAID_STATUSES,
} from '../money/cards.ts';
import { LEVELS, levelFor, nextLevelCents, perkCouponId } from '../money/perks-catalog.ts';
import type { Kysely } from 'kysely';
import { INVITE_SHARE_MARKER } from '../db/seed-money-content.ts';
import { inviteRules, inviteShareSentence } from '../invite/index.ts';

/**
 * Cards and privileges, the first-recharge offer, level coupons and the money texts:
 * /api/card/getCardDetail, getMyCards, claimCardBenefit, getAutoSendList;
 * /api/user/isSubVip, getIsPromote, firstRechargeSeen, getCouponActivity, changeLevelCoupon;
 * /api/down/getMoneyText. A player reads and claims only their own purchases.
 */

/** 'YYYY-MM' of the China-time month containing `at`. */
export function chinaMonth(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 7);
}

/**
 * What counts toward the level: the money actually paid (provider or 余额) of orders paid or
 * delivered. 乐玩币 spent are not counted again (the coins purchase was), refunded orders not at all.
 */
export async function totalPaidCents(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(pay_cents), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('status', 'in', [...PAID_STATUSES])
    .where('pay_method', '<>', 'coins')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

class Refusal extends Error {
  constructor(readonly msg: string) {
    super(msg);
  }
}

export const perksCalls = defineCalls(
  handle(calls.getCardDetail, async ({ db, input, user, now }) => {
    const card = await db
      .selectFrom('cards')
      .select(['id', 'type', 'name', 'subtitle', 'price_cents', 'original_price_cents', 'days', 'contents', 'sold_count', 'benefits'])
      .where('id', '=', input.card_id)
      .executeTakeFirst();
    if (!card) return refuse(MONEY_MSG.cardMissing);
    const held = user ? (await heldCards(db, user.id, now)).find((h) => h.card_id === card.id) : undefined;
    return ok({
      id: card.id,
      type: card.type,
      name: card.name,
      subtitle: card.subtitle,
      price_cents: card.price_cents,
      original_price_cents: card.original_price_cents,
      days: card.days,
      contents: card.contents,
      sold_count: card.sold_count,
      image: artUrl('banner', `c${card.id}`),
      benefits: await benefitsView(db, parseBenefits(card.benefits)),
      owned: held ? { purchase_id: held.purchase_id, ends_at: iso(held.ends_at) } : null,
    });
  }),

  handle(calls.getMyCards, async ({ db, user, now }) => {
    const rows = await db
      .selectFrom('card_purchases as p')
      .innerJoin('cards as c', 'c.id', 'p.card_id')
      .select(['p.id', 'p.card_id', 'c.name', 'c.benefits', 'p.starts_at', 'p.ends_at'])
      .where('p.user_id', '=', user.id)
      .orderBy('p.ends_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    const today = chinaDate(now);
    const grantedToday = new Set(
      rows.length > 0
        ? (
            await db
              .selectFrom('card_benefit_grants')
              .select(['purchase_id', 'kind'])
              .where('user_id', '=', user.id)
              .where('day', '=', today)
              .execute()
          ).map((g) => `${g.purchase_id}:${g.kind}`)
        : [],
    );
    const list: calls.MyCard[] = [];
    for (const row of rows) {
      const benefits = parseBenefits(row.benefits);
      const startsAt = new Date(row.starts_at);
      const endsAt = new Date(row.ends_at);
      const active = startsAt <= now && now < endsAt;
      const daily = benefits.daily;
      list.push({
        purchase_id: row.id,
        card_id: row.card_id,
        name: row.name,
        starts_at: iso(startsAt),
        ends_at: iso(endsAt),
        active,
        benefits: await benefitsView(db, benefits),
        today: active && daily ? { kind: daily.kind, auto: daily.auto, granted: grantedToday.has(`${row.id}:${daily.kind}`) } : null,
      });
    }
    // Active first (soonest to end first), then renewals not started yet, then ended ones (latest first).
    const rank = (c: calls.MyCard) => (c.active ? 0 : new Date(c.starts_at) > now ? 1 : 2);
    list.sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.ends_at.localeCompare(a.ends_at) : a.ends_at.localeCompare(b.ends_at)));
    return ok({ list });
  }),

  handle(calls.claimCardBenefit, async ({ db, input, user, now }) => {
    try {
      const grant = await db.transaction().execute(async (trx) => {
        const purchase = (await activePurchases(trx, user.id, now)).find((p) => p.id === input.purchase_id);
        if (!purchase) throw new Refusal(MONEY_MSG.cardNotActive);
        if (!purchase.benefits.daily) throw new Refusal(MONEY_MSG.benefitNone);
        const granted = await grantDaily(trx, purchase, purchase.benefits, now, false);
        if (!granted) throw new Refusal(MONEY_MSG.benefitClaimed);
        return granted;
      });
      const row = await grantSelect(db, user.id).where('g.id', '=', grant.id).executeTakeFirstOrThrow();
      return ok(grantView(row), '领取成功');
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.msg);
      throw error;
    }
  }),

  handle(calls.getAutoSendList, async ({ db, input, user }) => {
    const page = pageOf(input);
    const base = db.selectFrom('card_benefit_grants').where('user_id', '=', user.id).where('auto', '=', true);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows =
      total > page.offset
        ? await grantSelect(db, user.id).where('g.auto', '=', true).orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').limit(page.limit).offset(page.offset).execute()
        : [];
    return ok(pageAnswer(page, rows.map(grantView), total));
  }),

  handle(calls.isSubVip, async ({ db, user, now }) => {
    const held = await heldCards(db, user.id, now);
    return ok({ is_vip: held.length > 0 ? 1 : 0, cards: held.map((h) => ({ card_id: h.card_id, name: h.name, ends_at: iso(h.ends_at) })) } as const);
  }),

  handle(calls.getIsPromote, async ({ db, user }) => {
    const eligible = !(await hasPaidOrder(db, user.id));
    const flags = await db.selectFrom('user_money_flags').select('first_recharge_dialog_at').where('user_id', '=', user.id).executeTakeFirst();
    return ok({
      is_promote: eligible ? 1 : 0,
      first_recharge: { eligible, show_dialog: eligible && !flags?.first_recharge_dialog_at, bonus_pct: FIRST_RECHARGE_BONUS_PCT, max_bonus_cents: FIRST_RECHARGE_MAX_BONUS_CENTS },
    } as const);
  }),

  handle(calls.firstRechargeSeen, async ({ db, user, now }) => {
    await db
      .insertInto('user_money_flags')
      .values({ user_id: user.id, first_recharge_dialog_at: now, first_recharge_order_id: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ first_recharge_dialog_at: sql`coalesce(user_money_flags.first_recharge_dialog_at, excluded.first_recharge_dialog_at)` }))
      .execute();
    return ok(null);
  }),

  handle(calls.getCouponActivity, async ({ db, user, now }) => {
    const total = await totalPaidCents(db, user.id);
    const level = levelFor(total);
    const claimed = new Set(
      (await db.selectFrom('level_coupon_claims').select('level').where('user_id', '=', user.id).where('month', '=', chinaMonth(now)).execute()).map((r) => r.level),
    );
    const coupons: calls.LevelCoupon[] = [];
    for (const spec of LEVELS) {
      coupons.push({
        level: spec.level,
        coupon_id: await perkCouponId(db, 'level', spec.coupon),
        name: spec.coupon.name,
        amount_cents: spec.coupon.amount_cents,
        threshold_cents: spec.coupon.threshold_cents,
        claimed: claimed.has(spec.level),
        can_claim: spec.level <= level && !claimed.has(spec.level),
      });
    }
    return ok({ level, total_paid_cents: total, next_level_cents: nextLevelCents(total), coupons });
  }),

  handle(calls.changeLevelCoupon, async ({ db, input, user, now }) => {
    const spec = LEVELS.find((l) => l.level === input.level);
    if (!spec) return refuse(MONEY_MSG.levelLow);
    try {
      const given = await db.transaction().execute(async (trx) => {
        await lockPlayer(trx, user.id);
        if (levelFor(await totalPaidCents(trx, user.id)) < spec.level) throw new Refusal(MONEY_MSG.levelLow);
        const claim = await trx
          .insertInto('level_coupon_claims')
          .values({ user_id: user.id, level: spec.level, month: chinaMonth(now), user_coupon_id: null, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'level', 'month']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claim) throw new Refusal(MONEY_MSG.levelClaimed);
        const couponId = await perkCouponId(trx, 'level', spec.coupon);
        const coupon = await giveCoupon(trx, user.id, couponId, now, 'activity');
        await trx.updateTable('level_coupon_claims').set({ user_coupon_id: coupon.id }).where('id', '=', claim.id).execute();
        return { id: coupon.id, coupon_id: couponId, expires_at: iso(coupon.expires_at) };
      });
      return ok(given, '领取成功');
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.msg);
      throw error;
    }
  }),

  handle(calls.getMoneyText, async ({ db, input }) => {
    const row = await db.selectFrom('site_content').select(['title', 'content', 'updated_at']).where('key', '=', input.key).executeTakeFirst();
    if (!row) return refuse(MONEY_MSG.textMissing);
    const content = row.content.includes(INVITE_SHARE_MARKER) ? row.content.replaceAll(INVITE_SHARE_MARKER, inviteShareSentence(await inviteRules(db))) : row.content;
    return ok({ title: row.title, content, updated_at: iso(row.updated_at) });
  }),
);
