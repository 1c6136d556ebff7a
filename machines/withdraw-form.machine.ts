import { assign, fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import type { WithdrawalView } from '../api/protocol/calls/withdraw.ts';
import { checkDraft, type WithdrawDraft, type WithdrawPayload } from '../api/protocol/withdraw-rules.ts';

/**
 * The withdrawal form (/incomewithdrawal): editing → validating → submitting → submitted |
 * refused(reason) | failed. Validating runs the server's rules on the form (one shared checker,
 * api/protocol/withdraw-rules.ts) against the amount the chosen source holds; a problem goes back
 * to editing with its message. The request carries a request_id: it is kept while an answer is
 * missing (failed → 重试 sends the same id, so a submit that did reach the server is not made
 * twice) and renewed once the server has answered (submitted or refused).
 */

export const WITHDRAW_FORM_MESSAGES = {
  failed: '网络异常，提交结果未知，请重试',
} as const;

export interface WithdrawFormInput {
  /** A random prefix for this form's request ids (16+ of A–Z a–z 0–9 _ -); the machine appends a serial. */
  requestBase: string;
}

export interface WithdrawFormContext {
  requestBase: string;
  serial: number;
  draft: WithdrawDraft | null;
  payload: WithdrawPayload | null;
  /** The problem, refusal or failure shown under the form. */
  message: string | null;
  result: WithdrawalView | null;
}

export type WithdrawSubmitAnswer = { withdrawal: WithdrawalView; created: boolean } | null;
export type WithdrawFormEvent = { type: 'ui.submit'; draft: WithdrawDraft; availableCents: number } | { type: 'ui.edit' } | { type: 'ui.retry' } | { type: 'ui.again' };

export type ValidateOutcome = { ok: true; value: WithdrawPayload } | { ok: false; message: string };

export const requestIdOf = (context: Pick<WithdrawFormContext, 'requestBase' | 'serial'>) => `${context.requestBase}-${context.serial}`;

const outcomeMessage = (outcome: ApiOutcome<WithdrawSubmitAnswer>): string => ('msg' in outcome && outcome.msg ? outcome.msg : WITHDRAW_FORM_MESSAGES.failed);

export const withdrawFormMachine = setup({
  types: {
    context: {} as WithdrawFormContext,
    events: {} as WithdrawFormEvent,
    input: {} as WithdrawFormInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The form's checks; the app keeps this one (pure), tests drive it. */
    validate: fromPromise<ValidateOutcome, { draft: WithdrawDraft; availableCents: number }>(async ({ input }) => checkDraft(input.draft, input.availableCents)),
    /** Replaced by the app with .provide(): profitTixian or balanceTixian by the payload's source. */
    submit: fromPromise<ApiOutcome<WithdrawSubmitAnswer>, { payload: WithdrawPayload; requestId: string }>(async () => {
      throw new Error('withdrawForm: provide the submit actor');
    }),
  },
  actions: {
    /** Provided by the app: reload the facts (balances, today's usage) after the server answered. */
    refreshFacts: () => {},
    storeDraft: assign((_, params: { draft: WithdrawDraft }) => ({ draft: params.draft, message: null })),
    storePayload: assign((_, params: { payload: WithdrawPayload }) => ({ payload: params.payload })),
    showMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    clearMessage: assign({ message: null }),
    storeResult: assign((_, params: { result: WithdrawalView | null }) => ({ result: params.result, message: null })),
    /** The server answered: the next submit is a new request. */
    renewRequestId: assign(({ context }) => ({ serial: context.serial + 1 })),
  },
  guards: {
    valid: (_, params: { outcome: ValidateOutcome }) => params.outcome.ok,
    accepted: (_, params: { outcome: ApiOutcome<WithdrawSubmitAnswer> }) => params.outcome.kind === 'ok',
    refused: (_, params: { outcome: ApiOutcome<WithdrawSubmitAnswer> }) => params.outcome.kind === 'toast',
  },
}).createMachine({
  id: 'withdrawForm',
  context: ({ input }) => ({ requestBase: input.requestBase, serial: 1, draft: null, payload: null, message: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'ui.submit': { target: 'validating', actions: { type: 'storeDraft', params: ({ event }) => ({ draft: event.draft }) } },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ event }) => (event.type === 'ui.submit' ? { draft: event.draft, availableCents: event.availableCents } : { draft: { source: 'income', amount: '', account: '', payeeName: '' }, availableCents: 0 }),
        onDone: [
          {
            guard: { type: 'valid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'submitting',
            actions: { type: 'storePayload', params: ({ event }) => ({ payload: event.output.ok ? event.output.value : (null as never) }) },
          },
          { target: 'editing', actions: { type: 'showMessage', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) } },
        ],
        onError: { target: 'editing', actions: { type: 'showMessage', params: { message: WITHDRAW_FORM_MESSAGES.failed } } },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ payload: context.payload!, requestId: requestIdOf(context) }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'submitted',
            actions: [{ type: 'storeResult', params: ({ event }) => ({ result: event.output.kind === 'ok' ? (event.output.data?.withdrawal ?? null) : null }) }, 'renewRequestId', 'refreshFacts'],
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'refused',
            actions: [{ type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) }, 'renewRequestId', 'refreshFacts'],
          },
          // No answer we can read (server error, session ended): the request may have been taken.
          { target: 'failed', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'showMessage', params: { message: WITHDRAW_FORM_MESSAGES.failed } } },
      },
    },
    submitted: {
      on: { 'ui.again': { target: 'editing', actions: [{ type: 'storeResult', params: { result: null } }] } },
    },
    refused: {
      on: {
        'ui.edit': { target: 'editing', actions: 'clearMessage' },
        'ui.submit': { target: 'validating', actions: { type: 'storeDraft', params: ({ event }) => ({ draft: event.draft }) } },
      },
    },
    failed: {
      on: {
        // The same request again, same id: the server answers the first if it got it.
        'ui.retry': { target: 'submitting', actions: 'clearMessage' },
        'ui.edit': { target: 'editing', actions: 'clearMessage' },
      },
    },
  },
});
