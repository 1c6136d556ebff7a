import { fromPromise, setup } from 'xstate';

/**
 * The mine page's '退出登录': ask, then end the session on the server (/api/user/logout) and
 * sign out here whatever the server answers: the player asked to leave this device signed out,
 * and a token the server already refuses is no reason to keep it.
 */
export type LogoutEvent = { type: 'ui.logout' } | { type: 'ui.confirm' } | { type: 'ui.cancel' };

export const logoutMachine = setup({
  types: {
    events: {} as LogoutEvent,
    tags: {} as 'busy',
  },
  actors: {
    logout: fromPromise<unknown>(async () => {
      throw new Error('logout: provide the logout actor');
    }),
  },
  actions: {
    signOut: () => {},
  },
}).createMachine({
  id: 'logout',
  initial: 'idle',
  states: {
    idle: {
      on: { 'ui.logout': 'confirming' },
    },
    confirming: {
      on: { 'ui.confirm': 'loggingOut', 'ui.cancel': 'idle' },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'idle', actions: 'signOut' },
        onError: { target: 'idle', actions: 'signOut' },
      },
    },
  },
});
