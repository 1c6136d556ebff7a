import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { CancelConditionView, CancellationView, CancelStatus } from '../api/protocol/calls/account-cancel.ts';
import { CODE_LENGTH } from './constants.ts';
import { failureMessage, isAccepted, isSessionEnded, rejectionOutcome, sanitizeCode } from './login-overlay.validation.ts';
import { RESEND_IDLE_PHASE } from './resend-code.constants.ts';
import { resendCodeMachine, resendOutcome, resendStatus } from './resend-code.machine.ts';
import type { ResendCodeReply, ResendPhase } from './resend-code.types.ts';

/**
 * Account cancellation in four steps (SPEC /accountdestoryone…four):
 * loading (is a cancellation already in its cooling-off?) → rules (read and agree) → conditions
 * (the server's list; next only when all pass) → code (type-5 SMS with the 60 s resend countdown,
 * the invoked 'resend' child, beside the 4-digit form; 确认注销 asks once more) → coolingOff (until effective_at; 撤销注销) →
 * revoked. Each step is one route; the route is a view of this chart (ui.visit.* steps back).
 */

export const ACCOUNT_CANCEL_MESSAGES = {
  agreeFirst: '请先阅读并同意《账号注销协议》',
  codeRequired: '请输入4位验证码',
  loadFailed: '加载失败，请稍后重试',
} as const;

/** sendCode type '5': confirms cancellation; the server sends it to the account's own phone. */
export const CANCEL_CODE_TYPE = '5';

export type AccountCancelStep = 'loading' | 'rules' | 'conditions' | 'code' | 'coolingOff' | 'revoked';

export interface ConditionsAnswer {
  conditions: CancelConditionView[];
  all_passed: boolean;
  phone: string;
}

export interface AccountCancelContext {
  agreed: boolean;
  conditions: CancelConditionView[];
  allPassed: boolean;
  /** The account's phone, masked as the server sends it (138****8000). */
  phone: string;
  code: string;
  /** Seconds before another code may be sent; 0 when not counting (the resend child's count). */
  countdown: number;
  resendPhase: ResendPhase;
  /** Whether a code was sent in this step (the form says where it went). */
  codeSent: boolean;
  cancellation: CancellationView | null;
  /** Why the status or the conditions could not be loaded. */
  error: string | null;
}

export type AccountCancelEvent =
  | { type: 'ui.retry' }
  | { type: 'ui.agree.toggle' }
  | { type: 'ui.next' }
  | { type: 'ui.visit.rules' }
  | { type: 'ui.visit.conditions' }
  | { type: 'ui.sendCode' }
  | { type: 'ui.code.change'; value: string }
  | { type: 'ui.submit' }
  | { type: 'ui.confirm' }
  | { type: 'ui.cancel' }
  | ResendCodeReply
  | { type: 'ui.revoke' };

type OutcomeParams = { outcome: ApiOutcome };
const output = ({ event }: { event: { output: ApiOutcome } }) => ({ outcome: event.output });
const rejected = () => ({ outcome: rejectionOutcome() });

function notProvided(name: string) {
  return async (): Promise<never> => {
    throw new Error(`accountCancel: provide the ${name} actor`);
  };
}

const loadError = (outcome: ApiOutcome) => (outcome.kind === 'ok' ? ACCOUNT_CANCEL_MESSAGES.loadFailed : outcome.msg || ACCOUNT_CANCEL_MESSAGES.loadFailed);

type ShowToastAction = { type: 'showToast'; params: { message: string } };

/** Hands a message (null: none) to the app's `showToast`. */
function toast<TParams extends object>(pick: (params: TParams) => string | null) {
  return enqueueActions<AccountCancelContext, AccountCancelEvent, TParams, AccountCancelEvent, never, ShowToastAction, never, never, never>(({ enqueue }, params) => {
    const message = pick(params);
    if (message !== null) enqueue({ type: 'showToast', params: { message } });
  });
}

export const initialAccountCancelContext = (): AccountCancelContext => ({
  agreed: false,
  conditions: [],
  allPassed: false,
  phone: '',
  code: '',
  countdown: 0,
  resendPhase: RESEND_IDLE_PHASE,
  codeSent: false,
  cancellation: null,
  error: null,
});

export const accountCancelMachine = setup({
  types: {
    context: {} as AccountCancelContext,
    events: {} as AccountCancelEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadStatus: fromPromise<ApiOutcome<CancelStatus>>(notProvided('loadStatus')),
    loadConditions: fromPromise<ApiOutcome<ConditionsAnswer>>(notProvided('loadConditions')),
    resendCode: resendCodeMachine,
    applyCancel: fromPromise<ApiOutcome<CancellationView>, { phone_code: string }>(notProvided('applyCancel')),
    revokeCancel: fromPromise<ApiOutcome>(notProvided('revokeCancel')),
  },
  actions: {
    /** Provided by the app: a toast. */
    showToast: (_, _params: { message: string }) => {},
    notify: toast((params: { message: string }) => params.message),
    /** The app's own message for failures the session machine does not toast (network, bad answers). */
    reportFailure: toast((params: OutcomeParams) => failureMessage(params.outcome)),
    /** The server's message on success (注销申请已提交, 已撤销注销). */
    announce: toast((params: OutcomeParams) => (params.outcome.kind === 'ok' && params.outcome.msg ? params.outcome.msg : null)),
    storeStatus: assign((_, params: OutcomeParams) => {
      const data = params.outcome.kind === 'ok' ? (params.outcome.data as CancelStatus) : null;
      return { cancellation: data?.status === 'pending' ? data.cancellation : null, error: null };
    }),
    storeConditions: assign((_, params: OutcomeParams) => {
      const data = (params.outcome.kind === 'ok' ? params.outcome.data : null) as ConditionsAnswer | null;
      const conditions = Array.isArray(data?.conditions) ? data.conditions : [];
      return { conditions, allPassed: conditions.length > 0 && conditions.every((c) => c.passed === true), phone: typeof data?.phone === 'string' ? data.phone : '', error: null };
    }),
    storeError: assign((_, params: OutcomeParams) => ({ error: loadError(params.outcome) })),
    storeCancellation: assign((_, params: OutcomeParams) => ({
      cancellation: params.outcome.kind === 'ok' ? (params.outcome.data as CancellationView) : null,
      code: '',
    })),
    toggleAgreement: assign({ agreed: ({ context }) => !context.agreed }),
    setCode: assign((_, params: { value: string }) => ({ code: sanitizeCode(params.value) })),
    clearCode: assign({ code: '' }),
    requestCode: sendTo('resend', { type: 'resend.send', request: { type: CANCEL_CODE_TYPE } }),
    showResend: assign((_, params: { phase: ResendPhase; count: number }) => ({ resendPhase: params.phase, countdown: params.count })),
    markCodeSent: assign({ codeSent: true }),
    stopCountdown: assign({ countdown: 0, resendPhase: RESEND_IDLE_PHASE, codeSent: false, code: '' }),
    forgetCancellation: assign({ cancellation: null, agreed: false }),
  },
  guards: {
    agreed: ({ context }) => context.agreed,
    allPassed: ({ context }) => context.allPassed,
    codeComplete: ({ context }) => context.code.length === CODE_LENGTH,
    resendReady: ({ context }) => context.resendPhase === 'ready',
    accepted: (_, params: OutcomeParams) => isAccepted(params.outcome),
    sessionEnded: (_, params: OutcomeParams) => isSessionEnded(params.outcome),
    pending: (_, params: OutcomeParams) => params.outcome.kind === 'ok' && (params.outcome.data as CancelStatus | null)?.status === 'pending',
    answered: (_, params: OutcomeParams) => params.outcome.kind === 'ok' && params.outcome.data !== null && typeof params.outcome.data === 'object',
    validCancellation: (_, params: OutcomeParams) =>
      isAccepted(params.outcome) && typeof (params.outcome as { data?: Partial<CancellationView> | null }).data?.effective_at === 'string',
  },
}).createMachine({
  id: 'accountCancel',
  context: initialAccountCancelContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'Is a cancellation already in its cooling-off?',
      tags: 'busy',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: { type: 'pending', params: output }, target: 'coolingOff', actions: { type: 'storeStatus', params: output } },
          { guard: { type: 'answered', params: output }, target: 'rules', actions: { type: 'storeStatus', params: output } },
          { target: 'loadFailed', actions: { type: 'storeError', params: output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: rejected } },
      },
    },
    loadFailed: {
      on: { 'ui.retry': 'loading' },
    },
    rules: {
      description: 'Step 1: the rules in short, read and agree',
      on: {
        'ui.agree.toggle': { actions: 'toggleAgreement' },
        'ui.next': [{ guard: 'agreed', target: 'conditions' }, { actions: { type: 'notify', params: { message: ACCOUNT_CANCEL_MESSAGES.agreeFirst } } }],
      },
    },
    conditions: {
      description: "Step 2: the server's conditions, each passed or why not",
      initial: 'checking',
      on: { 'ui.visit.rules': 'rules' },
      states: {
        checking: {
          tags: 'busy',
          invoke: {
            id: 'loadConditions',
            src: 'loadConditions',
            onDone: [
              { guard: { type: 'answered', params: output }, target: 'listed', actions: { type: 'storeConditions', params: output } },
              { target: 'failed', actions: { type: 'storeError', params: output } },
            ],
            onError: { target: 'failed', actions: { type: 'storeError', params: rejected } },
          },
        },
        listed: {
          on: {
            'ui.next': { guard: 'allPassed', target: '#accountCancel.code' },
            'ui.retry': 'checking',
          },
        },
        failed: {
          on: { 'ui.retry': 'checking' },
        },
      },
    },
    code: {
      description: 'Step 3: type-5 code to the account phone; the resend countdown runs beside the form',
      exit: 'stopCountdown',
      invoke: { id: 'resend', src: 'resendCode', input: {} },
      on: {
        'ui.visit.rules': '#accountCancel.rules',
        'ui.visit.conditions': '#accountCancel.conditions',
        'ui.sendCode': { guard: 'resendReady', actions: 'requestCode' },
        'resend.changed': { actions: { type: 'showResend', params: resendStatus } },
        'resend.sent': { actions: ['markCodeSent', { type: 'announce', params: resendOutcome }] },
        'resend.failed': { actions: { type: 'reportFailure', params: resendOutcome } },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'ui.code.change': { actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) } },
            'ui.submit': [
              { guard: 'codeComplete', target: 'confirming' },
              { actions: { type: 'notify', params: { message: ACCOUNT_CANCEL_MESSAGES.codeRequired } } },
            ],
          },
        },
        confirming: {
          description: '确认注销 asks once more',
          on: { 'ui.confirm': 'submitting', 'ui.cancel': 'editing' },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            id: 'applyCancel',
            src: 'applyCancel',
            input: ({ context }) => ({ phone_code: context.code }),
            onDone: [
              {
                guard: { type: 'validCancellation', params: output },
                target: '#accountCancel.coolingOff',
                actions: [{ type: 'storeCancellation', params: output }, { type: 'announce', params: output }],
              },
              { guard: { type: 'sessionEnded', params: output }, target: 'editing' },
              { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: output }] },
            ],
            onError: { target: 'editing', actions: ['clearCode', { type: 'reportFailure', params: rejected }] },
          },
        },
      },
    },
    coolingOff: {
      description: 'Step 4: the 15-day cooling-off until effective_at; 撤销注销 ends it',
      initial: 'idle',
      states: {
        idle: { on: { 'ui.revoke': 'revoking' } },
        revoking: {
          tags: 'busy',
          invoke: {
            id: 'revokeCancel',
            src: 'revokeCancel',
            onDone: [
              { guard: { type: 'accepted', params: output }, target: '#accountCancel.revoked', actions: ['forgetCancellation', { type: 'announce', params: output }] },
              { target: 'idle', actions: { type: 'reportFailure', params: output } },
            ],
            onError: { target: 'idle', actions: { type: 'reportFailure', params: rejected } },
          },
        },
      },
    },
    revoked: {
      description: 'The account is normal again',
      type: 'final',
    },
  },
});

/** Which step (and so which route) a snapshot shows; loading and loadFailed read as 'loading'. */
export function stepOf(snapshot: { value: unknown }): AccountCancelStep {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];
  return top !== undefined && top in STEP_ROUTES ? (top as AccountCancelStep) : 'loading';
}

/** The route of each step (SPEC §2). loading and loadFailed show on whichever route was opened. */
export const STEP_ROUTES: Record<Exclude<AccountCancelStep, 'loading'>, string> = {
  rules: '/accountdestoryone',
  conditions: '/accountdestorytwo',
  code: '/accountdestorythree',
  coolingOff: '/accountdestoryfour',
  revoked: '/accountdestoryfour',
};
