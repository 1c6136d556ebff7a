import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { STEP_ROUTES, stepOf, type AccountCancelStep } from '../../../machines/account-cancel.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { accountCancelFlow, type AccountCancelActor } from '../../features/account-cancel/account-cancel-flow.ts';

/**
 * The view model of the four cancellation pages (ARCHITECTURE rule 6). The flow's actor decides
 * the step; each route shows one. A page opened on an earlier step than the flow's goes back to
 * it (the browser's back button); one opened on a later step is sent to the flow's step.
 */

type Snapshot = SnapshotFrom<AccountCancelActor>;
export type PageStep = Exclude<AccountCancelStep, 'loading' | 'revoked'>;

const ORDER: readonly AccountCancelStep[] = ['loading', 'rules', 'conditions', 'code', 'coolingOff', 'revoked'];
const stepIndex = (step: AccountCancelStep) => ORDER.indexOf(step);

const select = {
  step: (s: Snapshot) => stepOf(s),
  loadFailed: (s: Snapshot) => s.matches('loadFailed'),
  busy: (s: Snapshot) => s.hasTag('busy') || s.context.resendPhase === 'sending',
  error: (s: Snapshot) => s.context.error,
  agreed: (s: Snapshot) => s.context.agreed,
  conditions: (s: Snapshot) => s.context.conditions,
  conditionsListed: (s: Snapshot) => s.matches({ conditions: 'listed' }),
  conditionsFailed: (s: Snapshot) => s.matches({ conditions: 'failed' }),
  allPassed: (s: Snapshot) => s.context.allPassed,
  phone: (s: Snapshot) => s.context.phone,
  code: (s: Snapshot) => s.context.code,
  countdown: (s: Snapshot) => s.context.countdown,
  codeSent: (s: Snapshot) => s.context.codeSent,
  canSendCode: (s: Snapshot) => s.can({ type: 'ui.sendCode' }),
  sendingCode: (s: Snapshot) => s.context.resendPhase === 'sending',
  confirming: (s: Snapshot) => s.matches({ code: 'confirming' }),
  submitting: (s: Snapshot) => s.matches({ code: 'submitting' }),
  effectiveAt: (s: Snapshot) => s.context.cancellation?.effective_at ?? null,
  revoking: (s: Snapshot) => s.matches({ coolingOff: 'revoking' }),
};

export { formatChinaTime } from '../../features/account-cancel/china-time.ts';

export function useAccountCancelFlow(): AccountCancelActor | null {
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  return useMemo(() => (signedIn ? accountCancelFlow({ ...runtime, toast: showToast }, runtime.session) : null), [signedIn, runtime]);
}

/** Keeps the route and the flow's step together (see the module comment). */
function useStepRoute(flow: AccountCancelActor, page: PageStep) {
  const navigate = useNavigate();
  const step = useSelector(flow, select.step);
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst && page === 'rules' && (step === 'conditions' || step === 'code')) return void flow.send({ type: 'ui.visit.rules' });
    if (isFirst && page === 'conditions' && step === 'code') return void flow.send({ type: 'ui.visit.conditions' });
    if (step === 'loading') return;
    const own = page === 'coolingOff' ? step === 'coolingOff' || step === 'revoked' : step === page;
    // The flow moved on from this page: a step forward (push); opened out of turn: replace.
    if (!own) navigate(STEP_ROUTES[step], null, { replace: isFirst || stepIndex(step) < stepIndex(page) });
  }, [flow, page, step, navigate]);
  return step;
}

export function useAccountCancel(flow: AccountCancelActor, page: PageStep) {
  const step = useStepRoute(flow, page);
  const send = flow.send.bind(flow);
  return {
    step,
    loadFailed: useSelector(flow, select.loadFailed),
    busy: useSelector(flow, select.busy),
    error: useSelector(flow, select.error),
    agreed: useSelector(flow, select.agreed),
    conditions: useSelector(flow, select.conditions),
    conditionsListed: useSelector(flow, select.conditionsListed),
    conditionsFailed: useSelector(flow, select.conditionsFailed),
    allPassed: useSelector(flow, select.allPassed),
    phone: useSelector(flow, select.phone),
    code: useSelector(flow, select.code),
    countdown: useSelector(flow, select.countdown),
    codeSent: useSelector(flow, select.codeSent),
    canSendCode: useSelector(flow, select.canSendCode),
    sendingCode: useSelector(flow, select.sendingCode),
    confirming: useSelector(flow, select.confirming),
    submitting: useSelector(flow, select.submitting),
    effectiveAt: useSelector(flow, select.effectiveAt),
    revoking: useSelector(flow, select.revoking),
    retry: () => send({ type: 'ui.retry' }),
    toggleAgreement: () => send({ type: 'ui.agree.toggle' }),
    next: () => send({ type: 'ui.next' }),
    sendCode: () => send({ type: 'ui.sendCode' }),
    changeCode: (value: string) => send({ type: 'ui.code.change', value }),
    submit: () => send({ type: 'ui.submit' }),
    confirm: () => send({ type: 'ui.confirm' }),
    cancel: () => send({ type: 'ui.cancel' }),
    revoke: () => send({ type: 'ui.revoke' }),
  };
}

export type AccountCancelView = ReturnType<typeof useAccountCancel>;
