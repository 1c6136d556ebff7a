import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { encodeStreamEvent, parseEventId, SERVICE_STREAM, type ServiceQueue, type ServiceStreamEvent } from '../../api/protocol/service-chat.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import { userTopic, type ServiceBus } from './bus.ts';
import { lastVisibleMessageId, queueOf, toChatMessage } from './conversations.ts';

/**
 * The /service page's push channel: server-sent events.
 *
 *   POST /api/user/getChatStreamTicket (signed)   → { url: '/api/service/stream?ticket=…' }
 *   GET  /api/service/stream?ticket=…[&last_event_id=n]   (header Last-Event-ID wins)
 *        → 200 text/event-stream: `queue` first, then `message`, `queue`, `closed` as they happen,
 *          every event with `id: <cursor>`; a `: heartbeat` comment every 15 s
 *        → 403 { code: -1, msg } for a missing, unknown, used or expired ticket
 *
 * EventSource cannot sign a body or set a header, so a signed call hands out a ticket: 32 random
 * bytes, kept only as their sha256 in the kv store for 60 s, bound to the player and their
 * session, good for one stream. The stream reads the database (messages after its cursor, the
 * queue) whenever the bus says the player's conversation or the queue changed, and at each
 * heartbeat (a bus message lost on the way costs at most one heartbeat). It ends when the
 * player's session ends, when the client goes, and when the server closes.
 */

export const STREAM_TICKET_TTL_MS = SERVICE_STREAM.ticketTtlMs;
export const STREAM_MSG = { badTicket: '推送凭证无效或已过期，请刷新页面' } as const;
/** Messages read per query while catching up. */
const SYNC_BATCH = 100;

interface TicketRecord {
  user_id: number;
  session_id: number;
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
const ticketKey = (hash: string) => `service-stream-ticket:${hash}`;
const claimKey = (hash: string) => `service-stream-ticket-used:${hash}`;

export async function issueStreamTicket(kv: KvStore, owner: { userId: number; sessionId: number }): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const record: TicketRecord = { user_id: owner.userId, session_id: owner.sessionId };
  await kv.set(ticketKey(ticketHash(ticket)), JSON.stringify(record), STREAM_TICKET_TTL_MS);
  return ticket;
}

export function streamUrl(ticket: string): string {
  return `${SERVICE_STREAM.path}?ticket=${ticket}`;
}

/** Keeps stream tickets out of logs. */
export function redactStreamTicket(url: string): string {
  return url.replace(/([?&]ticket=)[^&#]*/g, '$1[redacted]');
}

/** The ticket's owner, once: the first claim wins, a second use or an expired ticket answers null. */
async function redeemTicket(kv: KvStore, ticket: string): Promise<TicketRecord | null> {
  if (ticket === '' || ticket.length > 200) return null;
  const hash = ticketHash(ticket);
  const stored = await kv.get(ticketKey(hash));
  if (!stored) return null;
  if (!(await kv.setIfAbsent(claimKey(hash), '1', STREAM_TICKET_TTL_MS))) return null;
  await kv.delete(ticketKey(hash));
  try {
    const record = JSON.parse(stored) as TicketRecord;
    return Number.isSafeInteger(record.user_id) && Number.isSafeInteger(record.session_id) ? record : null;
  } catch {
    return null;
  }
}

export interface StreamDeps {
  db: Kysely<Database>;
  kv: KvStore;
  bus: ServiceBus;
  config: Pick<ServerConfig, 'serviceStatus' | 'mediaBaseUrl'>;
  now: () => number;
  log: FastifyBaseLogger;
  /** SERVICE_STREAM.heartbeatMs unless a test wants it sooner. */
  heartbeatMs?: number;
}

/** True while the session the ticket was issued to is still signed in. */
async function sessionLive(db: Kysely<Database>, sessionId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.expires_at', 'sessions.ended_reason', 'users.disabled'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  return !!row && !row.disabled && !row.ended_reason && new Date(row.expires_at).getTime() > now.getTime();
}

/** One open stream of one player. */
class PlayerStream {
  private cursor = 0;
  private lastQueue: ServiceQueue | null = null;
  private syncing: Promise<void> | null = null;
  private again = false;
  private ended = false;
  private readonly cleanups: Array<() => unknown> = [];

  constructor(
    private readonly raw: ServerResponse,
    private readonly owner: TicketRecord,
    private readonly deps: StreamDeps,
    private readonly onEnd: (stream: PlayerStream) => void,
  ) {}

  async start(lastEventId: number | null): Promise<void> {
    const { bus, db, now } = this.deps;
    // Listen first, then read: a change between the two is seen by the first sync or announced after it.
    const poke = () => this.sync();
    for (const topic of [userTopic(this.owner.user_id), 'queue'] as const) {
      const unsubscribe = await bus.subscribe(topic, poke);
      this.cleanups.push(unsubscribe);
    }
    this.cursor = lastEventId ?? (await lastVisibleMessageId(db, this.owner.user_id, new Date(now()))) ?? 0;
    const heartbeat = setInterval(() => void this.heartbeat(), this.deps.heartbeatMs ?? SERVICE_STREAM.heartbeatMs);
    heartbeat.unref?.();
    this.cleanups.push(() => clearInterval(heartbeat));
    if (this.ended) return this.cleanup();
    await this.sync();
  }

  /** Reads what changed and sends it; runs one at a time, and once more when poked meanwhile. */
  sync(): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.again = false;
          await this.syncOnce();
        } while (this.again && !this.ended);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'service stream sync failed');
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const { db, config } = this.deps;
    const userId = this.owner.user_id;
    for (;;) {
      const at = new Date(this.deps.now());
      const rows = await db
        .selectFrom('service_messages')
        .select(['id', 'direction', 'kind', 'content', 'image_key', 'agent_id', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .where('id', '>', this.cursor)
        .where('created_at', '<=', at)
        .orderBy('id')
        .limit(SYNC_BATCH)
        .execute();
      if (this.ended || rows.length === 0) break;
      for (const row of rows) {
        this.cursor = row.id;
        this.send({ type: 'message', id: row.id, message: toChatMessage(row, config) });
      }
      // Shown on the open chat: read, as getChatLink reads what it shows ('客服消息' is for elsewhere).
      const unread = rows.filter((row) => row.direction === 'out' && row.read_at === null).map((row) => row.id);
      if (unread.length > 0) await db.updateTable('service_messages').set({ read_at: at }).where('id', 'in', unread).where('read_at', 'is', null).execute();
      if (rows.length < SYNC_BATCH) break;
    }
    if (this.ended) return;
    const queue = await queueOf(db, config, userId, new Date(this.deps.now()));
    const previous = this.lastQueue;
    if (previous && JSON.stringify(previous) === JSON.stringify(queue)) return;
    this.lastQueue = queue;
    // The first event of a stream is always `queue`; `closed` marks the change into closed.
    const closedNow = previous !== null && queue.state === 'closed' && (previous.state !== 'closed' || previous.conversation_id !== queue.conversation_id);
    this.send({ type: closedNow ? 'closed' : 'queue', id: this.cursor, queue });
  }

  private send(event: ServiceStreamEvent): void {
    if (!this.ended) this.raw.write(encodeStreamEvent(event));
  }

  private async heartbeat(): Promise<void> {
    if (this.ended) return;
    this.raw.write(': heartbeat\n\n');
    try {
      if (!(await sessionLive(this.deps.db, this.owner.session_id, new Date(this.deps.now())))) return this.end();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'service stream session check failed');
    }
    await this.sync();
  }

  /** Ends the response (the client's EventSource sees an error and falls back to polling). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    void this.cleanup();
    if (!this.raw.writableEnded) this.raw.end();
  }

  private async cleanup(): Promise<void> {
    this.onEnd(this);
    const cleanups = this.cleanups.splice(0);
    await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  }

  get userId(): number {
    return this.owner.user_id;
  }
}

export interface ServiceStreamHub {
  /** Open streams (tests). */
  readonly size: number;
  /** Ends the streams of one player (dev: simulating a dropped connection), or all; answers how many. */
  endStreams(userId?: number): number;
}

/** Registers GET /api/service/stream; the streams end before the server closes (preClose). */
export function registerServiceStream(app: FastifyInstance, deps: StreamDeps): ServiceStreamHub {
  const streams = new Set<PlayerStream>();
  const hub: ServiceStreamHub = {
    get size() {
      return streams.size;
    },
    endStreams(userId) {
      const chosen = [...streams].filter((stream) => userId === undefined || stream.userId === userId);
      for (const stream of chosen) stream.end();
      return chosen.length;
    },
  };
  app.addHook('preClose', async () => {
    hub.endStreams();
  });

  app.get<{ Querystring: { ticket?: string; last_event_id?: string } }>(SERVICE_STREAM.path, async (request, reply) => {
    const owner = await redeemTicket(deps.kv, typeof request.query.ticket === 'string' ? request.query.ticket : '');
    if (!owner) {
      return reply.status(403).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ code: -1, msg: STREAM_MSG.badTicket, data: null });
    }
    const header = request.headers['last-event-id'];
    const lastEventId = parseEventId(typeof header === 'string' ? header.trim() : request.query.last_event_id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and similar: pass each event on at once.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    const stream = new PlayerStream(raw, owner, deps, (ended) => streams.delete(ended));
    streams.add(stream);
    raw.on('close', () => stream.end());
    raw.on('error', () => stream.end());
    await stream.start(lastEventId).catch((error: unknown) => {
      request.log.warn({ err: error }, 'service stream failed to start');
      stream.end();
    });
  });
  return hub;
}
