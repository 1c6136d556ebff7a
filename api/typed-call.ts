import type { ApiClient, CallOptions } from './client.ts';
import { BAD_RESPONSE } from './bad-response.ts';
import type { ApiOutcome } from './outcome.ts';
import type { AnyCallSpec, CallData, CallPayload, CallRef, RefSpec } from './protocol/call-spec.ts';
import type { Fields } from './protocol/wire.ts';

/**
 * The client's one way to call the server: a call's ref (api/protocol/call-refs.ts) or its
 * declaration (api/protocol/calls/<group>.ts), and the payload the declaration asks for; the
 * answer's data is typed from the declaration too. A ref is only a path, so it costs the bundle
 * nothing and its answer is not checked: it is for calls whose data the caller does not read, or
 * reads in the entry chunk. Given the declaration, `request()` runs its answer schema over a
 * success's data (docs/decisions.md "The client decodes answers with the declared schemas"): a
 * route chunk that reads an answer imports the declaration, so the schemas load with the route
 * that uses them, never with the entry. A ref may be one of several (a union): the payload is then
 * one of theirs.
 */
export type Callable = CallRef | AnyCallSpec;

/** The declaration a ref stands for, or the declaration itself. */
export type SpecOf<R extends Callable> = R extends AnyCallSpec ? R : RefSpec<R>;

export type PayloadOf<R extends Callable> = CallPayload<SpecOf<R>>;
export type DataOf<R extends Callable> = CallData<SpecOf<R>>;

/** A payload parameter that may be left out when the declaration asks for nothing required. */
export type PayloadArgs<R extends Callable> = Partial<PayloadOf<R>> extends PayloadOf<R> ? [payload?: PayloadOf<R>] : [payload: PayloadOf<R>];

/** The path a ref or a declaration names. */
export function pathOf(call: Callable): string {
  return typeof call === 'string' ? call : call.path;
}

/**
 * A success's data run through the declaration's answer schema: its output (a lenientList without
 * its bad items), or the bad-response error when the data does not fit, which every page shows as
 * its load error. Refusals (code -1) carry their own data and pass as they are. The schema runs
 * through its Standard Schema interface, so this module never imports valibot.
 */
export function decodeAnswer<T>(spec: AnyCallSpec, outcome: ApiOutcome<unknown>): ApiOutcome<T> {
  if (outcome.kind !== 'ok') return outcome as ApiOutcome<T>;
  const result = spec.answer.schema['~standard'].validate(outcome.data);
  if (result instanceof Promise || result.issues) return BAD_RESPONSE;
  return { ...outcome, data: result.value as T };
}

export async function request<R extends Callable>(client: ApiClient, call: R, payload: PayloadOf<R>, options?: CallOptions): Promise<ApiOutcome<DataOf<R>>> {
  const path = pathOf(call);
  // Without options the call looks exactly like a hand-written client.call(path, payload).
  const outcome = await (options ? client.call<DataOf<R>>(path, payload as Fields, options) : client.call<DataOf<R>>(path, payload as Fields));
  return typeof call === 'string' ? outcome : decodeAnswer<DataOf<R>>(call as AnyCallSpec, outcome);
}
