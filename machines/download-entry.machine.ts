import type { DownState } from '../bridge/definitions.ts';
import { ALLOWED } from './download-transitions.ts';
import {
  addressOf,
  addressToast,
  answer,
  downloadEntrySetup,
  downloadOptions,
  finishPoint,
  initialEntryContext,
  lookUpInput,
  outcome,
  recordDownParams,
  reportAddressParams,
  sizesOf,
  unsolicitedParams,
} from './download-entry.setup.ts';
import type { DownloadEntryContext } from './download.types.ts';

/**
 * One entry of the download list (SPEC §4 "Download state"): a top-level state per down_state
 * value (meta.downState; context.entry.down_state follows it on entry). It starts in `created`
 * until its list says list.start (a game just added) or list.restored (a stored entry, SPEC's
 * first refresh: 0/1/2 become 6). Around the SPEC states sit the web-side steps
 * around them: the add flow in queued (address lookup → recordDown → native downloadGame), a
 * restart in downloading (lookup when the url is unknown → downloadGame), pausing, installing,
 * opening, deleting, and `removing` (SPEC: a failed lookup, or a state 4 in fallback mode,
 * removes the entry after 0.5 s with a 3 s toast). Native state events move the entry only as
 * download-transitions.ts ALLOWED says; anything else is handed to `unsolicited` and changes
 * nothing. The entry tells its list of every change (entry.changed) and of its removal.
 */

type Args = { context: DownloadEntryContext };

const report = { type: 'reportAddress', params: reportAddressParams } as const;
const applyProgress = { type: 'applyProgress', params: sizesOf } as const;
const enter = (state: DownState) => ({ type: 'enterDownState', params: { state } }) as const;

type NativeStateGuard = { readonly type: 'nativeStateIs'; readonly params: { readonly state: DownState } };
type NativeStateAction = ReturnType<typeof enter> | typeof report | 'finish' | { readonly type: 'trackPoint'; readonly params: typeof finishPoint };
interface NativeStateTransition {
  guard: NativeStateGuard | 'failedInFallback';
  target?: string;
  actions?: NativeStateAction[];
}

const TARGET_OF: Record<Exclude<DownState, '0' | '4'>, string> = {
  '1': '#downloadEntry.downloading',
  '2': '#downloadEntry.progressing',
  '3': '#downloadEntry.finished',
  '5': '#downloadEntry.installed',
  '6': '#downloadEntry.paused',
};

/** The `bridge.download.state` transitions of a state, from ALLOWED: a state listing itself takes the repeat quietly. */
function onNativeState(from: DownState): NativeStateTransition[] {
  return ALLOWED[from].flatMap((to): NativeStateTransition[] => {
    const guard: NativeStateGuard = { type: 'nativeStateIs', params: { state: to } };
    if (to === from) return [{ guard }];
    if (to === '0') return [];
    if (to === '4') {
      const failed: NativeStateTransition = { guard, target: '#downloadEntry.failed', actions: [report] };
      // Fallback mode starts when downloadGame answers, which takes the entry out of 0.
      if (from === '0') return [failed];
      return [{ guard: 'failedInFallback', target: '#downloadEntry.removing', actions: [enter('4'), report] }, failed];
    }
    // SPEC §4: a finish sets the size to the total, the speed to zero, and sends tracking point 49.
    const actions: NativeStateAction[] = to === '3' ? ['finish', { type: 'trackPoint', params: finishPoint }] : [];
    return [{ guard, target: TARGET_OF[to], actions }];
  });
}

/** Continue / download again: the stored url when there is one, else look the address up again. */
const restart = () => [{ guard: 'hasUrl', target: '#downloadEntry.downloading.starting' } as const, { target: '#downloadEntry.downloading.resolving' } as const];

const nativeCall = (method: 'pauseDownload' | 'deleteDownload') => ({ context }: Args) => ({
  method,
  args: [String(context.entry.platform_game_id)],
});

const storeAddress = { type: 'storeAddress', params: addressOf } as const;

const recordDown = { type: 'recordDown', params: recordDownParams } as const;

/** getDownUrl: an address goes on to downloadGame (a new game's download recorded first); no address, or a failed call, removes the entry. */
const resolvingAddress = (record: boolean) =>
  ({
    tags: 'busy',
    invoke: {
      id: 'lookUpAddress',
      src: 'lookUpAddress',
      input: lookUpInput,
      onDone: [{ guard: { type: 'hasAddress', params: outcome }, target: 'starting', actions: record ? [storeAddress, recordDown] : [storeAddress] }, { target: '#downloadEntry.removing' }],
      onError: '#downloadEntry.removing',
    },
  }) as const;

/** Native downloadGame: "1" started; 'unavailable' hands the url to the browser (fallback mode); anything else failed. */
const startDownload = {
  id: 'downloadGame',
  src: 'native',
  input: ({ context }: Args) => ({
    method: 'downloadGame' as const,
    args: [context.entry.url, String(context.entry.platform_game_id), downloadOptions(context)],
  }),
  onDone: [
    { guard: { type: 'answeredOne', params: answer }, target: '#downloadEntry.downloading.running' },
    {
      guard: { type: 'unavailable', params: answer },
      target: '#downloadEntry.downloading.running',
      actions: ['markFallback', { type: 'openInBrowser', params: ({ context }: Args) => ({ url: context.entry.url }) }],
    },
    { target: '#downloadEntry.failed' },
  ],
  onError: '#downloadEntry.failed',
} as const;

/** Native pauseDownload: only the answer "1" pauses. */
const pausing = {
  tags: 'busy',
  on: { 'ui.pause': {} },
  invoke: {
    id: 'pauseDownload',
    src: 'native',
    input: nativeCall('pauseDownload'),
    onDone: [{ guard: { type: 'answeredOne', params: answer }, target: '#downloadEntry.paused' }, { target: 'running' }],
    onError: 'running',
  },
} as const;

export const downloadEntryMachine = downloadEntrySetup.createMachine({
  id: 'downloadEntry',
  context: ({ input }) => initialEntryContext(input),
  initial: 'created',
  on: {
    'ui.delete': '.deleting',
    'list.deletePackage': { actions: { type: 'setDeletePackage', params: ({ event }) => ({ value: event.value }) } },
    'list.sync': { actions: { type: 'replaySync', params: ({ event }) => event.status } },
    // Taken quietly where no state acts on them: the list's one-time restore, an add of a game
    // that is neither paused nor failed, sizes that came with a sync the state ignored.
    'list.restored': {},
    'list.continue': {},
    'sync.sizes': {},
    '*': { actions: { type: 'unsolicited', params: unsolicitedParams } },
  },
  states: {
    created: {
      description: 'Waits for its list: list.start (a game just added) or list.restored (a stored entry: SPEC first refresh)',
      on: {
        'list.start': { guard: { type: 'storedAs', params: { state: '0' } }, target: 'queued.resolving' },
        'list.restored': [
          { guard: { type: 'storedAs', params: { state: '3' } }, target: 'finished' },
          { guard: { type: 'storedAs', params: { state: '4' } }, target: 'failed' },
          { guard: { type: 'storedAs', params: { state: '5' } }, target: 'installed' },
          // SPEC §4: 1 and 2 (and a 0 that nothing drives any more) become 6.
          { target: 'paused' },
        ],
      },
    },
    queued: {
      meta: { downState: '0' },
      entry: enter('0'),
      initial: 'resolving',
      on: {
        'bridge.download.state': onNativeState('0'),
        'bridge.download.progress': { target: 'progressing', actions: applyProgress },
      },
      states: {
        // A new game's download is recorded once its address is known (not again on a continue).
        resolving: resolvingAddress(true),
        starting: { tags: 'busy', invoke: startDownload },
      },
    },
    downloading: {
      meta: { downState: '1' },
      entry: enter('1'),
      initial: 'running',
      on: {
        'bridge.download.state': onNativeState('1'),
        'bridge.download.progress': { target: 'progressing', actions: applyProgress },
        'sync.sizes': { actions: applyProgress },
      },
      states: {
        running: { on: { 'ui.pause': 'pausing' } },
        resolving: resolvingAddress(false),
        starting: { tags: 'busy', invoke: startDownload },
        pausing,
      },
    },
    progressing: {
      meta: { downState: '2' },
      entry: enter('2'),
      initial: 'running',
      on: {
        'bridge.download.state': onNativeState('2'),
        'bridge.download.progress': { actions: applyProgress },
        'sync.sizes': { actions: applyProgress },
      },
      states: {
        running: { on: { 'ui.pause': 'pausing' } },
        pausing,
      },
    },
    finished: {
      meta: { downState: '3' },
      entry: enter('3'),
      initial: 'idle',
      on: {
        'bridge.download.state': onNativeState('3'),
        // Any other install code keeps the entry finished, so 安装 is offered again.
        'bridge.install.result': [{ guard: 'installSucceeded', target: 'installed' }, {}],
      },
      states: {
        idle: { on: { 'ui.install': 'installing' } },
        installing: {
          tags: 'busy',
          invoke: {
            id: 'installApp',
            src: 'native',
            input: ({ context }) => ({
              method: 'installApp',
              args: [String(context.entry.platform_game_id), context.deletePackage ? '1' : '0'],
            }),
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    failed: {
      meta: { downState: '4' },
      entry: enter('4'),
      on: {
        'bridge.download.state': onNativeState('4'),
        'ui.download': restart(),
        'list.continue': restart(),
      },
    },
    installed: {
      meta: { downState: '5' },
      entry: enter('5'),
      initial: 'idle',
      states: {
        idle: { on: { 'ui.open': 'opening' } },
        opening: {
          tags: 'busy',
          invoke: {
            id: 'openApp',
            src: 'native',
            input: ({ context }) => ({ method: 'openApp', args: [context.entry.Package_name] }),
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    paused: {
      meta: { downState: '6' },
      entry: enter('6'),
      on: {
        'bridge.download.state': onNativeState('6'),
        'sync.sizes': { actions: applyProgress },
        'ui.download': restart(),
        'list.continue': restart(),
      },
    },
    deleting: {
      description: 'Native deleteDownload; the entry goes whatever native answers (the user asked to delete)',
      tags: 'busy',
      on: { 'ui.delete': {} },
      invoke: { id: 'deleteDownload', src: 'native', input: nativeCall('deleteDownload'), onDone: 'removed', onError: 'removed' },
    },
    removing: {
      description: 'A failed address lookup, or state 4 in fallback mode: toast 3 s, removed after 0.5 s',
      entry: { type: 'showToast', params: addressToast },
      on: { 'ui.delete': {} },
      after: { failedEntryRemoval: 'removed' },
    },
    removed: {
      type: 'final',
      entry: 'notifyRemoved',
    },
  },
});
