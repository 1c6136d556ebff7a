import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in on and goes back out on. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: the incoming `x-request-id` when it is a sane token (1–64 of [A-Za-z0-9._-],
 * so a proxy's id ties the logs together), else a fresh random one. Anything else — too long,
 * spaces, control characters, several headers — is ignored rather than logged.
 */
export function requestIdOf(incoming: unknown, random: () => string = randomUUID): string {
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : random();
}

/** Fastify's genReqId. */
export function genReqId(req: IncomingMessage): string {
  return requestIdOf(req.headers[REQUEST_ID_HEADER]);
}
