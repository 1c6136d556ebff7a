import { assertEvent, assign, fromPromise, setup, stateIn } from 'xstate';
import { ACTIVE_RECORD_THROTTLE_MS, REDIRECT_AFTER_EXPIRE_MS, RELOAD_AFTER_REVOKE_MS } from './constants.ts';
import {
  LOGIN_PATH,
  type ActiveRecordInput,
  type NavigateToParams,
  type OnSignedInParams,
  type PersistCredentialsParams,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SessionTag,
  type ShowToastParams,
} from './session.types.ts';

/**
 * Owns Token / Uuid / NickName and decides what an api outcome means for the session (SPEC §8):
 * revoked → clear, reload after 1 s; expired → clear, toast, /login after 1.5 s; -1 → toast.
 * Storage, toasts, reload and navigation are actions the app supplies with `.provide()`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actions: {
    storeCredentials: assign(({ event }) => {
      assertEvent(event, 'session.signedIn');
      return { credentials: event.credentials };
    }),
    storeNickname: assign(({ context, event }) => {
      assertEvent(event, 'session.nickname.changed');
      return { credentials: context.credentials && { ...context.credentials, nickname: event.nickname } };
    }),
    clearCredentials: assign({ credentials: null }),
    persistCredentials: (_, _params: PersistCredentialsParams) => {},
    showToast: (_, _params: ShowToastParams) => {},
    reloadPage: () => {},
    navigateTo: (_, _params: NavigateToParams) => {},
    onSignedIn: (_, _params: OnSignedInParams) => {},
  },
  guards: {
    hasCredentials: ({ context }) => context.credentials !== null,
    isRevoked: ({ event }) => event.type === 'api.outcome' && event.outcome.kind === 'sessionRevoked',
    isExpired: ({ event }) => event.type === 'api.outcome' && event.outcome.kind === 'sessionExpired',
    isShownToast: ({ event }) => event.type === 'api.outcome' && event.outcome.kind === 'toast' && event.outcome.show,
    hasTrailingActivity: stateIn({ signedIn: { recording: 'pending' } }),
  },
  actors: {
    activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => {
      throw new Error('session: provide the activeRecord actor');
    }),
  },
  delays: {
    reloadAfterRevoke: RELOAD_AFTER_REVOKE_MS,
    redirectAfterExpire: REDIRECT_AFTER_EXPIRE_MS,
    activeRecordThrottle: ACTIVE_RECORD_THROTTLE_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ credentials: input.credentials }),
  initial: 'anonymous',
  on: {
    // Fresh credentials supersede whatever the old session was doing, a pending redirect included.
    'session.signedIn': {
      target: '.signedIn',
      actions: [
        'storeCredentials',
        { type: 'persistCredentials', params: ({ context }) => ({ credentials: context.credentials }) },
        {
          type: 'onSignedIn',
          params: ({ event }) => {
            assertEvent(event, 'session.signedIn');
            return { credentials: event.credentials };
          },
        },
      ],
    },
    // Reached from every state whose own api.outcome transitions did not apply.
    'api.outcome': {
      guard: 'isShownToast',
      actions: {
        type: 'showToast',
        params: ({ event }) => {
          assertEvent(event, 'api.outcome');
          return { message: event.outcome.msg };
        },
      },
    },
  },
  states: {
    anonymous: {
      // Anonymous means no credentials: only the boot input can make this true.
      always: { guard: 'hasCredentials', target: 'signedIn' },
      on: {
        'api.outcome': [
          { guard: 'isRevoked', target: 'revoking' },
          { guard: 'isExpired', target: 'expiring' },
        ],
      },
    },
    signedIn: {
      tags: ['signedIn'],
      // The leading active-record call happens on sign-in.
      initial: 'recording',
      on: {
        'session.signedOut': {
          target: 'anonymous',
          actions: ['clearCredentials', { type: 'persistCredentials', params: { credentials: null } }],
        },
        'session.nickname.changed': {
          actions: [
            'storeNickname',
            { type: 'persistCredentials', params: ({ context }) => ({ credentials: context.credentials }) },
          ],
        },
        'api.outcome': [
          { guard: 'isRevoked', target: 'revoking' },
          { guard: 'isExpired', target: 'expiring' },
        ],
      },
      states: {
        idle: {
          on: { 'session.activity': 'recording' },
        },
        // One throttle window: the call starts on entry, activity inside the window becomes one trailing call.
        recording: {
          initial: 'quiet',
          invoke: {
            id: 'activeRecord',
            src: 'activeRecord',
            input: ({ context }) => ({ credentials: context.credentials! }),
            // Its api outcome reaches this machine as api.outcome; a failed refresh changes nothing.
            onError: {},
          },
          after: {
            activeRecordThrottle: [
              { guard: 'hasTrailingActivity', target: 'recording', reenter: true },
              { target: 'idle' },
            ],
          },
          states: {
            quiet: {
              on: { 'session.activity': 'pending' },
            },
            pending: {},
          },
        },
      },
    },
    expiring: {
      tags: ['ending'],
      entry: [
        'clearCredentials',
        { type: 'persistCredentials', params: { credentials: null } },
        {
          type: 'showToast',
          params: ({ event }) => {
            assertEvent(event, 'api.outcome');
            return { message: event.outcome.kind === 'sessionExpired' ? event.outcome.toast : event.outcome.msg };
          },
        },
      ],
      after: {
        redirectAfterExpire: { target: 'anonymous', actions: { type: 'navigateTo', params: { path: LOGIN_PATH } } },
      },
      // A revoke outranks the pending redirect; further expiries fall through to the root and do nothing.
      on: {
        'api.outcome': { guard: 'isRevoked', target: 'revoking' },
      },
    },
    revoking: {
      tags: ['ending'],
      entry: ['clearCredentials', { type: 'persistCredentials', params: { credentials: null } }],
      after: {
        reloadAfterRevoke: { target: 'anonymous', actions: 'reloadPage' },
      },
    },
  },
});
