import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE, MSG } from '../api/protocol/codes.ts';
import { unstorableTextRefusal } from '../api/protocol/text-rule.ts';
import { encodeResponse, MAX_BODY_BYTES, openRequest, type WireResponse } from '../api/protocol/wire.ts';
import { authenticate } from './auth.ts';
import { BUSY, refuse, type CallContext, type CallDefinition } from './calls.ts';
import type { ServerConfig } from './config.ts';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { KvUnavailableError, type KvStore } from './kv-store.ts';
import { nodeCrypto } from './wire-crypto.ts';
import { kvReplayGuard, type ReplayGuard } from './replay-guard.ts';

export interface PipelineDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  kv: KvStore;
  /** Where used signatures are remembered (server/replay-guard.ts); the kv store by default. */
  replay?: ReplayGuard;
  now?: () => number;
  /** Told each call's answer code (metrics: errors by wire code); must be O(1), no I/O. */
  observeAnswer?: (call: string, code: number) => void;
}

/** One generic answer for envelope, decryption, signature and replay failures (no oracle). */
const BAD_SIGN: WireResponse = { code: CODE.badRequest, msg: MSG.badSign, data: null };
const EXPIRED: WireResponse = { code: CODE.badRequest, msg: MSG.expiredRequest, data: null };

/**
 * PROTOCOL §1–§6 for every registered call (path and auth from its declaration): body limit, decryption, timestamp window,
 * signature, replay cache, the string rule (api/protocol/text-rule.ts), token checks, then the handler; answers in the configured mode.
 */
export function registerCalls(app: FastifyInstance, calls: CallDefinition[], deps: PipelineDeps): void {
  const now = deps.now ?? Date.now;
  const { config, db, kv } = deps;
  const replay = deps.replay ?? kvReplayGuard(kv);
  const cryptoOptions = { secrets: config.secrets, crypto: nodeCrypto };

  const observeAnswer = deps.observeAnswer;
  const send = (reply: FastifyReply, response: WireResponse) => {
    if (observeAnswer) observeAnswer(reply.request.routeOptions.url ?? '', response.code);
    const encoded = encodeResponse(response, config.responseMode, cryptoOptions);
    reply.header('cache-control', 'no-store');
    return reply.status(200).type(encoded.contentType).send(encoded.body);
  };

  app.register(async (scope) => {
    // Bodies are read as text whatever they claim to be: decoding is the protocol's job.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_req, body, done) => done(null, body));

    for (const call of calls) {
      const { path, auth: authMode } = call.spec;
      scope.post(path, async (request: FastifyRequest, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const opened = openRequest(path, raw, { acceptPlain: config.acceptPlain, now: now(), ...cryptoOptions });
        if (!opened.ok) {
          if (opened.reason === 'unparseable') {
            return reply.status(400).type('application/json; charset=utf-8').send({ code: 400, msg: 'Bad Request', data: null });
          }
          request.log.info({ call: path, refused: opened.reason }, 'request refused');
          return send(reply, opened.reason === 'expired' ? EXPIRED : BAD_SIGN);
        }
        try {
          // Never keyed by path: the sign does not cover it, so a body signed for one call would
          // otherwise be spent again on another with the same fields (a client never signs the
          // same fields twice: its timestamps strictly increase, api/client.ts).
          if (!(await replay.claim(opened.sign, opened.timestamp))) {
            request.log.info({ call: path, refused: 'replay' }, 'request refused');
            return send(reply, BAD_SIGN);
          }
          const fields = opened.fields;
          // The string rule before the token checks too: token and user_uuid are strings like any other.
          const unstorable = unstorableTextRefusal(fields);
          if (unstorable !== null) {
            request.log.info({ call: path, refused: 'unstorable text' }, 'request refused');
            return send(reply, refuse(unstorable));
          }
          const at = new Date(now());
          let user: CallContext['user'] = null;
          const token = typeof fields.token === 'string' && fields.token !== '' ? fields.token : null;
          if (authMode === 'required' || (authMode === 'optional' && token)) {
            const auth = await authenticate(db, fields.token, fields.user_uuid, at);
            if (auth.ok) user = auth.user;
            else if (authMode === 'required') return send(reply, auth.response);
          }
          const response = await call.handler({ fields, user, token, ip: request.ip, now: at, db, kv, config, log: request.log });
          return send(reply, response);
        } catch (error) {
          if (!(error instanceof KvUnavailableError)) throw error;
          request.log.warn({ call: path, err: error }, 'kv store unavailable: answered busy');
          return send(reply, BUSY);
        }
      });
    }
  });
}
