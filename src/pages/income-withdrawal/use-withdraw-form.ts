import { useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request } from '../../../api/typed-call.ts';
import type { WithdrawDraft } from '../../../api/protocol/withdraw-rules.ts';
import { withdrawFormMachine, type WithdrawSubmitAnswer } from '../../../machines/withdraw-form.machine.ts';
import type { WithdrawPayload } from '../../../api/protocol/withdraw-rules.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

export type WithdrawFormState = 'editing' | 'validating' | 'submitting' | 'submitted' | 'refused' | 'failed';

/**
 * The withdrawal form through its statechart (machines/withdraw-form.machine.ts): narrow values
 * and intents for the page. `onAnswered` reloads the page's facts once the server has answered.
 */
export function useWithdrawForm(onAnswered: () => void) {
  const runtime = useRuntime();
  const answered = useRef(onAnswered);
  answered.current = onAnswered;
  const requestBase = useMemo(() => `wd-${crypto.randomUUID()}`, []);
  const actor = useFeatureActor(withdrawFormMachine, {
    input: { requestBase },
    implementations: {
      actors: {
        submit: fromPromise<ApiOutcome<WithdrawSubmitAnswer>, { payload: WithdrawPayload; requestId: string }>(({ input }) => {
          const { source, ...fields } = input.payload;
          const path = source === 'income' ? calls.withdraw.profitTixian : calls.withdraw.balanceTixian;
          return request(runtime.api, path, { request_id: input.requestId, ...fields }) as Promise<ApiOutcome<WithdrawSubmitAnswer>>;
        }),
      },
      actions: { refreshFacts: () => answered.current() },
    },
  });
  const state = useSelector(actor, (s) => s.value as WithdrawFormState);
  const message = useSelector(actor, (s) => s.context.message);
  const result = useSelector(actor, (s) => s.context.result);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return {
    state,
    message,
    result,
    busy,
    submit: (draft: WithdrawDraft, availableCents: number) => actor.send({ type: 'ui.submit', draft, availableCents }),
    edit: () => actor.send({ type: 'ui.edit' }),
    retry: () => actor.send({ type: 'ui.retry' }),
    again: () => actor.send({ type: 'ui.again' }),
  };
}
