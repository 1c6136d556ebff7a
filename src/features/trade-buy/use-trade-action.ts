import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { AnyCallSpec } from '../../../api/protocol/call-spec.ts';
import { request, type DataOf, type PayloadOf } from '../../../api/typed-call.ts';
import { tradeActionMachine, type TradeActionOutcome } from '../../../machines/trade-action.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';

/**
 * One changing request of the trading pages through the trade-action machine. The call is its
 * declaration, so request() decodes the answer with its schema: the result is that output, and an
 * answer that does not fit is the machine's failure (服务器返回数据异常).
 */
export function useTradeAction<R extends AnyCallSpec, T = DataOf<R>>(call: R, onSuccess?: (result: T) => void) {
  const runtime = useRuntime();
  // The call and callback are read when the action runs: the newest ones the page gave.
  const actor = useFeatureActor(tradeActionMachine, {
    implementations: {
      actors: {
        run: fromPromise<TradeActionOutcome, Record<string, unknown>>(async ({ input }) => {
          return request(runtime.api, call, input as PayloadOf<R>);
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
