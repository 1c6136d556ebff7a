import type { ApiClient, CallOptions } from './client.ts';
import type { ApiOutcome } from './outcome.ts';
import type { CallData, CallPayload } from './protocol/call-spec.ts';
import type { CallSpecs } from './protocol/calls/all.ts';
import type { Fields } from './protocol/wire.ts';

/**
 * The client's typed call, from the calls' declarations (api/protocol/calls/). Only their types
 * are imported: the schemas stay on the server, so a typed call costs the bundle nothing.
 */
type ByPath = { [S in CallSpecs as S['path']]: S };

export type CallPath = Extract<keyof ByPath, string>;
export type PayloadOf<P extends CallPath> = CallPayload<ByPath[P]>;
export type DataOf<P extends CallPath> = CallData<ByPath[P]>;

export function request<P extends CallPath>(client: ApiClient, path: P, payload: PayloadOf<P>, options?: CallOptions): Promise<ApiOutcome<DataOf<P>>> {
  // Without options the call looks exactly like a hand-written client.call(path, payload).
  return options ? client.call<DataOf<P>>(path, payload as Fields, options) : client.call<DataOf<P>>(path, payload as Fields);
}
