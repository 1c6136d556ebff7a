import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module.ts';
import { checkStaffRequest, DESK_ROLES, staffSessionLive } from '../staff/index.ts';
import { registerAgentStream } from './agent-stream.ts';
import { MemoryServiceBus } from './bus.ts';
import { serviceCalls } from './calls.ts';
import { registerDevServiceAgent } from './dev-agent.ts';
import { staffServiceCalls } from './staff-calls.ts';
import { registerServiceStream, type ServiceStreamHub } from './stream.ts';

// What the staff console's uploads record of an agent's picture.
export { recordAgentUpload } from './conversations.ts';

const streamHubs = new WeakMap<FastifyInstance, ServiceStreamHub>();

/** The app's open /service streams (tests). */
export function serviceStreamsOf(app: FastifyInstance): ServiceStreamHub | undefined {
  return streamHubs.get(app);
}

/** Customer service: the player's chat, its push stream, and the desk's push channel (the desk's calls are staff calls). */
export const serviceModule: ServerModule = {
  name: 'service',
  calls: (services) => serviceCalls(services.serviceBus ?? new MemoryServiceBus()),
  // The desk's calls; what they change is announced on the same bus as the player's.
  staffCalls: (services) => staffServiceCalls(services.serviceBus ?? new MemoryServiceBus()),
  routes: (app, deps) => {
    const { db, kv, config, now, serviceBus: bus } = deps;
    const heartbeat = deps.serviceStream?.heartbeatMs ? { heartbeatMs: deps.serviceStream.heartbeatMs } : {};
    const streams = registerServiceStream(app, { db, kv, bus, config, now, log: deps.log, ...heartbeat });
    streamHubs.set(app, streams);
    registerDevServiceAgent(app, { db, bus, hub: streams, now, production: config.production });
    // The desk's push channel: the staff session cookie (EventSource sends it), agents and administrators only.
    registerAgentStream(app, {
      db,
      bus,
      config,
      log: deps.log,
      ...heartbeat,
      authenticate: async (request) => {
        const check = await checkStaffRequest(db, request, new Date(now()), { roles: DESK_ROLES, csrf: false });
        if (!check.ok) return { status: check.status, code: check.code, msg: check.msg };
        return { staffId: check.staff.id, seesAll: check.staff.role === 'admin', sessionId: check.staff.sessionId };
      },
      stillSignedIn: (agent) => (agent.sessionId === undefined ? Promise.resolve(false) : staffSessionLive(db, agent.sessionId, new Date(now()))),
    });
  },
};
