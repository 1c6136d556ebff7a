import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as calls from '../../api/protocol/calls/tasks.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { chinaDate, chinaDayStart, DAY_MS } from '../china-time.ts';
import { gamesByIds, iso, pageAnswer, pageOf } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { POINTS, pointsOf } from '../rewards/index.ts';
import { CHECK_IN_MSG, checkIn, makeupCheckIn, settleTable } from '../tasks/check-in.ts';
import { claimableCount, claimTask, recordTaskEvent, taskViews } from '../tasks/engine.ts';
import { TASK_EVENTS } from '../tasks/events.ts';
import { expiringNotice } from '../tasks/expiry.ts';

/**
 * Tasks, check-in and points: the calls of SPEC §7 over the engine in
 * server/tasks/. Nothing here advances a task except reportShareVisit, and that one only for the
 * sharer when ANOTHER signed-in player opened the link (the sharer's own visits never count).
 */

/** How many games the download task recommends a day. */
export const TASK_GAMES_PER_DAY = 4;
/** myClickGame's length. */
export const CLICK_GAMES_MAX = 20;

const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

function newShareCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => SHARE_ALPHABET[b % SHARE_ALPHABET.length]).join('');
}

async function shareCodeOf(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await db.selectFrom('task_share_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
    if (existing) return existing.code;
    await db
      .insertInto('task_share_codes')
      .values({ user_id: userId, code: newShareCode(), created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error('no share code');
}

export const taskCalls = defineCalls(
  handle(calls.getPointTaskNum, async ({ db, user, now }) => {
    const notice = await expiringNotice(db, user.id, now);
    return ok({ points: notice.balance, claimable: await claimableCount(db, user.id, now), expiring: { points: notice.points, expires_at: notice.expires_at } });
  }),

  handle(calls.getTaskPoint, async ({ db, user, now }) => {
    const views = await taskViews(db, user.id, ['daily', 'achievement'], now);
    return ok({ daily: views.filter((v) => v.kind === 'daily'), achievement: views.filter((v) => v.kind === 'achievement') });
  }),

  handle(calls.getNoviceTaskStatus, async ({ db, user, now }) => {
    const list = (await taskViews(db, user.id, ['novice'], now));
    return ok({ list, all_done: list.length > 0 && list.every((t) => t.state === 2) });
  }),

  handle(calls.achieveTask, async ({ db, user, input, now }) => {
    const outcome = await claimTask(db, user.id, input.task_id, now);
    if (!outcome.ok) return refuse(calls.TASK_CLAIM_MSG[outcome.reason], { reason: outcome.reason } satisfies calls.TaskClaimRefusalData);
    const balance = await pointsOf(db, user.id);
    return ok({ task_id: input.task_id, points: outcome.points, user_coupon_id: outcome.userCouponId, balance }, calls.TASK_CLAIM_MSG.claimed);
  }),

  handle(calls.overTask, async ({ db, user, input }) => {
    const page = pageOf(input);
    const base = db.selectFrom('task_progress as p').where('p.user_id', '=', user.id).where('p.claimed_at', 'is not', null);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows =
      total > page.offset
        ? await base
            .innerJoin('task_definitions as d', 'd.id', 'p.task_id')
            .select(['p.task_id', 'd.title', 'd.kind', 'p.period', 'p.reward_points', 'p.claimed_at'])
            .orderBy('p.claimed_at', 'desc')
            .orderBy('p.id', 'desc')
            .limit(page.limit)
            .offset(page.offset)
            .execute()
        : [];
    return ok(pageAnswer(page, rows.map((r) => ({ task_id: r.task_id, title: r.title, kind: r.kind, period: r.period, reward_points: r.reward_points, claimed_at: iso(r.claimed_at!) })), total));
  }),

  handle(calls.getPointTaskGame, async ({ db, now }) => {
    const candidates = await db
      .selectFrom('games as g')
      .innerJoin('platform_games as p', 'p.game_id', 'g.id')
      .select('g.id')
      .distinct()
      .where('g.online_at', '<=', now)
      .where('p.is_h5', '=', false)
      .orderBy('g.id')
      .execute();
    const day = Math.floor(chinaDayStart(now).getTime() / DAY_MS);
    const ids: number[] = [];
    for (let i = 0; i < Math.min(TASK_GAMES_PER_DAY, candidates.length); i += 1) ids.push(candidates[(day * TASK_GAMES_PER_DAY + i) % candidates.length]!.id);
    return ok({ day: chinaDate(now), list: [...(await gamesByIds(db, now, ids))] });
  }),

  handle(calls.myClickGame, async ({ db, user, now }) => {
    const rows = await db
      .selectFrom('task_events')
      .select('game_id')
      .select((eb) => eb.fn.max('created_at').as('last_at'))
      .where('user_id', '=', user.id)
      .where('event', 'in', [TASK_EVENTS.download, TASK_EVENTS.h5PlayMinute])
      .where('game_id', 'is not', null)
      .groupBy('game_id')
      .orderBy('last_at', 'desc')
      .limit(CLICK_GAMES_MAX)
      .execute();
    const lastAt = new Map(rows.map((r) => [r.game_id!, iso(r.last_at as Date)]));
    const games = await gamesByIds(db, now, rows.map((r) => r.game_id!));
    return ok({ list: games.map((g) => ({ ...g, last_at: lastAt.get(g.game_id)! })) });
  }),

  handle(calls.signOnPoint, async ({ db, user, now }) => {
    const outcome = await checkIn(db, user.id, now);
    if (!outcome.ok) return refuse(CHECK_IN_MSG[outcome.reason], { reason: outcome.reason } satisfies calls.CheckInRefusalData);
    return ok({ day: outcome.day, streak_day: outcome.streak_day, points: outcome.points, settle: await settleTable(db, user.id, now) }, '签到成功');
  }),

  handle(calls.getSettle, async ({ db, user, now }) => ok(await settleTable(db, user.id, now))),

  handle(calls.settleAdd, async ({ db, user, now }) => {
    const outcome = await makeupCheckIn(db, user.id, now);
    if (!outcome.ok) return refuse(CHECK_IN_MSG[outcome.reason], { reason: outcome.reason } satisfies calls.CheckInRefusalData);
    return ok({ day: outcome.day, streak_day: outcome.streak_day, points: outcome.points, settle: await settleTable(db, user.id, now) }, '补签成功');
  }),

  handle(calls.pointRecord, async ({ db, user, input, now }) => {
    const page = pageOf(input);
    const account = await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', user.id).where('kind', '=', POINTS).executeTakeFirst();
    const notice = await expiringNotice(db, user.id, now);
    const expiring = { points: notice.points, expires_at: notice.expires_at };
    if (!account) return ok({ ...pageAnswer(page, [] as calls.PointRecord[], 0), balance: 0, expiring });
    const base = db.selectFrom('ledger_entries as e').where('e.account_id', '=', account.id);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows =
      total > page.offset
        ? await base
            .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
            .select(['e.id', 'e.amount', 't.kind', 't.memo', 't.created_at'])
            .orderBy('e.id', 'desc')
            .limit(page.limit)
            .offset(page.offset)
            .execute()
        : [];
    const list: calls.PointRecord[] = rows.map((r) => ({ id: Number(r.id), amount: Number(r.amount), kind: r.kind, title: r.memo, created_at: iso(r.created_at) }));
    return ok({ ...pageAnswer(page, list, total), balance: notice.balance, expiring });
  }),

  handle(calls.getShareLink, async ({ db, user, input, now }) => {
    const game = await db.selectFrom('games').select(['id', 'name']).where('id', '=', input.game_id).executeTakeFirst();
    if (!game) return refuse('游戏不存在');
    const code = await shareCodeOf(db, user.id, now);
    const url = `/gamedetail?data=${encodeURIComponent(JSON.stringify({ game_id: game.id, share: code }))}`;
    return ok({ code, url, title: `${game.name}：好游戏一起玩` });
  }),

  handle(calls.reportShareVisit, async ({ db, user, input, now }) => {
    const sharer = await db.selectFrom('task_share_codes').select('user_id').where('code', '=', input.code).executeTakeFirst();
    const game = await db.selectFrom('games').select('id').where('id', '=', input.game_id).executeTakeFirst();
    // Only another signed-in player's visit counts; the sharer's own or an anonymous one does not.
    if (!sharer || !game || !user || user.id === sharer.user_id) return ok({ counted: false }, calls.SHARE_VISIT_MSG.ignored);
    const counted = await recordTaskEvent(db, { userId: sharer.user_id, event: TASK_EVENTS.shareVisit, sourceRef: `share:${user.id}:${game.id}:${chinaDate(now)}`, gameId: game.id }, now);
    return ok({ counted }, calls.SHARE_VISIT_MSG.counted);
  }),
);
