import type { ApiClient, CallOptions } from './client.ts';
import type { ApiOutcome } from './outcome.ts';
import type { CallData, CallPayload, CallRef, RefSpec } from './protocol/call-spec.ts';
import type { Fields } from './protocol/wire.ts';

/**
 * The client's one way to call the server: a call's ref (api/protocol/call-refs.ts) and the payload
 * its declaration asks for; the answer's data is typed from the declaration too. Only the
 * declarations' types reach the client: the schemas stay on the server, so this costs the bundle
 * nothing beyond the path. A ref may be one of several (a union): the payload is then one of theirs.
 */
export type PayloadOf<R extends CallRef> = CallPayload<RefSpec<R>>;
export type DataOf<R extends CallRef> = CallData<RefSpec<R>>;

/** A payload parameter that may be left out when the declaration asks for nothing required. */
export type PayloadArgs<R extends CallRef> = Partial<PayloadOf<R>> extends PayloadOf<R> ? [payload?: PayloadOf<R>] : [payload: PayloadOf<R>];

export function request<R extends CallRef>(client: ApiClient, call: R, payload: PayloadOf<R>, options?: CallOptions): Promise<ApiOutcome<DataOf<R>>> {
  // Without options the call looks exactly like a hand-written client.call(path, payload).
  return options ? client.call<DataOf<R>>(call, payload as Fields, options) : client.call<DataOf<R>>(call, payload as Fields);
}
