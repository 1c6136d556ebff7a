import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { chinaToday } from '../../../api/protocol/real-name.ts';
import { request } from '../../../api/typed-call.ts';
import { realNameFormMachine } from '../../../machines/real-name-form.machine.ts';
import type { RealNameAuthOutcome } from '../../../machines/real-name-form.types.ts';
import { withLoading } from '../../app/loading.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

export const IDENTITY_CARD_CALL = calls.realName.getIdentityCard;
export const STEP_TWO = '/realnamecertificatetwo';
export const STEP_ONE = '/realnamecertificateone';
const VERIFIED_MESSAGE = '实名认证成功';

/** The account's real-name state (/api/user/getIdentityCard). */
export function useIdentityCard() {
  return useRemoteData('identityCard', IDENTITY_CARD_CALL);
}

/** The real-name form: its fields, its message and its intents (machines/real-name-form.machine.ts). */
export function useRealNameForm() {
  const runtime = useRuntime();
  const actor = useFeatureActor(realNameFormMachine, {
    input: { today: chinaToday(Date.now()) },
    implementations: {
      actors: {
        realNameAuth: fromPromise<RealNameAuthOutcome, { real_name: string; id_card: string }>(({ input }) =>
          withLoading(runtime.loading, () => request(runtime.api, calls.realName.realNameAuth, input)),
        ),
      },
      actions: {
        showVerified: () => {
          showToast(VERIFIED_MESSAGE);
          runtime.navigate(STEP_TWO, null, { replace: true });
        },
      },
    },
    restartOn: [],
  });
  const send = actor.send;
  const realName = useSelector(actor, (s) => s.context.realName);
  const idCard = useSelector(actor, (s) => s.context.idCard);
  const message = useSelector(actor, (s) => s.context.message);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const state = useSelector(actor, (s) => String(s.value));
  return {
    realName,
    idCard,
    message,
    busy,
    state,
    setName: (value: string) => send({ type: 'ui.name', value }),
    setIdCard: (value: string) => send({ type: 'ui.idCard', value }),
    submit: () => send({ type: 'ui.submit' }),
  };
}
