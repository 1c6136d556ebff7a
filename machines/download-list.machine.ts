import { downloadListSetup, entryActorId, gameOf, initialListContext, nativeOf, persistParams, unplacedParams } from './download-list.setup.ts';

/**
 * The download list (SPEC §4 "Download state", §3 DownList): one downloadEntry actor per game,
 * `order` newest first. It decodes the stored list at start and resets what was downloading
 * (list.restored), adds games (inside the wrapper only; de-duplicated; 425346 skipped when
 * listed), routes native events to their entry by platform_game_id, re-syncs from native after
 * a return from the background, and writes the whole list on every change: at once for states
 * and membership, at most every 500 ms for progress. Rows subscribe to their own entry actor.
 */

const persist = { type: 'persist', params: persistParams } as const;

export const downloadListMachine = downloadListSetup.createMachine({
  id: 'downloadList',
  context: ({ input, spawn }) =>
    initialListContext(input, (entry, deletePackage) => {
      const id = entryActorId(entry.platform_game_id);
      return spawn('downloadEntry', { id, systemId: id, input: { entry, deletePackage, reportsToParent: true } });
    }),
  type: 'parallel',
  entry: 'restoreEntries',
  on: {
    'ui.add': [
      // Outside the wrapper the browser-download machine downloads the game.
      { guard: 'outsideWrapper' },
      { guard: { type: 'specialListed', params: gameOf } },
      { guard: { type: 'listed', params: gameOf }, actions: { type: 'continueEntry', params: gameOf } },
      { actions: [{ type: 'addEntry', params: gameOf }, { type: 'startEntry', params: gameOf }, 'changed'] },
    ],
    'bridge.event': [
      { guard: { type: 'isResume', params: nativeOf }, actions: 'resumed' },
      { guard: { type: 'knownEntry', params: nativeOf }, actions: { type: 'routeToEntry', params: nativeOf } },
      { actions: { type: 'unsolicited', params: unplacedParams } },
    ],
    'ui.setDeletePackage': { actions: { type: 'setDeletePackage', params: ({ event }) => ({ value: event.value }) } },
    'entry.removed': {
      guard: { type: 'knownRemoval', params: ({ event }) => ({ platformGameId: event.platformGameId }) },
      actions: [{ type: 'removeEntry', params: ({ event }) => ({ platformGameId: event.platformGameId }) }, 'changed'],
    },
  },
  states: {
    sync: {
      initial: 'idle',
      states: {
        idle: { on: { 'app.resumed': { guard: 'insideWrapper', target: 'syncing' } } },
        syncing: {
          description: 'One getDownloadStates call; a return meanwhile is covered by it',
          tags: 'busy',
          invoke: {
            id: 'syncFromNative',
            src: 'syncFromNative',
            onDone: { target: 'idle', actions: { type: 'applySync', params: ({ event }) => ({ statuses: event.output }) } },
            onError: 'idle',
          },
        },
      },
    },
    persistence: {
      initial: 'saved',
      states: {
        saved: {
          on: {
            'entry.changed': [{ guard: { type: 'immediate', params: ({ event }) => event }, actions: persist }, { target: 'pending' }],
            'list.changed': { actions: persist },
          },
        },
        pending: {
          description: 'Progress arrived: written once the throttle passes, or with the next state change',
          after: { persistThrottle: { target: 'saved', actions: persist } },
          on: {
            'entry.changed': { guard: { type: 'immediate', params: ({ event }) => event }, target: 'saved', actions: persist },
            'list.changed': { target: 'saved', actions: persist },
          },
        },
      },
    },
  },
});
