import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Fields, WireResponse } from '../api/protocol/wire.ts';
import type { Database } from './db/schema.ts';
import type { KvStore } from './kv-store.ts';
import type { ServerConfig } from './config.ts';

export interface AuthedUser {
  id: number;
  uuid: string;
  phone: string;
  nickname: string;
  sessionId: number;
}

export interface CallContext {
  fields: Fields;
  /** Set for 'required' calls, and for 'optional' ones when a valid token came. */
  user: AuthedUser | null;
  /** The presented token, when one came (for logout). */
  token: string | null;
  ip: string;
  now: Date;
  db: Kysely<Database>;
  kv: KvStore;
  config: ServerConfig;
  log: FastifyBaseLogger;
}

export type AuthMode = 'none' | 'optional' | 'required';

export interface CallDefinition {
  path: string;
  auth: AuthMode;
  handler(ctx: CallContext): Promise<WireResponse>;
}

export function ok<T>(data: T, msg = 'success'): WireResponse<T> {
  return { code: 1, msg, data };
}

export function refuse(msg: string, data: unknown = null): WireResponse {
  return { code: -1, msg, data };
}

export function defineCalls(...calls: CallDefinition[]): CallDefinition[] {
  return calls;
}
