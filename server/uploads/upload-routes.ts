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
import { EVENT_LOG_PREFIX, makeEventLog } from './event-log.ts';
import { makeFeedbackImage } from './feedback-image.ts';
import { makeTradeImage } from './trade-image.ts';

/** What each purpose makes of the bytes (pictures: WebP re-encoded by this server; an event log: JSON read and written again). */
const PROCESSORS: Record<UploadPurpose, (bytes: Buffer) => Promise<AvatarResult>> = { avatar: makeAvatar, service: makeChatImage, feedback: makeFeedbackImage, trade: makeTradeImage, event_log: makeEventLog };

/**
 * Uploads and the media they become.
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
 * (PROCESSORS): a 256 px avatar, a chat picture of at most 1280 px, a feedback picture or a listing
 * screenshot ('trade') of at most 1600 px; an event log ('event_log', event-log.ts) stays private.
 */

export const UPLOAD_TICKET_TTL_MS = 5 * 60 * 1000;
const MEDIA_MAX_AGE_S = 365 * 24 * 3600;

/**
 * Whose tickets: players' (/upload/<ticket>, the owner a user id) or staff members'
 * (/staff/upload/<ticket>, server/staff/uploads.ts, the owner a staff id). Each has its own kv
 * keys, so a ticket only ever opens its own path.
 */
export type UploadAudience = 'player' | 'staff';

interface TicketRecord {
  /** The owner: a user id for players (the stored field keeps its first name), a staff id for staff. */
  user_id: number;
  purpose: UploadPurpose;
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
const KEY_PREFIX: Record<UploadAudience, string> = { player: 'upload-ticket', staff: 'staff-upload-ticket' };
const ticketKey = (audience: UploadAudience, hash: string) => `${KEY_PREFIX[audience]}:${hash}`;
const claimKey = (audience: UploadAudience, hash: string) => `${KEY_PREFIX[audience]}-used:${hash}`;

/** A one-use ticket for `ownerId` (a player's id, or a staff member's for the staff audience). */
export async function issueUploadTicket(kv: KvStore, ownerId: number, purpose: UploadPurpose, audience: UploadAudience = 'player'): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const record: TicketRecord = { user_id: ownerId, purpose };
  await kv.set(ticketKey(audience, ticketHash(ticket)), JSON.stringify(record), UPLOAD_TICKET_TTL_MS);
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
  return url.replace(/^(\/staff)?\/upload\/[^/?#]+/, '$1/upload/[redacted]');
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
  ownerId: number;
  purpose: UploadPurpose;
}

/** A refusal of the sender: HTTP status, answer code and message. */
export interface UploadRefusal {
  status: number;
  code: number;
  msg: string;
}

/** A picture stored for its owner. */
export interface StoredPicture {
  ownerId: number;
  purpose: UploadPurpose;
  key: string;
  size: number;
  contentType: string;
  /** The bytes as they came (before re-encoding). */
  receivedBytes: number;
  at: Date;
}

/**
 * One upload path: its route, whose tickets it takes, how it checks the sender (before the body is
 * read) against the ticket's owner, and how it records the stored picture. Players' and staff
 * uploads share everything else: the single-use claim, the 5 MB limit, the checks and the
 * re-encoding of avatar-image.ts, the storage.
 */
export interface UploadEndpoint {
  route: string;
  audience: UploadAudience;
  /** null lets the request through; a refusal answers it. */
  authorise(request: FastifyRequest, ownerId: number, at: Date): Promise<UploadRefusal | null>;
  record(picture: StoredPicture, request: FastifyRequest): Promise<void>;
}

const ticketParam = (request: FastifyRequest): string => (request.params as { ticket?: string }).ticket ?? '';

function answer(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ code, msg, data });
}

/** Serves one upload path (see UploadEndpoint). */
export function registerUploadEndpoint(app: FastifyInstance, deps: Pick<UploadDeps, 'kv' | 'storage' | 'config' | 'now'>, endpoint: UploadEndpoint): void {
  const { kv, storage, config, now } = deps;
  const { audience } = endpoint;
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

    // The ticket and the sender are checked before the body is read: a bogus ticket costs no 5 MB.
    scope.addHook('onRequest', async (request, reply) => {
      const hash = ticketHash(ticketParam(request));
      const stored = await kv.get(ticketKey(audience, hash));
      if (!stored) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      const record = JSON.parse(stored) as TicketRecord;
      const refusal = await endpoint.authorise(request, record.user_id, new Date(now()));
      if (refusal) return answer(reply, refusal.status, refusal.code, refusal.msg);
      checked.set(request, { hash, ownerId: record.user_id, purpose: record.purpose });
    });

    scope.post(endpoint.route, async (request, reply) => {
      const ticket = checked.get(request);
      if (!ticket) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      // Single use: of two racing uploads, one claims the ticket.
      if (!(await kv.setIfAbsent(claimKey(audience, ticket.hash), '1', UPLOAD_TICKET_TTL_MS))) return answer(reply, 403, -1, UPLOAD_MSG.badTicket);
      await kv.delete(ticketKey(audience, ticket.hash));
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const picture = await PROCESSORS[ticket.purpose](body);
      if (!picture.ok) return answer(reply, picture.status, -1, picture.message);
      const contentType = picture.contentType ?? AVATAR_CONTENT_TYPE;
      if (!(await storage.head(picture.key))) await storage.put(picture.key, picture.bytes, contentType);
      await endpoint.record({ ownerId: ticket.ownerId, purpose: ticket.purpose, key: picture.key, size: picture.bytes.length, contentType, receivedBytes: body.length, at: new Date(now()) }, request);
      request.log.info({ upload: ticket.purpose, audience, key: picture.key, bytes: body.length }, 'upload stored');
      return answer(reply, 200, 1, UPLOAD_MSG.uploaded, { key: picture.key, url: mediaUrl(config, picture.key) });
    });
  });
}

export function registerUploadRoutes(app: FastifyInstance, deps: UploadDeps): void {
  const { db, storage, now } = deps;

  registerUploadEndpoint(app, deps, {
    route: '/upload/:ticket',
    audience: 'player',
    async authorise(request, ownerId) {
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
      const auth: Authentication = await authenticate(db, bearer, request.headers['x-user-uuid'], new Date(now()));
      if (!auth.ok) return { status: 401, code: auth.response.code, msg: auth.response.msg };
      // Another player's ticket answers like an expired one.
      return auth.user.id === ownerId ? null : { status: 403, code: -1, msg: UPLOAD_MSG.badTicket };
    },
    async record(picture) {
      await db
        .insertInto('uploads')
        .values({ user_id: picture.ownerId, object_key: picture.key, purpose: picture.purpose, content_type: picture.contentType, size: picture.size, created_at: picture.at })
        .onConflict((oc) => oc.columns(['user_id', 'object_key']).doNothing())
        .execute();
    },
  });

  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    // A player's event log is private: the staff's feedback module reads it, /media never does.
    if (!isSafeObjectKey(key) || key.startsWith(EVENT_LOG_PREFIX)) return notFound();
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
