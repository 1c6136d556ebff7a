import type { Fields } from '../../../api/protocol/wire.ts';
import type { CallPath, DataOf, PayloadOf } from '../../../api/typed-call.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';

/** useRemoteData typed from the call declarations (the checkout pages read the money calls). */
export function useCall<P extends CallPath>(id: string, path: P, payload: PayloadOf<P>) {
  return useRemoteData<DataOf<P>>(id, path, payload as Fields);
}
