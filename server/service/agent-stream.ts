import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { agentName, SERVICE_STREAM, type ChatMessage } from '../../api/protocol/service-chat.ts';
import { AGENT_STREAM_PATH } from '../../api/protocol/service-desk.ts';
import type { ServerConfig } from '../config.ts';
import type { Database, ServiceConversationStatus } from '../db/schema.ts';
import type { ServiceBus, ServiceBusEvent } from './bus.ts';
import { toChatMessage } from './conversations.ts';

/**
 * The agents' push channel (the staff console's desk): the same bus as the players'
 * stream, topic `agents`. server/app.ts registers it at /staff/api/service/stream with the staff
 * session check (`authenticate`: checkStaffRequest of server/staff/requests.ts — the HttpOnly
 * session cookie, which EventSource sends on the same origin, so no ticket is needed — and the
 * agent or admin role) and `stillSignedIn` (the session, checked at each heartbeat).
 *
 * Events (no ids: a console that reconnects reloads its lists with listQueue, the stream only
 * says what changed since):
 *   conversation { conversation_id, user_id, status, agent_id, agent }   queued (a player opened one), open (taken), closed
 *   message      { conversation_id, user_id, message: ChatMessage }     a message in a queued conversation or one this agent holds
 *                                                                      (every conversation when `seesAll`, e.g. an administrator)
 * and a `: heartbeat` comment every 15 s. Streams end when the server closes.
 */

export interface AgentIdentity {
  staffId: number;
  /** Sees the messages of every conversation, not only queued ones and its own. */
  seesAll: boolean;
  /** The staff session the stream was opened with (checked at each heartbeat by `stillSignedIn`). */
  sessionId?: number;
}

/** Why a stream is refused: the HTTP status and the staff answer's code and message. */
export interface AgentStreamRefusal {
  status: number;
  code: number;
  msg: string;
}

export interface AgentStreamDeps {
  db: Kysely<Database>;
  bus: ServiceBus;
  config: Pick<ServerConfig, 'mediaBaseUrl'>;
  log: FastifyBaseLogger;
  /** The staff session's check: the agent, or a refusal (null refuses with 401). */
  authenticate: (request: FastifyRequest) => Promise<AgentIdentity | AgentStreamRefusal | null>;
  /** Checked at each heartbeat: false ends the stream (the session ended: sign-out, idle, expiry, account disabled). */
  stillSignedIn?: (agent: AgentIdentity) => Promise<boolean>;
  path?: string;
  heartbeatMs?: number;
}

export type AgentStreamEvent =
  | { type: 'conversation'; data: { conversation_id: number; user_id: number; status: ServiceConversationStatus; agent_id: number | null; agent: string | null } }
  | { type: 'message'; data: { conversation_id: number; user_id: number; message: ChatMessage } };

export { AGENT_STREAM_PATH };

/** What one agent's stream says of a bus event, or null when it is none of theirs. */
export async function agentEventFor(db: Kysely<Database>, config: Pick<ServerConfig, 'mediaBaseUrl'>, agent: AgentIdentity, event: ServiceBusEvent): Promise<AgentStreamEvent | null> {
  if (event.type === 'conversation') {
    return {
      type: 'conversation',
      data: { conversation_id: event.conversationId, user_id: event.userId, status: event.status, agent_id: event.agentId, agent: event.agentId !== null ? agentName(event.agentId) : null },
    };
  }
  if (event.type !== 'message' || event.conversationId === null) return null;
  const row = await db
    .selectFrom('service_messages as m')
    .innerJoin('service_conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.direction', 'm.kind', 'm.content', 'm.image_key', 'm.agent_id', 'm.created_at', 'c.status', 'c.agent_id as holder'])
    .where('m.id', '=', event.messageId)
    .executeTakeFirst();
  if (!row) return null;
  const visible = agent.seesAll || row.status === 'queued' || row.holder === agent.staffId;
  return visible ? { type: 'message', data: { conversation_id: event.conversationId, user_id: event.userId, message: toChatMessage(row, config) } } : null;
}

/** Registers the agents' stream; its streams end before the server closes. */
export function registerAgentStream(app: FastifyInstance, deps: AgentStreamDeps): { readonly size: number } {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.get(deps.path ?? AGENT_STREAM_PATH, async (request, reply) => {
    const agent = await deps.authenticate(request);
    if (!agent || !('staffId' in agent)) {
      const refusal = agent ?? { status: 401, code: 401, msg: '请先登录' };
      return reply.status(refusal.status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ code: refusal.code, msg: refusal.msg, data: null });
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.flushHeaders();
    let ended = false;
    // One bus event at a time, in order.
    let queue = Promise.resolve();
    const unsubscribe = await deps.bus.subscribe('agents', (event) => {
      queue = queue.then(async () => {
        if (ended) return;
        try {
          const out = await agentEventFor(deps.db, deps.config, agent, event);
          if (out && !ended) raw.write(`event: ${out.type}\ndata: ${JSON.stringify(out.data)}\n\n`);
        } catch (error) {
          deps.log.warn({ err: error }, 'agent stream event failed');
        }
      });
    });
    const heartbeat = setInterval(() => {
      void (async () => {
        if (deps.stillSignedIn) {
          const live = await deps.stillSignedIn(agent).catch(() => true);
          if (!live) return end();
        }
        if (!ended) raw.write(': heartbeat\n\n');
      })();
    }, deps.heartbeatMs ?? SERVICE_STREAM.heartbeatMs);
    heartbeat.unref?.();
    const end = () => {
      if (ended) return;
      ended = true;
      open.delete(end);
      clearInterval(heartbeat);
      void unsubscribe();
      if (!raw.writableEnded) raw.end();
    };
    open.add(end);
    raw.on('close', end);
    raw.write(': connected\n\n');
  });
  return {
    get size() {
      return open.size;
    },
  };
}
