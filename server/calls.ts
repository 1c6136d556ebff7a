import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { parseFields, type AnyCallSpec, type AuthMode, type CallData, type CallInput } from '../api/protocol/call-spec.ts';
import { CODE, MSG } from '../api/protocol/codes.ts';
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
  /** users.created_at, read with the session (the message centre shows what was sent since). */
  registeredAt: Date;
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

export type { AuthMode };

/** A served call: made only by `handle`, so every call the server serves has a declaration. */
export interface CallDefinition {
  /** The call's declaration (api/protocol/calls/): path, auth and the fields checked before the handler runs. */
  readonly spec: AnyCallSpec;
  /** spec.path and spec.auth, for readers of the list. */
  readonly path: string;
  readonly auth: AuthMode;
  /** Checks the fields of the declaration, then runs the handler. */
  handler(ctx: CallContext): Promise<WireResponse>;
}

/** The context of a call whose auth is 'required': the pipeline answers "not signed in" before the handler runs without a user. */
export type AuthedContext = CallContext & { user: AuthedUser };

/**
 * What a declared call's handler gets: the checked, typed fields as `input`, and for a call
 * declared `auth: 'required'` a user that is never null (the pipeline refuses before the handler).
 */
export type SpecContext<TSpec extends AnyCallSpec> = (TSpec extends { auth: 'required' } ? AuthedContext : CallContext) & { input: CallInput<TSpec> };

declare const REFUSAL: unique symbol;

/**
 * An answer that is not the call's success (a refusal, busy, a session ended): its `data` is not
 * the declared answer. Made by `refuse`, `BUSY` and `refusal`; the brand is a type only.
 */
export type Refusal = WireResponse & { readonly [REFUSAL]: true };

/** What a declared call's handler answers: `data` of the declared answer's type, or a refusal. */
export type Answered<TSpec extends AnyCallSpec> = WireResponse<CallData<TSpec>> | Refusal;

/**
 * A handler for a declared call: its path and auth come from the declaration, and its fields are
 * checked first — the first field that fails answers code -1 with that field's message. The
 * handler's success answer is typed by the declaration's answer schema.
 */
export function handle<TSpec extends AnyCallSpec>(spec: TSpec, handler: (ctx: SpecContext<TSpec>) => Promise<Answered<TSpec>>): CallDefinition {
  return {
    path: spec.path,
    auth: spec.auth,
    spec,
    handler(ctx) {
      // The pipeline answers "not signed in" first; a caller that skipped it is a bug, not a player.
      if (spec.auth === 'required' && ctx.user === null) return Promise.reject(new Error(`${spec.path} needs a signed-in user`));
      const parsed = parseFields(spec, ctx.fields);
      if (!parsed.ok) return Promise.resolve(refuse(parsed.message));
      // Checked just above: for a 'required' call the user is set, which the conditional type cannot see.
      return handler({ ...ctx, input: parsed.value } as SpecContext<TSpec>);
    },
  };
}

export function ok<T>(data: T, msg = 'success'): WireResponse<T> {
  return { code: 1, msg, data };
}

export function refuse(msg: string, data: unknown = null): Refusal {
  return refusal({ code: -1, msg, data });
}

/** An answer other than success, built elsewhere (a sign-in refusal, an ended session …). */
export function refusal<T>(response: WireResponse<T>): WireResponse<T> & Refusal {
  return response as WireResponse<T> & Refusal;
}

/**
 * Nothing was done and the caller may try again shortly: the kv store (Redis) is unreachable, or
 * the password hash queue has no room for the check.
 */
export const BUSY: Refusal = refusal({ code: CODE.busy, msg: MSG.busy, data: null });

export function defineCalls(...calls: CallDefinition[]): CallDefinition[] {
  return calls;
}
