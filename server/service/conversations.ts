import type { Kysely, Transaction } from 'kysely';
import { MESSAGE_MAX_LENGTH } from '../../api/protocol/calls/user.ts';
import { agentName, queueText, type ChatMessage, type ServiceQueue } from '../../api/protocol/service-chat.ts';
import type { ServerConfig } from '../config.ts';
import type { Database, ServiceConversationStatus, ServiceMessageDirection, ServiceMessageKind } from '../db/schema.ts';
import { mediaUrl } from '../uploads/index.ts';
import { userTopic, type ServiceBus, type ServiceBusEvent, type ServiceTopic } from './bus.ts';
import { serviceStatus } from './hours.ts';

/**
 * Conversations between a player and the agents: the player's side (a message
 * with no open conversation opens a queued one) and the agents' rules as plain functions, which
 * the staff console's calls wrap (phase 2). Every change is written in one transaction that
 * holds the conversation's row, then announced on the bus (server/service/bus.ts).
 *
 * Because every write to a conversation holds its row until it commits, and a player has one
 * conversation that is not closed at a time, a player's message ids commit in increasing order:
 * the stream's cursor ("every message after id n") never skips one.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const SERVICE_TEXT = {
  /** The note in the chat when an agent takes the conversation. */
  taken: (agent: string) => `${agent}已接入，很高兴为您服务`,
  closed: '本次会话已结束，如还有问题，请继续留言',
  /** Shown to the player instead of the picture in the '客服消息' notification. */
  picture: '[图片]',
} as const;

/** Why an agent's action was refused, and what the console shows. */
export const AGENT_REFUSAL = {
  notFound: '会话不存在',
  taken: '该会话已被其他客服接待',
  alreadyYours: '该会话已由您接待',
  notTaken: '请先接待该会话',
  notHolder: '只有接待该会话的客服才能操作',
  closed: '会话已结束',
  empty: '请输入回复内容',
  tooLong: `回复内容不能超过${MESSAGE_MAX_LENGTH}字`,
  badImage: '图片无效，请重新上传',
  quickReplyEmpty: '请输入快捷回复内容',
  quickReplyTooLong: `快捷回复不能超过${MESSAGE_MAX_LENGTH}字`,
  quickReplyNotFound: '快捷回复不存在',
} as const;

export type AgentRefusalReason = keyof typeof AGENT_REFUSAL;
export type AgentResult<T> = { ok: true; value: T } | { ok: false; reason: AgentRefusalReason; message: string };

const refused = <T>(reason: AgentRefusalReason): AgentResult<T> => ({ ok: false, reason, message: AGENT_REFUSAL[reason] });

export interface ConversationRow {
  id: number;
  user_id: number;
  status: ServiceConversationStatus;
  agent_id: number | null;
  created_at: Date;
  taken_at: Date | null;
  closed_at: Date | null;
  last_message_at: Date;
}

export interface MessageRow {
  id: number;
  user_id: number;
  conversation_id: number | null;
  direction: ServiceMessageDirection;
  kind: ServiceMessageKind;
  content: string;
  image_key: string | null;
  agent_id: number | null;
  read_at: Date | null;
  created_at: Date;
}

const MESSAGE_COLUMNS = ['id', 'user_id', 'conversation_id', 'direction', 'kind', 'content', 'image_key', 'agent_id', 'read_at', 'created_at'] as const;
const CONVERSATION_COLUMNS = ['id', 'user_id', 'status', 'agent_id', 'created_at', 'taken_at', 'closed_at', 'last_message_at'] as const;

/** A stored message as the player's chat shows it. */
export function toChatMessage(row: Pick<MessageRow, 'id' | 'direction' | 'kind' | 'content' | 'image_key' | 'agent_id' | 'created_at'>, config: Pick<ServerConfig, 'mediaBaseUrl'>): ChatMessage {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    content: row.content,
    image: row.image_key ? mediaUrl(config, row.image_key) : null,
    agent: row.kind === 'agent' && row.agent_id !== null ? agentName(row.agent_id) : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** What to tell the bus once a change has committed. */
export type Announcement = readonly [ServiceTopic, ServiceBusEvent];

/**
 * An agent's action done inside the caller's transaction: its result and what to announce on the
 * bus **after** that transaction commits (a stream poked before the commit would read nothing new).
 */
export type Pending<T> = { value: T; announcements: Announcement[] };

/** Sends each announcement; a bus failure is the bus's to log (the streams' catch-up covers it). */
export async function announce(bus: ServiceBus, announcements: ReadonlyArray<Announcement>): Promise<void> {
  await Promise.all(announcements.map(([topic, event]) => bus.publish(topic, event)));
}

function checkedText(text: string | undefined, empty: AgentRefusalReason, tooLong: AgentRefusalReason): { ok: true; text: string } | { ok: false; reason: AgentRefusalReason } {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: false, reason: empty };
  return Array.from(trimmed).length > MESSAGE_MAX_LENGTH ? { ok: false, reason: tooLong } : { ok: true, text: trimmed };
}

// ---- The player's side ----

/** The player's conversation that is not closed, locked for this transaction, or null. */
async function liveConversation(trx: Transaction<Database>, userId: number): Promise<ConversationRow | null> {
  const row = await trx.selectFrom('service_conversations').select(CONVERSATION_COLUMNS).where('user_id', '=', userId).where('status', '<>', 'closed').forUpdate().executeTakeFirst();
  return row ?? null;
}

/**
 * The player's live conversation, opened (queued) when there is none. Two racing first messages
 * meet at the partial unique index: one inserts, the other waits for it and then finds it.
 */
export async function ensureConversation(trx: Transaction<Database>, userId: number, now: Date): Promise<{ conversation: ConversationRow; opened: boolean }> {
  const inserted = await trx
    .insertInto('service_conversations')
    .values({ user_id: userId, status: 'queued', agent_id: null, created_at: now, taken_at: null, closed_at: null, last_message_at: now })
    .onConflict((oc) => oc.column('user_id').where('status', '<>', 'closed').doNothing())
    .returning(CONVERSATION_COLUMNS)
    .executeTakeFirst();
  if (inserted) return { conversation: inserted, opened: true };
  const current = await liveConversation(trx, userId);
  if (!current) throw new Error('service conversation vanished while opening');
  return { conversation: current, opened: false };
}

export interface PlayerMessage {
  content: string;
  /** An object key the player uploaded, or null. */
  imageKey: string | null;
}

export interface PlayerMessageWritten {
  message: MessageRow;
  conversation: ConversationRow;
  /** True when this message opened the conversation (it joined the queue). */
  opened: boolean;
}

/**
 * Writes a player's message into their conversation (opening a queued one when none is live);
 * `extra` runs in the same transaction (the automatic reply). Null when the picture is not one
 * the player uploaded.
 */
export async function writePlayerMessage(
  db: Kysely<Database>,
  bus: ServiceBus,
  userId: number,
  input: PlayerMessage,
  now: Date,
  extra?: (trx: Transaction<Database>, written: PlayerMessageWritten) => Promise<void>,
): Promise<PlayerMessageWritten | null> {
  const written = await db.transaction().execute(async (trx) => {
    if (input.imageKey) {
      const upload = await trx.selectFrom('uploads').select('object_key').where('user_id', '=', userId).where('object_key', '=', input.imageKey).executeTakeFirst();
      if (!upload) return null;
    }
    const { conversation, opened } = await ensureConversation(trx, userId, now);
    const message = await trx
      .insertInto('service_messages')
      .values({ user_id: userId, conversation_id: conversation.id, direction: 'in', kind: 'user', content: input.content, image_key: input.imageKey, read_at: null, created_at: now })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx.updateTable('service_conversations').set({ last_message_at: now }).where('id', '=', conversation.id).execute();
    const result = { message, conversation: { ...conversation, last_message_at: now }, opened };
    if (extra) await extra(trx, result);
    return result;
  });
  if (!written) return null;
  const { message, conversation, opened } = written;
  await announce(bus, [
    ...(opened
      ? ([
          [userTopic(userId), { type: 'conversation', userId, conversationId: conversation.id, status: 'queued', agentId: null }],
          ['agents', { type: 'conversation', userId, conversationId: conversation.id, status: 'queued', agentId: null }],
        ] as const)
      : []),
    [userTopic(userId), { type: 'message', userId, conversationId: conversation.id, messageId: message.id, from: 'player' }],
    ['agents', { type: 'message', userId, conversationId: conversation.id, messageId: message.id, from: 'player' }],
  ]);
  return written;
}

/** The newest message id the player can see now, or null. */
export async function lastVisibleMessageId(db: Db, userId: number, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('service_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .where('created_at', '<=', now)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** 1 for the conversation next to be taken. */
async function queuePosition(db: Db, conversation: Pick<ConversationRow, 'id' | 'created_at'>): Promise<number> {
  const { ahead } = await db
    .selectFrom('service_conversations')
    .select((eb) => eb.fn.countAll<number>().as('ahead'))
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('created_at', '<', conversation.created_at), eb.and([eb('created_at', '=', conversation.created_at), eb('id', '<', conversation.id)])]))
    .executeTakeFirstOrThrow();
  return Number(ahead) + 1;
}

/** getWoliveQueue: the player's latest conversation, their place in the queue, the agent, the service status. */
export async function queueOf(db: Db, config: Pick<ServerConfig, 'serviceStatus'>, userId: number, now: Date): Promise<ServiceQueue> {
  const latest = await db.selectFrom('service_conversations').select(CONVERSATION_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const status = serviceStatus(config.serviceStatus, now);
  const last_message_id = await lastVisibleMessageId(db, userId, now);
  if (!latest) return { state: 'none', conversation_id: null, position: null, agent: null, last_message_id, status, text: '' };
  const position = latest.status === 'queued' ? await queuePosition(db, latest) : null;
  const queue = { state: latest.status, conversation_id: latest.id, position, agent: latest.agent_id !== null ? agentName(latest.agent_id) : null, last_message_id, status };
  return { ...queue, text: queueText(queue) };
}

// ---- The agents' side (staff calls in phase 2) ----

export interface ConversationSummary {
  id: number;
  user_id: number;
  user_uuid: string;
  nickname: string;
  status: ServiceConversationStatus;
  agent_id: number | null;
  agent: string | null;
  /** Place in the queue (queued only). */
  position: number | null;
  created_at: Date;
  taken_at: Date | null;
  closed_at: Date | null;
  last_message_at: Date;
  last_message: { direction: ServiceMessageDirection; kind: ServiceMessageKind; content: string; has_image: boolean } | null;
}

export const LIST_QUEUE_MAX = 100;

const summaryQuery = (db: Db) =>
  db
    .selectFrom('service_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'u.uuid as user_uuid', 'u.nickname', 'c.status', 'c.agent_id', 'c.created_at', 'c.taken_at', 'c.closed_at', 'c.last_message_at']);

type SummaryRow = Omit<ConversationSummary, 'agent' | 'position' | 'last_message'>;

/** Adds each conversation's agent name, last message and (given) queue place. */
async function summarise(db: Db, rows: SummaryRow[], positionOf: (row: SummaryRow, index: number) => number | null | Promise<number | null>, visibleAt?: Date): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  let lastQuery = db
    .selectFrom('service_messages')
    .distinctOn('conversation_id')
    .select(['conversation_id', 'direction', 'kind', 'content', 'image_key'])
    .where(
      'conversation_id',
      'in',
      rows.map((row) => row.id),
    );
  // An automatic reply is stored ahead of its time: the last message is the last one visible by then.
  if (visibleAt) lastQuery = lastQuery.where('created_at', '<=', visibleAt);
  const last = await lastQuery
    .orderBy('conversation_id')
    .orderBy('id', 'desc')
    .execute();
  const lastBy = new Map(last.map((row) => [row.conversation_id, row]));
  return Promise.all(
    rows.map(async (row, index) => {
      const message = lastBy.get(row.id);
      return {
        ...row,
        agent: row.agent_id !== null ? agentName(row.agent_id) : null,
        position: row.status === 'queued' ? await positionOf(row, index) : null,
        last_message: message ? { direction: message.direction, kind: message.kind, content: message.content, has_image: message.image_key !== null } : null,
      };
    }),
  );
}

/**
 * The conversations of one status for the console: queued ones in queue order (oldest first),
 * open ones by when they were taken (optionally one agent's), closed ones newest first.
 */
export async function listQueue(db: Db, options: { status: ServiceConversationStatus; agentId?: number; limit?: number; visibleAt?: Date }): Promise<ConversationSummary[]> {
  const limit = Math.max(1, Math.min(options.limit ?? 50, LIST_QUEUE_MAX));
  let query = summaryQuery(db).where('c.status', '=', options.status);
  if (options.agentId !== undefined) query = query.where('c.agent_id', '=', options.agentId);
  query =
    options.status === 'queued'
      ? query.orderBy('c.created_at', 'asc').orderBy('c.id', 'asc')
      : options.status === 'open'
        ? query.orderBy('c.taken_at', 'asc').orderBy('c.id', 'asc')
        : query.orderBy('c.closed_at', 'desc').orderBy('c.id', 'desc');
  const rows = await query.limit(limit).execute();
  // The list is the queue from its head, so a row's place is its index.
  return summarise(db, rows, (_row, index) => index + 1, options.visibleAt);
}

/** One conversation as the console lists it, or null. */
export async function conversationSummary(db: Db, conversationId: number, visibleAt?: Date): Promise<ConversationSummary | null> {
  const row = await summaryQuery(db).where('c.id', '=', conversationId).executeTakeFirst();
  if (!row) return null;
  const [summary] = await summarise(db, [row], (queued) => queuePosition(db, queued), visibleAt);
  return summary ?? null;
}

/** How many conversations wait in the queue, are held by this agent, are open in all. */
export async function queueCounts(db: Db, agentId: number): Promise<{ queued: number; mine: number; open: number }> {
  const rows = await db
    .selectFrom('service_conversations')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('agent_id', '=', agentId).then(1).else(0).end()).as('mine')])
    .where('status', '<>', 'closed')
    .groupBy('status')
    .execute();
  const of = (status: ServiceConversationStatus) => rows.find((row) => row.status === status);
  return { queued: Number(of('queued')?.n ?? 0), mine: Number(of('open')?.mine ?? 0), open: Number(of('open')?.n ?? 0) };
}

/**
 * A page of the player's whole chat for the agent holding (or about to take) it: newest last;
 * `beforeId` pages back; `visibleAt` leaves out automatic replies not yet shown to the player.
 */
export async function conversationMessages(db: Db, conversationId: number, options: { beforeId?: number; limit?: number; visibleAt?: Date } = {}): Promise<MessageRow[]> {
  const conversation = await db.selectFrom('service_conversations').select('user_id').where('id', '=', conversationId).executeTakeFirst();
  if (!conversation) return [];
  let query = db.selectFrom('service_messages').select(MESSAGE_COLUMNS).where('user_id', '=', conversation.user_id);
  if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
  if (options.visibleAt) query = query.where('created_at', '<=', options.visibleAt);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(Math.max(1, Math.min(options.limit ?? 50, LIST_QUEUE_MAX)))
    .execute();
  return rows.reverse();
}

async function conversationById(db: Db, conversationId: number): Promise<ConversationRow | null> {
  return (await db.selectFrom('service_conversations').select(CONVERSATION_COLUMNS).where('id', '=', conversationId).executeTakeFirst()) ?? null;
}

async function insertNote(trx: Kysely<Database>, conversation: Pick<ConversationRow, 'id' | 'user_id'>, content: string, agentId: number, now: Date): Promise<MessageRow> {
  // A note is read as it is written: it raises no '客服消息' and counts in no unread number.
  return trx
    .insertInto('service_messages')
    .values({ user_id: conversation.user_id, conversation_id: conversation.id, direction: 'out', kind: 'system', content, image_key: null, agent_id: agentId, read_at: now, created_at: now })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * An agent takes a queued conversation, inside the caller's transaction (the staff call's): the
 * status changes only where it is still 'queued', in one statement, so of agents taking at once
 * exactly one wins; the others are told it was taken. Announce the answer's `announcements` after
 * the commit.
 */
export async function takeConversationIn(trx: Kysely<Database>, agentId: number, conversationId: number, now: Date): Promise<AgentResult<Pending<ConversationRow>>> {
  const taken = await trx
    .updateTable('service_conversations')
    .set({ status: 'open', agent_id: agentId, taken_at: now, last_message_at: now })
    .where('id', '=', conversationId)
    .where('status', '=', 'queued')
    .returning(CONVERSATION_COLUMNS)
    .executeTakeFirst();
  if (!taken) {
    const current = await conversationById(trx, conversationId);
    if (!current) return refused('notFound');
    if (current.status === 'closed') return refused('closed');
    return refused(current.agent_id === agentId ? 'alreadyYours' : 'taken');
  }
  // Automatic replies answer only while no agent holds the conversation: one still waiting for its
  // time (stored ahead, not yet shown to the player) is withdrawn, or it would follow the agent's greeting.
  await trx.deleteFrom('service_messages').where('conversation_id', '=', conversationId).where('kind', '=', 'auto').where('created_at', '>', now).execute();
  const note = await insertNote(trx, taken, SERVICE_TEXT.taken(agentName(agentId)), agentId, now);
  const change = { type: 'conversation', userId: taken.user_id, conversationId, status: 'open', agentId } as const;
  return {
    ok: true,
    value: {
      value: taken,
      announcements: [
        [userTopic(taken.user_id), change],
        [userTopic(taken.user_id), { type: 'message', userId: taken.user_id, conversationId, messageId: note.id, from: 'service' }],
        ['queue', { type: 'queue' }],
        ['agents', change],
      ],
    },
  };
}

/** Runs an in-transaction action in its own transaction, then announces it. */
async function committed<T>(db: Kysely<Database>, bus: ServiceBus, action: (trx: Transaction<Database>) => Promise<AgentResult<Pending<T>>>): Promise<AgentResult<T>> {
  const result = await db.transaction().execute(action);
  if (!result.ok) return result;
  await announce(bus, result.value.announcements);
  return { ok: true, value: result.value.value };
}

/**
 * An agent takes a queued conversation (its own transaction; takeConversationIn for a caller's).
 * The player sees `客服XX为您服务` and a note in the chat; every queued player's position moves up.
 */
export async function takeConversation(db: Kysely<Database>, bus: ServiceBus, agentId: number, conversationId: number, now: Date): Promise<AgentResult<ConversationRow>> {
  return committed(db, bus, (trx) => takeConversationIn(trx, agentId, conversationId, now));
}

/** The held conversation, locked; or why this agent may not act on it. */
async function heldConversation(trx: Kysely<Database>, agentId: number, conversationId: number): Promise<AgentResult<ConversationRow>> {
  const conversation = await trx.selectFrom('service_conversations').select(CONVERSATION_COLUMNS).where('id', '=', conversationId).forUpdate().executeTakeFirst();
  if (!conversation) return refused('notFound');
  if (conversation.status === 'closed') return refused('closed');
  if (conversation.status === 'queued') return refused('notTaken');
  if (conversation.agent_id !== agentId) return refused('notHolder');
  return { ok: true, value: conversation };
}

export type AgentReply = { text: string; imageKey?: undefined } | { imageKey: string; text?: undefined } | { text: string; imageKey: string };

/**
 * The agent holding an open conversation writes to the player, inside the caller's transaction:
 * text, a picture they uploaded (recordAgentUpload), or both. The player's stream shows it at once;
 * elsewhere the unread poll raises '客服消息' (the message is unread until the chat shows it).
 */
export async function agentReplyIn(trx: Kysely<Database>, agentId: number, conversationId: number, reply: AgentReply, now: Date): Promise<AgentResult<Pending<MessageRow>>> {
  const imageKey = reply.imageKey ?? null;
  let content = '';
  if (reply.text !== undefined || imageKey === null) {
    const text = checkedText(reply.text, 'empty', 'tooLong');
    if (!text.ok && !(imageKey !== null && text.reason === 'empty')) return refused(text.reason);
    content = text.ok ? text.text : '';
  }
  const held = await heldConversation(trx, agentId, conversationId);
  if (!held.ok) return held;
  if (imageKey !== null) {
    const upload = await trx.selectFrom('service_agent_uploads').select('object_key').where('agent_id', '=', agentId).where('object_key', '=', imageKey).executeTakeFirst();
    if (!upload) return refused('badImage');
  }
  const message = await trx
    .insertInto('service_messages')
    .values({ user_id: held.value.user_id, conversation_id: conversationId, direction: 'out', kind: 'agent', content, image_key: imageKey, agent_id: agentId, read_at: null, created_at: now })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
  await trx.updateTable('service_conversations').set({ last_message_at: now }).where('id', '=', conversationId).execute();
  const event = { type: 'message', userId: message.user_id, conversationId, messageId: message.id, from: 'agent' } as const;
  return {
    ok: true,
    value: {
      value: message,
      announcements: [
        [userTopic(message.user_id), event],
        ['agents', event],
      ],
    },
  };
}

/** agentReplyIn in its own transaction, announced. */
export async function agentReply(db: Kysely<Database>, bus: ServiceBus, agentId: number, conversationId: number, reply: AgentReply, now: Date): Promise<AgentResult<MessageRow>> {
  return committed(db, bus, (trx) => agentReplyIn(trx, agentId, conversationId, reply, now));
}

/** The agent holding the conversation ends it, inside the caller's transaction; the player sees 已结束, and their next message queues again. */
export async function closeConversationIn(trx: Kysely<Database>, agentId: number, conversationId: number, now: Date): Promise<AgentResult<Pending<ConversationRow>>> {
  const held = await heldConversation(trx, agentId, conversationId);
  if (!held.ok) return held;
  const conversation = await trx
    .updateTable('service_conversations')
    .set({ status: 'closed', closed_at: now, last_message_at: now })
    .where('id', '=', conversationId)
    .returning(CONVERSATION_COLUMNS)
    .executeTakeFirstOrThrow();
  const note = await insertNote(trx, conversation, SERVICE_TEXT.closed, agentId, now);
  const change = { type: 'conversation', userId: conversation.user_id, conversationId, status: 'closed', agentId } as const;
  return {
    ok: true,
    value: {
      value: conversation,
      announcements: [
        [userTopic(conversation.user_id), { type: 'message', userId: conversation.user_id, conversationId, messageId: note.id, from: 'service' }],
        [userTopic(conversation.user_id), change],
        ['agents', change],
      ],
    },
  };
}

/** closeConversationIn in its own transaction, announced. */
export async function closeConversation(db: Kysely<Database>, bus: ServiceBus, agentId: number, conversationId: number, now: Date): Promise<AgentResult<ConversationRow>> {
  return committed(db, bus, (trx) => closeConversationIn(trx, agentId, conversationId, now));
}

/** A picture an agent uploaded (the staff upload path, phase 2): only these may appear in their replies. */
export async function recordAgentUpload(db: Db, agentId: number, objectKey: string, now: Date): Promise<void> {
  await db
    .insertInto('service_agent_uploads')
    .values({ agent_id: agentId, object_key: objectKey, created_at: now })
    .onConflict((oc) => oc.columns(['agent_id', 'object_key']).doNothing())
    .execute();
}

// ---- Quick replies ----

export interface QuickReply {
  id: number;
  content: string;
  sort: number;
}

/** In their order (sort, then id). */
export async function listQuickReplies(db: Db): Promise<QuickReply[]> {
  return db.selectFrom('service_quick_replies').select(['id', 'content', 'sort']).orderBy('sort').orderBy('id').execute();
}

export async function createQuickReply(db: Db, input: { content: string; sort?: number }, now: Date): Promise<AgentResult<QuickReply>> {
  const text = checkedText(input.content, 'quickReplyEmpty', 'quickReplyTooLong');
  if (!text.ok) return refused(text.reason);
  const row = await db
    .insertInto('service_quick_replies')
    .values({ content: text.text, sort: input.sort ?? 0, created_at: now, updated_at: now })
    .returning(['id', 'content', 'sort'])
    .executeTakeFirstOrThrow();
  return { ok: true, value: row };
}

export async function updateQuickReply(db: Db, id: number, input: { content?: string; sort?: number }, now: Date): Promise<AgentResult<QuickReply>> {
  let content: string | undefined;
  if (input.content !== undefined) {
    const text = checkedText(input.content, 'quickReplyEmpty', 'quickReplyTooLong');
    if (!text.ok) return refused(text.reason);
    content = text.text;
  }
  const row = await db
    .updateTable('service_quick_replies')
    .set({ ...(content !== undefined ? { content } : {}), ...(input.sort !== undefined ? { sort: input.sort } : {}), updated_at: now })
    .where('id', '=', id)
    .returning(['id', 'content', 'sort'])
    .executeTakeFirst();
  return row ? { ok: true, value: row } : refused('quickReplyNotFound');
}

export async function deleteQuickReply(db: Db, id: number): Promise<AgentResult<null>> {
  const { numDeletedRows } = await db.deleteFrom('service_quick_replies').where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n ? { ok: true, value: null } : refused('quickReplyNotFound');
}
