import { sql, type Kysely, type Transaction } from 'kysely';
import { TASK_CLAIM_MSG, type TaskClaimRefusal, type TaskItem } from '../../api/protocol/calls/tasks.ts';
import { chinaDate } from '../china-time.ts';
import type { Database, TaskKind } from '../db/schema.ts';
import { creditPoints } from '../rewards/index.ts';
import type { TaskEvent } from './events.ts';

/**
 * The task engine. Progress moves only through recordTaskEvent, which the
 * server's own code paths call (a download point, a paid order, a gift claim …); no call lets a
 * client say "I did it". An event is counted once per (user, event, source_ref) — the insert into
 * task_events is the dedupe — and advances every active, currently valid task of that event in
 * its period: the China date for a daily task, 'once' for novice and achievement tasks.
 *
 * A claim (claimTask) is one conditional UPDATE (claimed_at is null and the target reached) of the
 * period's one row, and the reward posts in the same transaction with the reference
 * `task:<task>:<period>:user:<user>`: concurrent claims give one reward.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** 'once' for novice and achievement tasks; the China date for daily ones. */
export function periodOf(kind: TaskKind, now: Date): string {
  return kind === 'daily' ? chinaDate(now) : 'once';
}

/** Whether a definition counts at `now`: active and inside [valid_from, valid_to). */
export function taskValidAt(task: { active: boolean; valid_from: Date | null; valid_to: Date | null }, now: Date): boolean {
  if (!task.active) return false;
  if (task.valid_from && new Date(task.valid_from) > now) return false;
  if (task.valid_to && new Date(task.valid_to) <= now) return false;
  return true;
}

export interface TaskEventInput {
  userId: number;
  event: TaskEvent;
  /** What happened, unique per player and event ('order:12', 'gift:7', 'download:425346:2026-11-26'). */
  sourceRef: string;
  /** How much it advances (minutes of play); 1 by default. */
  amount?: number;
  gameId?: number | null;
}

/** Counts one event; false when this (user, event, source_ref) was already counted. */
export async function recordTaskEvent(db: Db, input: TaskEventInput, now: Date): Promise<boolean> {
  const amount = input.amount ?? 1;
  const inserted = await db
    .insertInto('task_events')
    .values({ user_id: input.userId, event: input.event, source_ref: input.sourceRef, amount, game_id: input.gameId ?? null, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'event', 'source_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const tasks = await db.selectFrom('task_definitions').select(['id', 'kind', 'target', 'active', 'valid_from', 'valid_to']).where('event', '=', input.event).where('active', '=', true).execute();
  for (const task of tasks) {
    if (!taskValidAt(task, now)) continue;
    const first = Math.min(amount, task.target);
    await db
      .insertInto('task_progress')
      .values({ user_id: input.userId, task_id: task.id, period: periodOf(task.kind, now), count: first, completed_at: first >= task.target ? now : null, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'task_id', 'period']).doUpdateSet({
          count: sql<number>`least(${task.target}::int, task_progress.count + ${amount}::int)`,
          completed_at: sql<Date | null>`coalesce(task_progress.completed_at, case when task_progress.count + ${amount}::int >= ${task.target}::int then ${now}::timestamptz end)`,
          updated_at: now,
        }),
      )
      .execute();
  }
  return true;
}

/** 去完成 (0), 领取 (1), 已领取 (2). */
export const TASK_STATE = { todo: 0, claimable: 1, claimed: 2 } as const;
export const TASK_STATE_TEXT = ['去完成', '领取', '已领取'] as const;
export type TaskState = (typeof TASK_STATE)[keyof typeof TASK_STATE];

/** A task as the player sees it: the wire's TaskItem (api/protocol/calls/tasks.ts), one shape on both sides. */
export type TaskView = TaskItem;

/** The player's tasks of these kinds in their current periods, in sort order (signed out: no progress). */
export async function taskViews(db: Db, userId: number | null, kinds: readonly TaskKind[], now: Date): Promise<TaskView[]> {
  const defs = await db.selectFrom('task_definitions').selectAll().where('kind', 'in', [...kinds]).where('active', '=', true).orderBy('sort_order').orderBy('id').execute();
  const visible = defs.filter((d) => taskValidAt(d, now));
  const rows =
    userId === null || visible.length === 0
      ? []
      : await db
          .selectFrom('task_progress')
          .select(['task_id', 'period', 'count', 'completed_at', 'claimed_at'])
          .where('user_id', '=', userId)
          .where('task_id', 'in', visible.map((d) => d.id))
          .where('period', 'in', ['once', chinaDate(now)])
          .execute();
  return visible.map((d) => {
    const row = rows.find((r) => r.task_id === d.id && r.period === periodOf(d.kind, now));
    const state: TaskState = row?.claimed_at ? TASK_STATE.claimed : row?.completed_at ? TASK_STATE.claimable : TASK_STATE.todo;
    return {
      task_id: d.id,
      code: d.code,
      kind: d.kind,
      title: d.title,
      description: d.description,
      link: d.link,
      progress: row?.count ?? 0,
      target: d.target,
      reward_points: d.reward_points,
      reward_coupon_id: d.reward_coupon_id,
      state,
      state_text: TASK_STATE_TEXT[state],
    };
  });
}

/** SPEC §8 suppresses 已领取 as a toast; the list shows the state instead. */
export const TASK_MSG = TASK_CLAIM_MSG;

export type ClaimOutcome = { ok: true; points: number; userCouponId: number | null; period: string } | { ok: false; reason: TaskClaimRefusal };

/** achieveTask: the period's reward once, with its ledger posting, in one transaction. */
export async function claimTask(db: Kysely<Database>, userId: number, taskId: number, now: Date): Promise<ClaimOutcome> {
  const task = await db.selectFrom('task_definitions').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task || !taskValidAt(task, now)) return { ok: false, reason: 'missing' };
  const period = periodOf(task.kind, now);
  return db.transaction().execute(async (trx) => {
    const won = await trx
      .updateTable('task_progress')
      .set({ claimed_at: now, reward_points: task.reward_points, updated_at: now })
      .where('user_id', '=', userId)
      .where('task_id', '=', task.id)
      .where('period', '=', period)
      .where('completed_at', 'is not', null)
      .where('claimed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!won) {
      const row = await trx.selectFrom('task_progress').select('claimed_at').where('user_id', '=', userId).where('task_id', '=', task.id).where('period', '=', period).executeTakeFirst();
      return { ok: false as const, reason: row?.claimed_at ? ('already' as const) : ('notDone' as const) };
    }
    if (task.reward_points > 0) {
      await creditPoints(trx, userId, { reference: `task:${task.id}:${period}:user:${userId}`, kind: 'task_reward', amount: task.reward_points, memo: `任务奖励：${task.title}` });
    }
    let userCouponId: number | null = null;
    if (task.reward_coupon_id !== null) {
      const coupon = await trx.selectFrom('coupons').select(['id', 'valid_days']).where('id', '=', task.reward_coupon_id).executeTakeFirst();
      if (coupon) {
        const row = await trx
          .insertInto('user_coupons')
          .values({ user_id: userId, coupon_id: coupon.id, source: 'task', received_at: now, expires_at: new Date(now.getTime() + coupon.valid_days * 86_400_000) })
          .returning('id')
          .executeTakeFirstOrThrow();
        userCouponId = row.id;
      }
    }
    return { ok: true as const, points: task.reward_points, userCouponId, period };
  });
}

/** Completed, unclaimed tasks in their current periods (getPointTaskNum's count). */
export async function claimableCount(db: Db, userId: number, now: Date): Promise<number> {
  const views = await taskViews(db, userId, ['daily', 'novice', 'achievement'], now);
  return views.filter((v) => v.state === TASK_STATE.claimable).length;
}
