import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import type { Fields } from '../../api/protocol/wire.ts';
import { createRemoteDataMachine } from '../../machines/remote-data.machine.ts';
import { useRuntime } from './runtime-context.tsx';
import { useFeatureActor } from './use-feature-actor.ts';

/** Loads one call's data through the remote-data machine; returns narrow values and intents. */
export function useRemoteData<T>(id: string, path: string, payload: Fields = {}) {
  const runtime = useRuntime();
  const key = JSON.stringify(payload);
  const actor = useFeatureActor(() => createRemoteDataMachine<T>(id), {
    implementations: { actors: { load: fromPromise<ApiOutcome<T>>(() => runtime.api.call<T>(path, payload)) } },
    // a new call or payload is a new load: the old answer is never shown for it
    restartOn: [id, path, key],
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
