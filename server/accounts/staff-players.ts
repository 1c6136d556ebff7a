import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { PLAYER_ADMIN_MSG, type PlayerQuery } from '../../api/protocol/player-admin.ts';
import * as players from '../../api/protocol/staff/players.ts';
import type { StaffPlayerDetail, StaffPlayerRow } from '../../api/protocol/staff/players.ts';
import { endSessions } from '../auth.ts';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import { balancesOf } from '../money/ledger.ts';
import { clearPasswordLockout, passwordLockout } from '../password-attempts.ts';
import { pointsOf } from '../rewards/index.ts';
import { maskPhone } from '../sms.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 玩家管理 (api/protocol/staff/players.ts): customer service finds a player and looks after the
 * account. A ban is users.disabled, which every player call's token check reads from the database
 * (server/auth.ts authenticate answers 107 before anything else), so every server process refuses
 * the player's next call the moment the ban commits; the sessions are ended too ('disabled'), so an
 * unban does not bring old tokens back, and the game sessions entered through trading's sub-accounts
 * end with them. Sign-in checks users.disabled after the password or the code (server/accounts/auth.ts).
 *
 * A ban racing a call the player made a moment before: a call whose token check ran before the ban
 * committed finishes (an order created then stays, and its payment is still credited when it
 * arrives); the next call is refused.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const isoOf = (value: Date | string) => new Date(value).toISOString();

function rowQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.uuid', 'u.nickname', 'u.phone', 'u.created_at', 'u.disabled', 'u.cancelled_at'])
    .select((eb) => eb.exists(eb.selectFrom('user_real_names as r').select(sql.lit(1).as('one')).whereRef('r.user_id', '=', 'u.id')).as('verified'));
}

type Row = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

function rowView(row: Row): StaffPlayerRow {
  return {
    id: row.id,
    uuid: row.uuid,
    nickname: row.nickname,
    phone: row.cancelled_at ? '' : maskPhone(row.phone),
    registered_at: isoOf(row.created_at),
    real_name: Boolean(row.verified),
    banned: row.disabled,
    cancelled: row.cancelled_at !== null,
  };
}

/** The search's WHERE (parsePlayerQuery says what the text means). */
function matching(query: PlayerQuery) {
  return (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) => {
    switch (query.kind) {
      case 'all':
        return eb.val(true);
      case 'phone':
        return eb('u.phone', '=', query.phone);
      case 'lastFour':
        return eb.or([eb(sql<string>`right(u.phone, 4)`, '=', query.digits), eb('u.id', '=', query.id)]);
      case 'id':
        return eb('u.id', '=', query.id);
      case 'uuid':
        return eb('u.uuid', '=', query.uuid);
      case 'nickname':
        return eb('u.nickname', 'like', `${escapeLike(query.prefix)}%`);
    }
  };
}

async function countOf(query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }): Promise<number> {
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function playerDetail(db: Kysely<Database>, kv: KvStore, id: number, now: Date): Promise<StaffPlayerDetail | null> {
  const row = await rowQuery(db).select(['u.avatar', 'u.last_active_at', 'u.disabled_at', 'u.disabled_reason']).where('u.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const realName = await db.selectFrom('user_real_names').select(['name_masked', 'verified_at']).where('user_id', '=', id).executeTakeFirst();
  // The same ledger reads as the player's own pages (wallet/getMoney, getUserInfo's points).
  const balances = await balancesOf(db, id, ['wallet', 'coins']);
  const points = await pointsOf(db, id);
  const orders = await countOf(db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', id));
  const coupons = await countOf(db.selectFrom('user_coupons').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', id));
  const trades = await countOf(db.selectFrom('trades').select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => eb.or([eb('buyer_id', '=', id), eb('seller_id', '=', id)])));
  const feedback = await countOf(db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', id));
  const sessions = await liveSessions(db, id, now);
  const lockout = row.cancelled_at ? { accountFailures: 0, smsRequired: false, lockedAddresses: [] } : await passwordLockout(kv, row.phone);
  return {
    ...rowView(row),
    avatar: row.avatar,
    last_active_at: row.last_active_at ? isoOf(row.last_active_at) : null,
    real_name_masked: realName?.name_masked ?? null,
    real_name_at: realName ? isoOf(realName.verified_at) : null,
    ban: row.disabled && row.disabled_at ? { at: isoOf(row.disabled_at), reason: row.disabled_reason ?? '' } : null,
    balances: { coins_cents: balances.coins ?? 0, wallet_cents: balances.wallet ?? 0, points },
    counts: { orders, coupons, trades, feedback },
    active_sessions: sessions,
    lockout: { account_failures: lockout.accountFailures, sms_required: lockout.smsRequired, locked_addresses: lockout.lockedAddresses.length },
  };
}

function liveSessions(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  return countOf(db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('ended_reason', 'is', null).where('expires_at', '>', now));
}

/** Locks the player's row for the call's transaction (a ban and an unban of one player take turns). */
async function lockPlayer(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(['id', 'phone', 'disabled', 'disabled_reason', 'cancelled_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

const target = (id: number) => `user:${id}`;

export const staffPlayerCalls: StaffCallDefinition[] = [
  handleStaff(players.search, async ({ db, input }) => {
    const page = { page: input.page, limit: input.limit, offset: (input.page - 1) * input.limit };
    const where = matching(input.query);
    const total = await countOf(db.selectFrom('users as u').select((eb) => eb.fn.countAll<number>().as('n')).where(where));
    const rows = total > page.offset ? await rowQuery(db).where(where).orderBy('u.id', 'desc').limit(page.limit).offset(page.offset).execute() : [];
    return staffOk({ list: rows.map(rowView), total, page: page.page, limit: page.limit });
  }),

  handleStaff(players.detail, async ({ db, kv, input, now }) => {
    const detail = await playerDetail(db, kv, input.id, now);
    return detail ? staffOk({ player: detail }) : staffRefuse(PLAYER_ADMIN_MSG.missingPlayer);
  }),

  handleStaff(players.revealPhone, async (ctx) => {
    const row = await ctx.db.selectFrom('users').select(['phone', 'cancelled_at']).where('id', '=', ctx.input.id).executeTakeFirst();
    if (!row) return staffRefuse(PLAYER_ADMIN_MSG.missingPlayer);
    if (row.cancelled_at) return staffRefuse(PLAYER_ADMIN_MSG.cancelledAccount);
    // Who saw whose number (the row's staff and target) and when; the number itself is not copied
    // into the log, whose readers need not see it.
    await ctx.audit('players.revealPhone', target(ctx.input.id), null, { revealed: maskPhone(row.phone) });
    return staffOk({ phone: row.phone });
  }),

  handleStaff(players.ban, async (ctx) => {
    const { db, kv, input, now } = ctx;
    const before = await lockPlayer(db, input.id);
    if (!before) return staffRefuse(PLAYER_ADMIN_MSG.missingPlayer);
    if (before.cancelled_at) return staffRefuse(PLAYER_ADMIN_MSG.cancelledAccount);
    if (before.disabled) return staffOk({ player: (await playerDetail(db, kv, input.id, now))!, changed: false, sessions_ended: 0 }, PLAYER_ADMIN_MSG.alreadyBanned);
    await db.updateTable('users').set({ disabled: true, disabled_at: now, disabled_reason: input.reason }).where('id', '=', input.id).execute();
    const live = await liveSessions(db, input.id, now);
    await endSessions(db, { userId: input.id }, 'disabled', now);
    await db.updateTable('sub_account_sessions').set({ ended_at: now, end_reason: 'disabled' }).where('user_id', '=', input.id).where('ended_at', 'is', null).execute();
    await ctx.audit('players.ban', target(input.id), { banned: false, reason: null }, { banned: true, reason: input.reason, sessions_ended: live });
    return staffOk({ player: (await playerDetail(db, kv, input.id, now))!, changed: true, sessions_ended: live }, PLAYER_ADMIN_MSG.banned);
  }),

  handleStaff(players.unban, async (ctx) => {
    const { db, kv, input, now } = ctx;
    const before = await lockPlayer(db, input.id);
    if (!before) return staffRefuse(PLAYER_ADMIN_MSG.missingPlayer);
    if (!before.disabled) return staffOk({ player: (await playerDetail(db, kv, input.id, now))!, changed: false }, PLAYER_ADMIN_MSG.notBanned);
    await db.updateTable('users').set({ disabled: false, disabled_at: null, disabled_reason: null }).where('id', '=', input.id).execute();
    await ctx.audit('players.unban', target(input.id), { banned: true, reason: before.disabled_reason }, { banned: false, reason: null });
    return staffOk({ player: (await playerDetail(db, kv, input.id, now))!, changed: true }, PLAYER_ADMIN_MSG.unbanned);
  }),

  handleStaff(players.clearLockout, async (ctx) => {
    const { db, kv, input, now } = ctx;
    const row = await db.selectFrom('users').select(['phone', 'cancelled_at']).where('id', '=', input.id).executeTakeFirst();
    if (!row) return staffRefuse(PLAYER_ADMIN_MSG.missingPlayer);
    const lockout = row.cancelled_at ? null : await passwordLockout(kv, row.phone);
    if (!lockout || (lockout.accountFailures === 0 && lockout.lockedAddresses.length === 0)) {
      return staffOk({ player: (await playerDetail(db, kv, input.id, now))!, changed: false }, PLAYER_ADMIN_MSG.noLockout);
    }
    await clearPasswordLockout(kv, row.phone);
    await ctx.audit('players.clearLockout', target(input.id), { account_failures: lockout.accountFailures, sms_required: lockout.smsRequired, locked_addresses: lockout.lockedAddresses }, { account_failures: 0, sms_required: false, locked_addresses: [] });
    return staffOk({ player: (await playerDetail(db, kv, input.id, now))!, changed: true }, PLAYER_ADMIN_MSG.lockoutCleared);
  }),
];
