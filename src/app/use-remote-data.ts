import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import type { Fields } from '../../api/protocol/wire.ts';
import { createRemoteDataMachine } from '../../machines/remote-data.machine.ts';
import { useRuntime } from './runtime-context.tsx';

/** Loads one call's data through the remote-data machine; returns narrow values and intents. */
export function useRemoteData<T>(id: string, path: string, payload: Fields = {}) {
  const runtime = useRuntime();
  const key = JSON.stringify(payload);
  const machine = useMemo(
    () =>
      createRemoteDataMachine<T>(id).provide({
        actors: { load: fromPromise<ApiOutcome<T>>(() => runtime.api.call<T>(path, JSON.parse(key) as Fields)) },
      }),
    // the machine is rebuilt only when what it loads changes
    [id, path, key, runtime],
  );
  const [snapshot, send] = useMachine(machine, { inspect: runtime.inspect });
  return {
    data: snapshot.context.data,
    error: snapshot.context.error,
    loading: snapshot.hasTag('busy'),
    failed: snapshot.hasTag('error'),
    retry: () => send({ type: 'ui.retry' }),
    refresh: () => send({ type: 'ui.refresh' }),
  };
}
