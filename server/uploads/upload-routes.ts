import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { UploadPurpose } from '../../api/protocol/calls/profile.ts';
import { authenticate, type Authentication } from '../auth.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import { isSafeObjectKey, type ObjectStorage } from '../storage/index.ts';
import { AVATAR_CONTENT_TYPE, makeAvatar, makeChatImage, MAX_UPLOAD_BYTES, UPLOAD_MSG, type AvatarResult } from './avatar-image.ts';
import { makeFeedbackImage } from './feedback-image.ts';

/** What each purpose makes of the bytes (all WebP, re-encoded by this server). */
const PROCESSORS: Record<UploadPurpose, (bytes: Buffer) => Promise<AvatarResult>> = { avatar: makeAvatar, service: makeChatImage, feedback: makeFeedbackImage };

/**
 * Uploads (issue 11 §2) and the media they become.
 *
 *   POST /api/upload/getUploadTos {purpose}  → { url: '/upload/<ticket>', … }   (a signed call)
 *   POST /upload/<ticket>                     raw image bytes as the body (any content type),
 *        Authorization: Bearer <token>, X-User-Uuid: <uuid>
 *        → 200 { code: 1, msg: '上传成功', data: { key, url } }
 *        → 4xx { code: -1, msg } (401 signed out, 403 bad/expired/used/foreign ticket,
 *          413 over 5 MB, 415 not JPEG/PNG/WebP, 422 damaged or over 4096 px)
 *   GET  /media/<key>                          the stored object, cached for a year (keys never change)
 *
 * A ticket is 32 random bytes, kept only as its sha256 in the kv store for UPLOAD_TICKET_TTL_MS,
 * bound to its player and purpose, and good for one upload: the first request to claim it wins,
 * whatever its bytes turn out to be. What the bytes become depends on the ticket's purpose
 * (PROCESSORS): a 256 px avatar, a chat picture of at most 1280 px, or a feedback picture of at
 * most 1600 px.
 */

export const UPLOAD_TICKET_TTL_MS = 5 * 60 * 1000;
const MEDIA_MAX_AGE_S = 365 * 24 * 3600;

interface TicketRecord {
  user_id: number;
  purpose: UploadPurpose;
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
const ticketKey = (hash: string) => `upload-ticket:${hash}`;
const claimKey = (hash: string) => `upload-ticket-used:${hash}`;

export async function issueUploadTicket(kv: KvStore, userId: number, purpose: UploadPurpose): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const record: TicketRecord = { user_id: userId, purpose };
  await kv.set(ticketKey(ticketHash(ticket)), JSON.stringify(record), UPLOAD_TICKET_TTL_MS);
  return ticket;
}

export function uploadUrl(ticket: string): string {
  return `/upload/${ticket}`;
}

/** Where a stored object is served: this server's /media/<key>, or MEDIA_BASE_URL/<key>. */
export function mediaUrl(config: Pick<ServerConfig, 'mediaBaseUrl'>, key: string): string {
  return `${config.mediaBaseUrl || '/media'}/${key}`;
}

/** Keeps upload tickets out of logs (a ticket in the URL is a credential for a few minutes). */
export function redactUploadTicket(url: string): string {
  return url.replace(/^\/upload\/[^/?#]+/, '/upload/[redacted]');
}

export interface UploadDeps {
  db: Kysely<Database>;
  kv: KvStore;
  storage: ObjectStorage;
  config: ServerConfig;
  now: () => number;
}

interface CheckedTicket {
  hash: string;
  userId: number;
  purpose: UploadPurpose;
}

const ticketParam = (request: FastifyRequest): string => (request.params as { ticket?: string }).ticket ?? '';

function answer(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ code, msg, data });
}

export function registerUploadRoutes(app: FastifyInstance, deps: UploadDeps): void {
  const { db, kv, storage, config, now } = deps;

  const checked = new WeakMap<FastifyRequest, CheckedTicket>();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return answer(reply, 413, -1, UPLOAD_MSG.tooLarge);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return answer(reply, error.statusCode, -1, UPLOAD_MSG.empty);
      request.log.error({ err: error }, 'upload failed');
      return answer(reply, 500, 500, '上传失败，请稍后重试');
    });

    // The ticket and the player are checked before the body is read: a bogus ticket costs no 5 MB.
    scope.addHook('onRequest', async (request, reply) => {
      const hash = ticketHash(ticketParam(request));
      const stored = await kv.get(ticketKey(hash));
      if (!stored) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      const record = JSON.parse(stored) as TicketRecord;
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
      const auth: Authentication = await authenticate(db, bearer, request.headers['x-user-uuid'], new Date(now()));
      if (!auth.ok) return answer(reply, 401, auth.response.code, auth.response.msg);
      // Another player's ticket answers like an expired one.
      if (auth.user.id !== record.user_id) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      checked.set(request, { hash, userId: record.user_id, purpose: record.purpose });
    });

    scope.post('/upload/:ticket', async (request, reply) => {
      const ticket = checked.get(request);
      if (!ticket) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      // Single use: of two racing uploads, one claims the ticket.
      if (!(await kv.setIfAbsent(claimKey(ticket.hash), '1', UPLOAD_TICKET_TTL_MS))) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      await kv.delete(ticketKey(ticket.hash));
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const picture = await PROCESSORS[ticket.purpose](body);
      if (!picture.ok) return answer(reply, picture.status, -1, picture.message);
      if (!(await storage.head(picture.key))) await storage.put(picture.key, picture.bytes, AVATAR_CONTENT_TYPE);
      await db
        .insertInto('uploads')
        .values({ user_id: ticket.userId, object_key: picture.key, purpose: ticket.purpose, content_type: AVATAR_CONTENT_TYPE, size: picture.bytes.length, created_at: new Date(now()) })
        .onConflict((oc) => oc.columns(['user_id', 'object_key']).doNothing())
        .execute();
      request.log.info({ upload: ticket.purpose, key: picture.key, bytes: body.length }, 'upload stored');
      return answer(reply, 200, 1, UPLOAD_MSG.uploaded, { key: picture.key, url: mediaUrl(config, picture.key) });
    });
  });

  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    if (!isSafeObjectKey(key)) return notFound();
    const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 22)}"`;
    // HEAD comes here too (Fastify's HEAD route drains the stream and keeps the headers).
    const object = await storage.get(key);
    if (!object) return notFound();
    reply.header('content-type', object.contentType);
    reply.header('cache-control', `public, max-age=${MEDIA_MAX_AGE_S}, immutable`);
    reply.header('etag', etag);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) {
      object.body.destroy();
      return reply.status(304).send();
    }
    reply.header('content-length', object.size);
    return reply.send(object.body);
  });
}
