import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { isServicePath } from '../../../machines/service-poll.constants.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useDeferredActor } from '../deferred-actor.ts';
import type { ServicePollActor } from './service-runtime.ts';

type PollSnapshot = ReturnType<ServicePollActor['getSnapshot']> | undefined;

const selectShown = (snapshot: PollSnapshot) => snapshot?.matches({ session: { signedIn: { notice: 'shown' } } }) ?? false;
const selectContent = (snapshot: PollSnapshot) => snapshot?.context.notice?.content ?? '';
/** The id of the latest announced message: the chat reloads when it changes. */
export const selectNoticeId = (snapshot: PollSnapshot) => snapshot?.context.notice?.id ?? null;

/** The poll actor once its chunk has loaded (undefined before). */
export function useServicePoll(): ServicePollActor | undefined {
  return useDeferredActor(useRuntime().servicePoll);
}

/** The '客服消息' banner's view model. On /service itself the chat shows the message instead. */
export function useServiceNotice() {
  const servicePoll = useServicePoll();
  const [path] = useLocation();
  const shown = useSelector(servicePoll, selectShown);
  return {
    visible: shown && !isServicePath(path),
    content: useSelector(servicePoll, selectContent),
    open: () => servicePoll?.send({ type: 'ui.notice.open' }),
    dismiss: () => servicePoll?.send({ type: 'ui.notice.dismiss' }),
  };
}
