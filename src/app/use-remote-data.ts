import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import { request, type Callable, type DataOf, type PayloadArgs, type PayloadOf } from '../../api/typed-call.ts';
import { createRemoteDataMachine } from '../../machines/remote-data.machine.ts';
import { useRuntime } from './runtime-context.tsx';
import { useFeatureActor } from './use-feature-actor.ts';

/**
 * Loads one call's data through the remote-data machine; returns narrow values and intents. The
 * call is its ref (api/protocol/call-refs.ts) or, where the view reads the data, its declaration
 * (api/protocol/calls/<group>.ts): then the data is the answer schema's output, and an answer that
 * does not fit it is the load error (`failed`). Payload and data are typed from the declaration.
 */
export function useRemoteData<R extends Callable>(id: string, call: R, ...[payload = {} as PayloadOf<R>]: PayloadArgs<R>) {
  const runtime = useRuntime();
  const key = JSON.stringify(payload);
  const actor = useFeatureActor(() => createRemoteDataMachine<DataOf<R>>(id), {
    implementations: { actors: { load: fromPromise<ApiOutcome<DataOf<R>>>(() => request(runtime.api, call, payload)) } },
    // a new call or payload is a new load: the old answer is never shown for it
    restartOn: [id, call, key],
  });
  const snapshot = useSelector(actor, (current) => current);
  return {
    data: snapshot.context.data,
    error: snapshot.context.error,
    loading: snapshot.hasTag('busy'),
    failed: snapshot.hasTag('error'),
    retry: () => actor.send({ type: 'ui.retry' }),
    refresh: () => actor.send({ type: 'ui.refresh' }),
  };
}
