import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { MESSAGE_KINDS, type MessageKind, type MessageView, type UnreadCounts } from '../../api/protocol/messages.ts';
import type { Database } from '../db/schema.ts';

/**
 * A player's inbox: what the player's calls read and change. Every query is scoped to
 * the player: their own messages and the broadcasts, never another player's (a message id that is
 * not theirs reads as missing).
 *
 * Broadcasts (docs/decisions.md "Messages"): every player sees every broadcast, also one sent
 * before they joined; such an older broadcast counts as read for them (no unread badge for history
 * they never received). Per-player state lives in message_states, written when the player reads or
 * deletes: a row per (player, message) only for what that player touched.
 */

export interface Player {
  id: number;
  /** When the account was created: broadcasts older than this are already read. */
  created_at: Date;
}

type Eb = ExpressionBuilder<Database & { m: Database['messages']; s: Database['message_states'] }, 'm' | 's'>;

export async function playerOf(db: Kysely<Database>, userId: number): Promise<Player> {
  const row = await db.selectFrom('users').select(['id', 'created_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: row.id, created_at: new Date(row.created_at) };
}

/** The signed-in caller as a Player: the session check already read the user row. */
export function playerFrom(user: { id: number; registeredAt: Date }): Player {
  return { id: user.id, created_at: user.registeredAt };
}

/** Messages joined with this player's marks. */
function withState(db: Kysely<Database>, player: Player) {
  return db
    .selectFrom('messages as m')
    .leftJoin('message_states as s', (join) => join.onRef('s.message_id', '=', 'm.id').on('s.user_id', '=', player.id));
}

/** Visible to the player: their own or a broadcast, and not deleted by them. */
function visible(eb: Eb, player: Player): Expression<SqlBool> {
  return eb.and([eb.or([eb('m.user_id', '=', player.id), eb('m.user_id', 'is', null)]), eb('s.deleted_at', 'is', null)]);
}

/** Unread for the player: no read mark, and not a broadcast from before they joined. */
function unread(eb: Eb, player: Player): Expression<SqlBool> {
  return eb.and([eb('s.read_at', 'is', null), eb.or([eb('m.user_id', 'is not', null), eb('m.created_at', '>=', player.created_at)])]);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function viewOf(row: {
  id: number;
  kind: MessageKind;
  title: string;
  content: string;
  link: MessageView['link'];
  user_id: number | null;
  created_at: Date | string;
  read_at: Date | string | null;
}, player: Player): MessageView {
  const broadcast = row.user_id === null;
  const read = row.read_at !== null || (broadcast && new Date(row.created_at).getTime() < player.created_at.getTime());
  return { id: row.id, kind: row.kind, title: row.title, content: row.content, link: row.link ?? null, read, broadcast, created_at: iso(row.created_at) };
}

const COLUMNS = ['m.id', 'm.kind', 'm.title', 'm.content', 'm.link', 'm.user_id', 'm.created_at', 's.read_at'] as const;

/** One page of the player's messages (of a kind, or all), newest first (PROTOCOL §10). */
export async function listMessages(db: Kysely<Database>, player: Player, options: { kind?: MessageKind | undefined; page: number; limit: number }) {
  const { kind, page, limit } = options;
  let base = withState(db, player).where((eb) => visible(eb, player));
  if (kind) base = base.where('m.kind', '=', kind);
  const counts = await base
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.countAll<number>().filterWhere((fb) => unread(fb, player)).as('unread')])
    .executeTakeFirstOrThrow();
  const total = Number(counts.n);
  const offset = (page - 1) * limit;
  const rows = offset >= total ? [] : await base.select(COLUMNS).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute();
  return { list: rows.map((row) => viewOf(row, player)), total, page, limit, unread: Number(counts.unread) };
}

/** Unread counts per kind and in total (getUnreadNotice). */
export async function unreadCounts(db: Kysely<Database>, player: Player): Promise<UnreadCounts> {
  const rows = await withState(db, player)
    .where((eb) => eb.and([visible(eb, player), unread(eb, player)]))
    .select(['m.kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('m.kind')
    .execute();
  const counts = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, 0])) as Record<MessageKind, number>;
  for (const row of rows) counts[row.kind] = Number(row.n);
  return { ...counts, total: MESSAGE_KINDS.reduce((sum, kind) => sum + counts[kind], 0) };
}

/** One of the player's messages, marked read (idempotent); null when it is not theirs or deleted. */
export async function openMessage(db: Kysely<Database>, player: Player, id: number, now: Date): Promise<MessageView | null> {
  const row = await withState(db, player)
    .where('m.id', '=', id)
    .where((eb) => visible(eb, player))
    .select(COLUMNS)
    .executeTakeFirst();
  if (!row) return null;
  const view = viewOf(row, player);
  if (row.read_at === null) {
    await db
      .insertInto('message_states')
      .values({ user_id: player.id, message_id: id, read_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doUpdateSet({ read_at: sql`coalesce(message_states.read_at, excluded.read_at)` }))
      .execute();
  }
  return { ...view, read: true };
}

/** Marks every unread message of the player (of a kind, or all) read; answers how many. */
export async function readAllMessages(db: Kysely<Database>, player: Player, kind: MessageKind | undefined, now: Date): Promise<number> {
  let unreadIds = withState(db, player).where((eb) => eb.and([visible(eb, player), unread(eb, player)]));
  if (kind) unreadIds = unreadIds.where('m.kind', '=', kind);
  const result = await db
    .insertInto('message_states')
    .columns(['user_id', 'message_id', 'read_at'])
    .expression(unreadIds.select([sql.lit(player.id).as('user_id'), 'm.id', sql<Date>`${now}::timestamptz`.as('read_at')]))
    .onConflict((oc) => oc.columns(['user_id', 'message_id']).doUpdateSet({ read_at: sql`coalesce(message_states.read_at, excluded.read_at)` }))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Deletes one of the player's messages (for them only); false when it is not theirs or already deleted. */
export async function deleteMessage(db: Kysely<Database>, player: Player, id: number, now: Date): Promise<boolean> {
  const row = await withState(db, player)
    .where('m.id', '=', id)
    .where((eb) => visible(eb, player))
    .select('m.id')
    .executeTakeFirst();
  if (!row) return false;
  const updated = await db
    .insertInto('message_states')
    .values({ user_id: player.id, message_id: id, deleted_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'message_id']).doUpdateSet({ deleted_at: now }).where('message_states.deleted_at', 'is', null))
    .executeTakeFirst();
  return Number(updated.numInsertedOrUpdatedRows ?? 0) > 0;
}
