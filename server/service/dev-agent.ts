import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ServiceBus } from './bus.ts';
import { agentReply, closeConversation, takeConversation } from './conversations.ts';
import type { ServiceStreamHub } from './stream.ts';

/**
 * Development stand-in for an agent: drives the same agent functions as the staff console's desk
 * for the player with this phone, and can end the player's streams (the e2e fallback test). Guarded like the SMS outbox (PROTOCOL §9): outside
 * production only; in production every request answers 404.
 *
 *   POST /dev/service/agent  { phone, action: 'take' | 'reply' | 'close' | 'drop', agent_id?: 7, text? }
 *     take   the player's queued conversation      reply  write `text` to it      close  end it
 *     drop   end the player's open streams (their /service falls back to polling)
 *   → 200 { code: 1 | -1, msg, data }   404 in production, or when the player or the conversation is unknown
 */

export const DEV_AGENT_ID = 7;

interface DevAgentBody {
  phone?: unknown;
  action?: unknown;
  agent_id?: unknown;
  text?: unknown;
}

export function registerDevServiceAgent(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; bus: ServiceBus; hub: ServiceStreamHub; now: () => number; production: boolean },
): void {
  app.post<{ Body: DevAgentBody }>('/dev/service/agent', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const notFound = () => reply.status(404).type('application/json; charset=utf-8').send({ code: 404, msg: 'Not Found', data: null });
    if (deps.production) return notFound();
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as DevAgentBody;
    const phone = typeof body.phone === 'string' ? body.phone : '';
    const agentId = typeof body.agent_id === 'number' && Number.isSafeInteger(body.agent_id) && body.agent_id > 0 ? body.agent_id : DEV_AGENT_ID;
    const user = await deps.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (!user) return notFound();
    const now = new Date(deps.now());
    if (body.action === 'drop') return { code: 1, msg: 'success', data: { ended: deps.hub.endStreams(user.id) } };
    const conversation = await deps.db.selectFrom('service_conversations').select('id').where('user_id', '=', user.id).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!conversation) return notFound();
    const result =
      body.action === 'take'
        ? await takeConversation(deps.db, deps.bus, agentId, conversation.id, now)
        : body.action === 'reply'
          ? await agentReply(deps.db, deps.bus, agentId, conversation.id, { text: typeof body.text === 'string' ? body.text : '' }, now)
          : body.action === 'close'
            ? await closeConversation(deps.db, deps.bus, agentId, conversation.id, now)
            : null;
    if (!result) return reply.status(400).type('application/json; charset=utf-8').send({ code: 400, msg: 'Bad Request', data: null });
    return result.ok ? { code: 1, msg: 'success', data: { conversation_id: conversation.id } } : { code: -1, msg: result.message, data: { reason: result.reason } };
  });
}
