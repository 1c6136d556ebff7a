import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkIdCard, checkRealName, REAL_NAME_MSG } from '../api/protocol/real-name.ts';
import type { IdentityCard } from '../api/protocol/calls/real-name.ts';
import { ID_CARD_INPUT_MAX, NAME_INPUT_MAX, REAL_NAME_FORM_MESSAGES } from './real-name-form.constants.ts';
import type { RealNameAuthInput, RealNameAuthOutcome, RealNameFormContext, RealNameFormEvent, RealNameFormInput } from './real-name-form.types.ts';

/** The first rule the form breaks (same checks and messages as the server), or null. */
export function formProblem(context: Pick<RealNameFormContext, 'realName' | 'idCard' | 'today'>): string | null {
  const name = checkRealName(context.realName);
  if (!name.ok) return name.message;
  const id = checkIdCard(context.idCard, context.today);
  return id.ok ? null : id.message;
}

type OutcomeParams = { outcome: RealNameAuthOutcome };
const output = ({ event }: { event: { output: RealNameAuthOutcome } }): OutcomeParams => ({ outcome: event.output });

/**
 * The real-name form (/realnamecertificateone): editing → submitting → verified | refused. The
 * form checks what the server checks first (one shared validator); a refusal shows its message
 * under the form until the player edits. A server refusal is also toasted by the session machine
 * (SPEC §8). '已完成实名认证' from the server means another tab got there first: verified.
 */
export const realNameFormMachine = setup({
  types: {
    context: {} as RealNameFormContext,
    events: {} as RealNameFormEvent,
    input: {} as RealNameFormInput,
    tags: {} as 'busy',
    children: {} as { realNameAuth: 'realNameAuth' },
  },
  actors: {
    /** Replaced by the app with .provide(): /api/user/realNameAuth. */
    realNameAuth: fromPromise<RealNameAuthOutcome, RealNameAuthInput>(async () => {
      throw new Error('realNameAuth is not provided');
    }),
  },
  actions: {
    /** Provided by the app: go to /realnamecertificatetwo. */
    showVerified: () => {},
    setName: assign(({ event }) => {
      assertEvent(event, 'ui.name');
      return { realName: event.value.slice(0, NAME_INPUT_MAX), message: null };
    }),
    setIdCard: assign(({ event }) => {
      assertEvent(event, 'ui.idCard');
      return { idCard: event.value.replace(/\s+/g, '').slice(0, ID_CARD_INPUT_MAX), message: null };
    }),
    showProblem: assign(({ context }) => ({ message: formProblem(context) })),
    showMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    storeCard: assign((_, params: { card: IdentityCard | null }) => ({ card: params.card, message: null })),
  },
  guards: {
    hasProblem: ({ context }) => formProblem(context) !== null,
    isVerified: (_, params: OutcomeParams) => params.outcome.kind === 'ok',
    isAlreadyVerified: (_, params: OutcomeParams) => params.outcome.kind === 'toast' && params.outcome.msg === REAL_NAME_MSG.alreadyVerified,
    isRefused: (_, params: OutcomeParams) => params.outcome.kind === 'toast',
    isSessionEnded: (_, params: OutcomeParams) => params.outcome.kind === 'sessionRevoked' || params.outcome.kind === 'sessionExpired',
  },
}).createMachine({
  id: 'realNameForm',
  context: ({ input }) => ({ today: input.today, realName: '', idCard: '', message: null, card: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'ui.name': { actions: 'setName' },
        'ui.idCard': { actions: 'setIdCard' },
        'ui.submit': [{ guard: 'hasProblem', target: 'refused', actions: 'showProblem' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      // Typing while the answer is on its way changes nothing (the inputs are read-only then).
      invoke: {
        id: 'realNameAuth',
        src: 'realNameAuth',
        input: ({ context }) => ({ real_name: context.realName.trim(), id_card: context.idCard.toUpperCase() }),
        onDone: [
          {
            guard: { type: 'isVerified', params: output },
            target: 'verified',
            actions: [{ type: 'storeCard', params: ({ event }) => ({ card: event.output.kind === 'ok' ? event.output.data : null }) }, 'showVerified'],
          },
          { guard: { type: 'isAlreadyVerified', params: output }, target: 'verified', actions: 'showVerified' },
          {
            guard: { type: 'isRefused', params: output },
            target: 'refused',
            actions: { type: 'showMessage', params: ({ event }) => ({ message: 'msg' in event.output && event.output.msg ? event.output.msg : REAL_NAME_FORM_MESSAGES.failed }) },
          },
          // The session machine reloads or sends the player to sign in; the form stays as typed.
          { guard: { type: 'isSessionEnded', params: output }, target: 'editing' },
          {
            target: 'refused',
            actions: { type: 'showMessage', params: ({ event }) => ({ message: event.output.kind === 'error' && event.output.reason === 'server' && event.output.msg ? event.output.msg : REAL_NAME_FORM_MESSAGES.failed }) },
          },
        ],
        onError: { target: 'refused', actions: { type: 'showMessage', params: { message: REAL_NAME_FORM_MESSAGES.network } } },
      },
    },
    refused: {
      on: {
        'ui.name': { target: 'editing', actions: 'setName' },
        'ui.idCard': { target: 'editing', actions: 'setIdCard' },
        'ui.submit': [{ guard: 'hasProblem', target: 'refused', reenter: true, actions: 'showProblem' }, { target: 'submitting' }],
      },
    },
    verified: { type: 'final' },
  },
});
