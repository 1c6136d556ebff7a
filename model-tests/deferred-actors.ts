import { fromPromise, type AnyStateMachine, type PromiseActorLogic } from 'xstate';

/**
 * Promise actors whose answers the test decides: each invocation waits until the test
 * resolves or rejects it, so busy states can be observed and outcomes replayed in order.
 * A call whose actor was stopped (its state left) drops out of the pending list.
 */

export interface DeferredCall {
  id: string;
  input: unknown;
  settle: (outcome: { output: unknown } | { error: unknown }) => void;
}

/** Lets promise continuations (and the events they send) run before the test looks again. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The actor implementations `machine.provide()` accepts, keyed by src. */
export type ProvidableActors<TMachine extends AnyStateMachine> = NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>;

/** Deferred stand-ins for `ids`, typed as the machine's own actors so `.provide()` accepts them. */
export function createDeferredActors<
  TMachine extends AnyStateMachine,
  const TIds extends ReadonlyArray<keyof ProvidableActors<TMachine> & string>,
>(_machine: TMachine, ids: TIds) {
  const pending: DeferredCall[] = [];
  const calls: Array<{ id: TIds[number]; input: unknown }> = [];

  const make = (id: TIds[number]): PromiseActorLogic<never, never> =>
    fromPromise<never, never>(
      ({ input, signal }) =>
        new Promise<never>((resolve, reject) => {
          calls.push({ id, input });
          const call: DeferredCall = {
            id,
            input,
            settle: (outcome) => ('output' in outcome ? resolve(outcome.output as never) : reject(outcome.error)),
          };
          pending.push(call);
          signal.addEventListener('abort', () => {
            const index = pending.indexOf(call);
            if (index >= 0) pending.splice(index, 1);
          });
        }),
    );

  const actors = Object.fromEntries(ids.map((id) => [id, make(id)])) as unknown as Pick<ProvidableActors<TMachine>, TIds[number]>;

  function take(id: TIds[number]): DeferredCall {
    const index = pending.findLastIndex((call) => call.id === id);
    if (index < 0) throw new Error(`no pending '${id}' call`);
    const [call] = pending.splice(index, 1);
    return call!;
  }

  return {
    actors,
    calls,
    isPending: (id: TIds[number]) => pending.some((call) => call.id === id),
    lastInput: (id: TIds[number]) => calls.findLast((call) => call.id === id)?.input,
    async resolve(id: TIds[number], output: unknown) {
      take(id).settle({ output });
      await flush();
    },
    async reject(id: TIds[number], error: unknown) {
      take(id).settle({ error });
      await flush();
    },
  };
}
