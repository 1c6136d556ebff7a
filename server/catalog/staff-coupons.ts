import { sql, type Kysely } from 'kysely';
import { COUPON_ADMIN_MSG, issueSummary, stockShortMessage, type CouponAdminStatus, type CouponSkipReason, type PlayerRef } from '../../api/protocol/coupon-admin.ts';
import * as coupons from '../../api/protocol/staff/coupons.ts';
import type { StaffCoupon } from '../../api/protocol/staff/coupons.ts';
import { DAY_MS } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { postMessage } from '../messages/index.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';
import { conditionText } from './coupons.ts';
import { pageAnswer, pageOf } from './fields.ts';

/**
 * 代金券管理 (api/protocol/staff/coupons.ts): operators' coupons of the coupon centre. The players'
 * side is ./coupons.ts (a claim takes one from stock); this side creates and edits coupons and
 * issues them. An issue locks the coupon's row first, so issues of one coupon run one at a time:
 * the stock check, the holders check and the request_id's replay each see the one before settled,
 * and `claimed` never passes `total` (its CHECK backs that). Issued coupons are user_coupons of
 * source 'issue' and count in `claimed` like claims do.
 */

type IssueAnswer = { issued: number; skipped: { player: string; reason: CouponSkipReason }[] };

function couponQuery(db: Kysely<Database>) {
  return db
    .selectFrom('coupons as c')
    .leftJoin('games as g', 'g.id', 'c.game_id')
    .where('c.source', '=', 'center')
    .select(['c.id', 'c.game_id', 'g.name as game_name', 'c.name', 'c.type', 'c.amount_cents', 'c.threshold_cents', 'c.valid_days', 'c.total', 'c.claimed'])
    .select((eb) => eb.selectFrom('user_coupons as i').select(eb.fn.countAll<number>().as('n')).whereRef('i.coupon_id', '=', 'c.id').where('i.source', '=', 'issue').as('issued'))
    .select((eb) => eb.selectFrom('user_coupons as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.coupon_id', '=', 'c.id').where('u.used_at', 'is not', null).as('used'));
}

type CouponRow = Awaited<ReturnType<ReturnType<typeof couponQuery>['execute']>>[number];

function couponView(row: CouponRow): StaffCoupon {
  const remaining = Math.max(0, row.total - row.claimed);
  return {
    id: row.id,
    game: row.game_id === null ? null : { id: row.game_id, name: row.game_name ?? '' },
    name: row.name,
    type: row.type,
    amount_cents: row.amount_cents,
    threshold_cents: row.threshold_cents,
    condition_text: conditionText(row.threshold_cents),
    valid_days: row.valid_days,
    total: row.total,
    claimed: row.claimed,
    issued: Number(row.issued ?? 0),
    used: Number(row.used ?? 0),
    remaining,
    status: (remaining > 0 ? 'active' : 'soldout') satisfies CouponAdminStatus,
  };
}

async function couponById(db: Kysely<Database>, id: number): Promise<StaffCoupon | null> {
  const row = await couponQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? couponView(row) : null;
}

/** Locks a centre coupon's row for the call's transaction; null when there is none. */
async function lockCoupon(db: Kysely<Database>, id: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).where('source', '=', 'center').forUpdate().executeTakeFirst();
}

/** What the audit keeps of a coupon's own fields. */
function fieldsOf(row: { game_id: number | null; name: string; type: string; amount_cents: number; threshold_cents: number; valid_days: number; total: number }) {
  return { game_id: row.game_id, name: row.name, type: row.type, amount_cents: row.amount_cents, threshold_cents: row.threshold_cents, valid_days: row.valid_days, total: row.total };
}

const stockOf = (coupon: StaffCoupon) => ({ total: coupon.total, claimed: coupon.claimed, remaining: coupon.remaining });

/** The listed players' accounts (cancelled ones are gone) and, for each entry, who it names or why it is skipped. */
async function resolvePlayers(db: Kysely<Database>, refs: PlayerRef[]) {
  const ids = [...new Set(refs.flatMap((r) => (r.kind === 'id' ? [r.id] : [])))];
  const phones = [...new Set(refs.flatMap((r) => (r.kind === 'phone' ? [r.phone] : [])))];
  const byId = new Map<number, number>();
  const byPhone = new Map<string, number>();
  if (ids.length > 0) for (const u of await db.selectFrom('users').select('id').where('id', 'in', ids).where('cancelled_at', 'is', null).execute()) byId.set(u.id, u.id);
  if (phones.length > 0) for (const u of await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', phones).where('cancelled_at', 'is', null).execute()) byPhone.set(u.phone, u.id);
  return refs.map((ref) => ({ ref, userId: (ref.kind === 'id' ? byId.get(ref.id) : byPhone.get(ref.phone)) ?? null }));
}

const yuan = (cents: number) => String(cents / 100);

export const staffCouponCalls: StaffCallDefinition[] = [
  handleStaff(coupons.list, async ({ db, input }) => {
    const page = pageOf(input);
    let q = couponQuery(db);
    let counted = db.selectFrom('coupons as c').where('c.source', '=', 'center');
    if (input.game_id !== undefined) {
      q = input.game_id === null ? q.where('c.game_id', 'is', null) : q.where('c.game_id', '=', input.game_id);
      counted = input.game_id === null ? counted.where('c.game_id', 'is', null) : counted.where('c.game_id', '=', input.game_id);
    }
    if (input.status) {
      q = q.whereRef('c.claimed', input.status === 'active' ? '<' : '>=', 'c.total');
      counted = counted.whereRef('c.claimed', input.status === 'active' ? '<' : '>=', 'c.total');
    }
    const total = Number((await counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total > page.offset ? await q.orderBy('c.id', 'desc').limit(page.limit).offset(page.offset).execute() : [];
    return staffOk(pageAnswer(page, rows.map(couponView), total));
  }),

  handleStaff(coupons.save, async (ctx) => {
    const { db, input } = ctx;
    if (input.threshold_cents > 0 && input.amount_cents >= input.threshold_cents) return staffRefuse(COUPON_ADMIN_MSG.amountBelowThreshold);
    if (input.game_id !== null && !(await db.selectFrom('games').select('id').where('id', '=', input.game_id).executeTakeFirst())) return staffRefuse(COUPON_ADMIN_MSG.missingGame);
    const values = { game_id: input.game_id, name: input.name, type: input.type, amount_cents: input.amount_cents, threshold_cents: input.threshold_cents, valid_days: input.valid_days, total: input.total };
    if (input.id === undefined) {
      const created = await db.insertInto('coupons').values({ ...values, source: 'center', claimed: 0 }).returning('id').executeTakeFirstOrThrow();
      await ctx.audit('coupons.create', `coupon:${created.id}`, null, fieldsOf(values));
      return staffOk({ coupon: (await couponById(db, created.id))! }, COUPON_ADMIN_MSG.created);
    }
    const before = await lockCoupon(db, input.id);
    if (!before) return staffRefuse(COUPON_ADMIN_MSG.missingCoupon);
    if (input.total < before.claimed) return staffRefuse(COUPON_ADMIN_MSG.totalBelowClaimed);
    // Held coupons read their terms from this row: a player's coupon must not change under them.
    const termsChanged = before.game_id !== input.game_id || before.type !== input.type || before.amount_cents !== input.amount_cents || before.threshold_cents !== input.threshold_cents;
    if (termsChanged) {
      const held = await db.selectFrom('user_coupons').select('id').where('coupon_id', '=', input.id).limit(1).executeTakeFirst();
      if (held) return staffRefuse(COUPON_ADMIN_MSG.termsFixed);
    }
    await db.updateTable('coupons').set(values).where('id', '=', input.id).execute();
    await ctx.audit('coupons.update', `coupon:${input.id}`, fieldsOf(before), fieldsOf(values));
    return staffOk({ coupon: (await couponById(db, input.id))! }, COUPON_ADMIN_MSG.saved);
  }),

  handleStaff(coupons.issue, async (ctx) => {
    const { db, input, now } = ctx;
    const requestId = input.request_id;
    const coupon = await lockCoupon(db, input.coupon_id);
    if (!coupon) return staffRefuse(COUPON_ADMIN_MSG.missingCoupon);
    // A retry (or a second operator's copy of the same submit) waited on the lock above: the first has committed.
    const done = await db.selectFrom('coupon_issues').select(['coupon_id', 'answer']).where('request_id', '=', requestId).executeTakeFirst();
    if (done) {
      if (done.coupon_id !== coupon.id) return staffRefuse(COUPON_ADMIN_MSG.requestReused);
      const stored = done.answer as IssueAnswer;
      return staffOk({ ...stored, coupon: (await couponById(db, coupon.id))!, created: false }, issueSummary(stored.issued, stored.skipped.length));
    }

    const resolved = await resolvePlayers(db, input.players);
    const named = [...new Set(resolved.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
    const holders = new Set(
      named.length === 0
        ? []
        : (
            await db
              .selectFrom('user_coupons')
              .select('user_id')
              .where('coupon_id', '=', coupon.id)
              .where('user_id', 'in', named)
              .where('source', 'in', ['receive', 'issue'])
              .execute()
          ).map((r) => r.user_id),
    );
    const skipped: IssueAnswer['skipped'] = [];
    const given: number[] = [];
    const seen = new Set<number>();
    for (const { ref, userId } of resolved) {
      if (userId === null) skipped.push({ player: ref.text, reason: 'not_found' });
      else if (seen.has(userId)) skipped.push({ player: ref.text, reason: 'duplicate' });
      else if (holders.has(userId)) {
        seen.add(userId);
        skipped.push({ player: ref.text, reason: 'holds' });
      } else {
        seen.add(userId);
        given.push(userId);
      }
    }
    const remaining = coupon.total - coupon.claimed;
    if (given.length > remaining) return staffRefuse(stockShortMessage(given.length, remaining));

    const answer: IssueAnswer = { issued: given.length, skipped };
    const recorded = await db
      .insertInto('coupon_issues')
      .values({ request_id: requestId, coupon_id: coupon.id, staff_id: ctx.staff.id, created_at: now, answer: JSON.stringify(answer) })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('request_id')
      .executeTakeFirst();
    // Taken meanwhile by an issue of another coupon (same-coupon ones wait on the lock and replay above).
    if (!recorded) return staffRefuse(COUPON_ADMIN_MSG.requestReused);

    if (given.length > 0) {
      const expiresAt = new Date(now.getTime() + coupon.valid_days * DAY_MS);
      const inserted = await db
        .insertInto('user_coupons')
        .values(given.map((userId) => ({ user_id: userId, coupon_id: coupon.id, source: 'issue' as const, received_at: now, expires_at: expiresAt })))
        .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).where(sql<boolean>`source = 'issue'`).doNothing())
        .returning('id')
        .execute();
      // The lock and the holders check above make a conflict impossible; if one happened the stock would be wrong.
      if (inserted.length !== given.length) throw new Error(`coupon ${coupon.id}: issued ${inserted.length} of ${given.length}`);
      await db
        .updateTable('coupons')
        .set((eb) => ({ claimed: eb('claimed', '+', given.length) }))
        .where('id', '=', coupon.id)
        .execute();
      // A coupon the player did not ask for: the message centre is how they learn of it.
      const content = `${coupon.name}：${yuan(coupon.amount_cents)}元，${conditionText(coupon.threshold_cents)}，${coupon.valid_days}天内有效。可在“我的代金券”查看。`;
      for (const userId of given) {
        await postMessage(db, { kind: 'system', userId, title: '您收到一张代金券', content, link: { path: '/mycoupon' }, sourceRef: `coupon-issue:${coupon.id}` }, now);
      }
    }

    const after = (await couponById(db, coupon.id))!;
    await ctx.audit('coupons.issue', `coupon:${coupon.id}`, { total: coupon.total, claimed: coupon.claimed, remaining }, { ...stockOf(after), request_id: requestId, issued_user_ids: given, skipped });
    return staffOk({ ...answer, coupon: after, created: true }, issueSummary(answer.issued, skipped.length));
  }),
];
