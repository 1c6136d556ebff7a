import type { Kysely, Transaction } from 'kysely';
import type { CheckInRefusal } from '../../api/protocol/calls/tasks.ts';
import { chinaDate, DAY_MS } from '../china-time.ts';
import type { Database } from '../db/schema.ts';
import { InsufficientFunds } from '../money/ledger.ts';
import { creditPoints, debitPoints } from '../rewards/index.ts';
import { recordTaskEvent } from './engine.ts';
import { TASK_EVENTS } from './events.ts';

/**
 * Daily check-in (signOnPoint) with a 7-day streak, and the makeup rule (settleAdd). All days are
 * China dates. The streak day of a check-in is the previous day's streak day + 1 (after 7 comes 1
 * again), or 1 when the previous day has no check-in. Rules (docs/decisions.md "tasks, check-in and points"):
 * - rewards by streak day: STREAK_POINTS;
 * - makeup: only YESTERDAY, only while today is not yet checked in (so today continues the
 *   restored streak), at most MAKEUP_PER_MONTH a calendar month (China time), costing MAKEUP_COST
 *   points through debitPoints; a makeup day pays no points (it keeps the streak and counts for
 *   累计签到), so points can never be bought with points.
 */

export const STREAK_POINTS = [5, 5, 10, 10, 15, 15, 30] as const;
export const STREAK_LENGTH = STREAK_POINTS.length;
export const MAKEUP_COST = 20;
export const MAKEUP_PER_MONTH = 3;

export const CHECK_IN_MSG = {
  done: '签到成功',
  already: '今日已签到',
  makeupDone: '补签成功',
  makeupNotNeeded: '昨日已签到，无需补签',
  makeupAfterToday: '今日已签到，无法补签',
  makeupMonthly: `本月补签次数已用完（每月${MAKEUP_PER_MONTH}次）`,
  makeupPoints: `积分不足，补签需要${MAKEUP_COST}积分`,
} as const satisfies Record<CheckInRefusal | 'done' | 'makeupDone', string>;

export const dayBefore = (day: string): string => chinaDate(Date.parse(`${day}T12:00:00+08:00`) - DAY_MS);

/** The streak day a check-in on `day` gets, given the player's check-in days. */
export function nextStreakDay(previousStreakDay: number | null): number {
  return previousStreakDay === null ? 1 : (previousStreakDay % STREAK_LENGTH) + 1;
}

async function streakDayOn(db: Kysely<Database>, userId: number, day: string): Promise<number | null> {
  const row = await db.selectFrom('check_ins').select('streak_day').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  return row?.streak_day ?? null;
}

class CheckInRefused extends Error {
  constructor(readonly reason: CheckInRefusal) {
    super(CHECK_IN_MSG[reason]);
  }
}

export type CheckInOutcome = { ok: true; day: string; streak_day: number; points: number } | { ok: false; reason: CheckInRefusal };

export async function checkIn(db: Kysely<Database>, userId: number, now: Date): Promise<CheckInOutcome> {
  const today = chinaDate(now);
  const streakDay = nextStreakDay(await streakDayOn(db, userId, dayBefore(today)));
  const points = STREAK_POINTS[streakDay - 1]!;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('check_ins')
      .values({ user_id: userId, day: today, streak_day: streakDay, points, makeup: false, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return { ok: false as const, reason: 'already' };
    await creditPoints(trx, userId, { reference: `checkin:${userId}:${today}`, kind: 'checkin', amount: points, memo: `签到第${streakDay}天` });
    await recordTaskEvent(trx, { userId, event: TASK_EVENTS.checkIn, sourceRef: `checkin:${today}` }, now);
    return { ok: true as const, day: today, streak_day: streakDay, points };
  });
}

export async function makeupCheckIn(db: Kysely<Database>, userId: number, now: Date): Promise<CheckInOutcome> {
  const today = chinaDate(now);
  const yesterday = dayBefore(today);
  if ((await streakDayOn(db, userId, today)) !== null) return { ok: false, reason: 'makeupAfterToday' };
  if ((await streakDayOn(db, userId, yesterday)) !== null) return { ok: false, reason: 'makeupNotNeeded' };
  if ((await makeupsThisMonthIn(db, userId, today)) >= MAKEUP_PER_MONTH) return { ok: false, reason: 'makeupMonthly' };
  const streakDay = nextStreakDay(await streakDayOn(db, userId, dayBefore(yesterday)));
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('check_ins')
        .values({ user_id: userId, day: yesterday, streak_day: streakDay, points: 0, makeup: true, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new CheckInRefused('makeupNotNeeded');
      // The monthly limit again inside the transaction: two makeups racing on the 3rd cannot both pass.
      if ((await makeupsThisMonthIn(trx, userId, today)) > MAKEUP_PER_MONTH) throw new CheckInRefused('makeupMonthly');
      await debitPoints(trx, userId, { reference: `checkin:makeup:${userId}:${yesterday}`, kind: 'makeup_checkin', amount: MAKEUP_COST, memo: `补签 ${yesterday}` });
      await recordTaskEvent(trx, { userId, event: TASK_EVENTS.checkIn, sourceRef: `checkin:${yesterday}` }, now);
      return { ok: true as const, day: yesterday, streak_day: streakDay, points: 0 };
    });
  } catch (error) {
    if (error instanceof CheckInRefused) return { ok: false, reason: error.reason };
    if (error instanceof InsufficientFunds) return { ok: false, reason: 'makeupPoints' };
    throw error;
  }
}

async function makeupsThisMonthIn(db: Kysely<Database> | Transaction<Database>, userId: number, today: string): Promise<number> {
  const row = await db
    .selectFrom('check_ins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('makeup', '=', true)
    .where('day', 'like', `${today.slice(0, 7)}-%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SettleTable {
  days: { day: number; points: number; done: boolean }[];
  /** Today's place in the streak (1–7): its day when checked in, else the day a check-in now gets. */
  today_day: number;
  checked_today: boolean;
  makeup: { available: boolean; date: string; cost: number; left_this_month: number; reason: string };
  total_days: number;
}

/** getSettle: the 7-day table as the player sees it now. */
export async function settleTable(db: Kysely<Database>, userId: number, now: Date): Promise<SettleTable> {
  const today = chinaDate(now);
  const yesterday = dayBefore(today);
  const todayDay = await streakDayOn(db, userId, today);
  const yesterdayDay = await streakDayOn(db, userId, yesterday);
  const position = todayDay ?? nextStreakDay(yesterdayDay);
  const doneUpTo = todayDay ?? position - 1;
  const used = await makeupsThisMonthIn(db, userId, today);
  const left = Math.max(0, MAKEUP_PER_MONTH - used);
  const reason = todayDay !== null ? CHECK_IN_MSG.makeupAfterToday : yesterdayDay !== null ? CHECK_IN_MSG.makeupNotNeeded : left === 0 ? CHECK_IN_MSG.makeupMonthly : '';
  const total = await db.selectFrom('check_ins').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return {
    days: STREAK_POINTS.map((points, i) => ({ day: i + 1, points, done: i + 1 <= doneUpTo })),
    today_day: position,
    checked_today: todayDay !== null,
    makeup: { available: reason === '', date: yesterday, cost: MAKEUP_COST, left_this_month: left, reason },
    total_days: Number(total.n),
  };
}
