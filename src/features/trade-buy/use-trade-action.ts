import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CallRef } from '../../../api/protocol/call-spec.ts';
import { request, type PayloadOf } from '../../../api/typed-call.ts';
import { tradeActionMachine, type TradeActionOutcome } from '../../../machines/trade-action.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';

/** One changing request of the trading pages through the trade-action machine; `decode` turns the answer's data into the result (null: unusable). */
export function useTradeAction<T, R extends CallRef>(call: R, decode: (data: unknown) => T | null, onSuccess?: (result: T) => void) {
  const runtime = useRuntime();
  // The call, decoder and callback are read when the action runs: the newest ones the page gave.
  const actor = useFeatureActor(tradeActionMachine, {
    implementations: {
      actors: {
        run: fromPromise<TradeActionOutcome, Record<string, unknown>>(async ({ input }) => {
          const outcome = await request(runtime.api, call, input as PayloadOf<R>);
          return outcome.kind === 'ok' ? { ...outcome, data: decode(outcome.data) } : outcome;
        }),
      },
      actions: { succeeded: (_, { result }) => onSuccess?.(result as T) },
    },
  });
  return {
    phase: useSelector(actor, (s) => s.value as 'idle' | 'running' | 'done'),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    result: useSelector(actor, (s) => s.context.result as T | null),
    error: useSelector(actor, (s) => s.context.error),
    run: (payload: PayloadOf<R>) => actor.send({ type: 'ui.run', payload }),
    reset: () => actor.send({ type: 'ui.reset' }),
  };
}
