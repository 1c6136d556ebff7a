import { CHAT_MESSAGE_KINDS, readChatMessage, type ChatMessage } from '../../../../api/protocol/service-chat.ts';
import type { DeskConversation, DeskCounts, DeskLastMessage, DeskMessages, DeskQueue, DeskStatus, DeskStreamEvent, DeskUploaded, QuickReplyView } from '../../../../api/protocol/service-desk.ts';

/**
 * The desk reads what the server sends through these checks: the answers of its calls (typed by
 * the declarations, but a network answer is still data) and the agents' stream events, which
 * arrive as text. Each answers the value or null, never throws, and keeps no field it did not
 * check.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isIdOrNull = (value: unknown): value is number | null => value === null || isId(value);
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isTime = (value: unknown): value is string => typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));
const isTimeOrNull = (value: unknown): value is string | null => value === null || isTime(value);
const STATUSES: readonly unknown[] = ['queued', 'open', 'closed'];

function readLastMessage(value: unknown): DeskLastMessage | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const { direction, kind, content, has_image } = value;
  if ((direction !== 'in' && direction !== 'out') || !(CHAT_MESSAGE_KINDS as readonly unknown[]).includes(kind) || typeof content !== 'string' || typeof has_image !== 'boolean') return undefined;
  return { direction, kind: kind as DeskLastMessage['kind'], content, has_image };
}

export function readDeskConversation(value: unknown): DeskConversation | null {
  if (!isObject(value)) return null;
  const v = value;
  if (!isId(v.id) || !isId(v.user_id) || typeof v.user_uuid !== 'string' || typeof v.nickname !== 'string' || !STATUSES.includes(v.status)) return null;
  if (!isIdOrNull(v.agent_id) || !isTextOrNull(v.agent) || !isTextOrNull(v.agent_name) || typeof v.mine !== 'boolean' || typeof v.readable !== 'boolean' || !isIdOrNull(v.position)) return null;
  if (!isTime(v.created_at) || !isTimeOrNull(v.taken_at) || !isTimeOrNull(v.closed_at) || !isTime(v.last_message_at)) return null;
  const last = readLastMessage(v.last_message);
  if (last === undefined) return null;
  return {
    id: v.id,
    user_id: v.user_id,
    user_uuid: v.user_uuid,
    nickname: v.nickname,
    status: v.status as DeskStatus,
    agent_id: v.agent_id,
    agent: v.agent,
    agent_name: v.agent_name,
    mine: v.mine,
    readable: v.readable,
    position: v.position,
    created_at: v.created_at,
    taken_at: v.taken_at,
    closed_at: v.closed_at,
    last_message_at: v.last_message_at,
    last_message: last,
  };
}

/** A list whose every item reads, or null. */
function readList<T>(value: unknown, read: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const out: T[] = [];
  for (const item of value) {
    const read1 = read(item);
    if (read1 === null) return null;
    out.push(read1);
  }
  return out;
}

function readCounts(value: unknown): DeskCounts | null {
  if (!isObject(value) || !isCount(value.queued) || !isCount(value.mine) || !isCount(value.open)) return null;
  return { queued: value.queued, mine: value.mine, open: value.open };
}

export function readDeskQueue(value: unknown): DeskQueue | null {
  if (!isObject(value) || !isTime(value.server_time)) return null;
  const list = readList(value.list, readDeskConversation);
  const counts = readCounts(value.counts);
  return list && counts ? { list, counts, server_time: value.server_time } : null;
}

export function readDeskMessages(value: unknown): DeskMessages | null {
  if (!isObject(value) || typeof value.has_more !== 'boolean' || !isTime(value.server_time)) return null;
  const conversation = readDeskConversation(value.conversation);
  const list = readList(value.list, readChatMessage);
  return conversation && list ? { conversation, list, has_more: value.has_more, server_time: value.server_time } : null;
}

/** `{ conversation }` (take and close answers, and the refusals that carry it). */
export function readConversationHolder(value: unknown): DeskConversation | null {
  return isObject(value) ? readDeskConversation(value.conversation) : null;
}

export function readReplied(value: unknown): ChatMessage | null {
  return isObject(value) ? readChatMessage(value.message) : null;
}

export function readQuickReply(value: unknown): QuickReplyView | null {
  if (!isObject(value) || !isId(value.id) || typeof value.content !== 'string' || !isCount(value.sort)) return null;
  return { id: value.id, content: value.content, sort: value.sort };
}

export function readQuickReplies(value: unknown): QuickReplyView[] | null {
  return isObject(value) ? readList(value.list, readQuickReply) : null;
}

/** The staff upload path's `data`: a stored picture's key and address. */
export function readUploaded(value: unknown): DeskUploaded | null {
  if (!isObject(value) || typeof value.key !== 'string' || value.key === '' || typeof value.url !== 'string' || value.url === '') return null;
  return { key: value.key, url: value.url };
}

/** An agents' stream event (EventSource's event name and data text), or null. */
export function decodeDeskStreamEvent(name: string, data: unknown): DeskStreamEvent | null {
  if (typeof data !== 'string' || data.length > 1_000_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(parsed) || !isId(parsed.conversation_id) || !isId(parsed.user_id)) return null;
  const { conversation_id, user_id } = parsed;
  if (name === 'conversation') {
    if (!STATUSES.includes(parsed.status) || !isIdOrNull(parsed.agent_id) || !isTextOrNull(parsed.agent)) return null;
    return { type: 'conversation', data: { conversation_id, user_id, status: parsed.status as DeskStatus, agent_id: parsed.agent_id, agent: parsed.agent } };
  }
  if (name === 'message') {
    const message = readChatMessage(parsed.message);
    return message ? { type: 'message', data: { conversation_id, user_id, message } } : null;
  }
  return null;
}
