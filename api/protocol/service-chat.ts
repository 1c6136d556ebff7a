import * as v from 'valibot';
import { int } from './call-spec.ts';
/**
 * Customer service, two-sided: the shapes both sides read — a chat message, the
 * player's place in the queue, the texts the player sees for it — and the server-sent event
 * stream of /service: its path, timings, encoder (the server) and decoder (the browser).
 * Pure: no dependency, so the server, the machines and the pages import the same rules.
 */

/** Who wrote a message: the player, the welcome line, the automatic agent, a human agent, or the service's own note (taken, closed). */
export const ChatMessageKind = v.picklist(['user', 'welcome', 'auto', 'agent', 'system']);
export type ChatMessageKind = v.InferOutput<typeof ChatMessageKind>;
export const CHAT_MESSAGE_KINDS: readonly ChatMessageKind[] = ['user', 'welcome', 'auto', 'agent', 'system'];

/** One chat line: 'in' player → service, 'out' service → player. */
export const ChatMessage = v.object({
  id: int,
  direction: v.picklist(['in', 'out']),
  kind: ChatMessageKind,
  /** '' for a picture alone. */
  content: v.string(),
  /** Where the picture is served, or null. */
  image: v.nullable(v.string()),
  /** The agent's name ('客服007') on an agent's message, else null. */
  agent: v.nullable(v.string()),
  /** ISO time. */
  created_at: v.string(),
});
export type ChatMessage = v.InferOutput<typeof ChatMessage>;

/** none: the player never wrote (or wrote before conversations existed); the others are the conversation's status. */
export const QueueState = v.picklist(['none', 'queued', 'open', 'closed']);
export type QueueState = v.InferOutput<typeof QueueState>;
export const QUEUE_STATES: readonly QueueState[] = ['none', 'queued', 'open', 'closed'];

export const ServiceStatus = v.picklist(['online', 'offline']);
export type ServiceStatus = v.InferOutput<typeof ServiceStatus>;

/** getWoliveQueue's answer, and the stream's queue events: the player's latest conversation. */
export const ServiceQueue = v.object({
  state: QueueState,
  conversation_id: v.nullable(int),
  /** 1 = next to be taken; set while queued only. */
  position: v.nullable(v.number()),
  /** The agent's name while an agent holds the conversation (and after they closed it). */
  agent: v.nullable(v.string()),
  /** The newest message the player can see (a poll compares it with what the chat shows). */
  last_message_id: v.nullable(int),
  /** The service hours' status (PROTOCOL §7 getServiceStatus). */
  status: ServiceStatus,
  /** What the player is shown: queueText(this). */
  text: v.string(),
});
export type ServiceQueue = v.InferOutput<typeof ServiceQueue>;

export const QUEUE_TEXT = {
  queued: (position: number) => `排队中 第${position}位`,
  open: (agent: string) => `${agent}为您服务`,
  closed: '已结束',
} as const;

/** 排队中 第N位 / 客服XX为您服务 / 已结束; '' before the player's first message. */
export function queueText(queue: Pick<ServiceQueue, 'state' | 'position' | 'agent'>): string {
  switch (queue.state) {
    case 'queued':
      return QUEUE_TEXT.queued(queue.position ?? 1);
    case 'open':
      return QUEUE_TEXT.open(queue.agent ?? '客服');
    case 'closed':
      return QUEUE_TEXT.closed;
    default:
      return '';
  }
}

/**
 * What players call an agent: 客服 and the agent's work number (staff id, three digits at least),
 * e.g. 客服007. Staff account names stay inside the console.
 */
export function agentName(agentId: number): string {
  return `客服${String(agentId).padStart(3, '0')}`;
}

/** SPEC §7, §9: the customer-service poll's interval (also /service's poll while the stream is down). */
export const SERVICE_POLL_INTERVAL_MS = 20_000;

// ---- The event stream (server-sent events) ----

/**
 * GET SERVICE_STREAM.path?ticket=<from getChatStreamTicket>[&last_event_id=<n>]; the header
 * Last-Event-ID wins over the query. A ticket lives ticketTtlMs and opens one stream.
 */
export const SERVICE_STREAM = {
  path: '/api/service/stream',
  ticketTtlMs: 60_000,
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
} as const;

/**
 * The stream's events. Every event carries `id: <n>`, n = the newest message id the stream has
 * delivered (the cursor): a stream resumed with Last-Event-ID n sends every message after n, then
 * the queue as it is now.
 *   message  { message: ChatMessage }   a new message of the player's chat (either side's)
 *   queue    { queue: ServiceQueue }     the queue as it is now: on connect, then on each change
 *   closed   { queue: ServiceQueue }     the conversation was closed (queue.state 'closed')
 */
export type ServiceStreamEvent =
  | { type: 'message'; id: number; message: ChatMessage }
  | { type: 'queue'; id: number; queue: ServiceQueue }
  | { type: 'closed'; id: number; queue: ServiceQueue };

export const STREAM_EVENT_NAMES = ['message', 'queue', 'closed'] as const;
export type StreamEventName = (typeof STREAM_EVENT_NAMES)[number];

/** One SSE frame. JSON never holds a raw line break, so `data:` is one line. */
export function encodeStreamEvent(event: ServiceStreamEvent): string {
  const data = event.type === 'message' ? { message: event.message } : { queue: event.queue };
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The cursor a client sends back (Last-Event-ID or last_event_id): a non-negative safe integer, else null. */
export function parseEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isIdOrNull = (value: unknown): value is number | null => value === null || isId(value);
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** A chat message as sent by the server, or null when any field is missing or of the wrong kind. */
export function readChatMessage(value: unknown): ChatMessage | null {
  if (!isObject(value)) return null;
  const { id, direction, kind, content, image, agent, created_at } = value;
  if (!isId(id) || (direction !== 'in' && direction !== 'out') || typeof content !== 'string' || typeof created_at !== 'string') return null;
  if (Number.isNaN(Date.parse(created_at))) return null;
  // Answers from before conversations carried no kind, image or agent.
  const k = kind === undefined ? (direction === 'in' ? 'user' : 'auto') : kind;
  if (!(CHAT_MESSAGE_KINDS as readonly unknown[]).includes(k)) return null;
  if (!(image === undefined || isTextOrNull(image)) || !(agent === undefined || isTextOrNull(agent))) return null;
  return { id, direction, kind: k as ChatMessageKind, content, image: image ?? null, agent: agent ?? null, created_at };
}

/** The queue as sent by the server, or null when malformed. `text` is recomputed from the rest. */
export function readServiceQueue(value: unknown): ServiceQueue | null {
  if (!isObject(value)) return null;
  const { state, conversation_id, position, agent, last_message_id, status } = value;
  if (!(QUEUE_STATES as readonly unknown[]).includes(state)) return null;
  if (!isIdOrNull(conversation_id) || !isIdOrNull(position) || !isTextOrNull(agent) || !isIdOrNull(last_message_id)) return null;
  if (status !== 'online' && status !== 'offline') return null;
  const queue = { state: state as QueueState, conversation_id, position, agent, last_message_id, status: status as ServiceStatus };
  return { ...queue, text: queueText(queue) };
}

/**
 * An EventSource event as the browser hands it over (its name, data and lastEventId), checked:
 * the event or null. Never throws, whatever arrives.
 */
export function decodeStreamEvent(name: string, data: unknown, lastEventId: unknown): ServiceStreamEvent | null {
  const id = parseEventId(lastEventId);
  if (id === null || typeof data !== 'string' || data.length > 1_000_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  if (name === 'message') {
    const message = readChatMessage(parsed.message);
    return message ? { type: 'message', id, message } : null;
  }
  if (name === 'queue' || name === 'closed') {
    const queue = readServiceQueue(parsed.queue);
    if (!queue || (name === 'closed' && queue.state !== 'closed')) return null;
    return { type: name, id, queue };
  }
  return null;
}
