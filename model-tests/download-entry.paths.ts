import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { DOWN_STATES, type BridgeResult } from '../bridge/definitions.ts';
import { downloadEntryMachine } from '../machines/download-entry.machine.ts';
import type { DownloadEntryContext, DownloadEntryInput } from '../machines/download.types.ts';
import { delayedEventsOf, generateCoveringPaths, pathFromEvents, type MachinePath } from './coverage.ts';
import { ADDRESS_MISSING, address, ANSWER, MB, sampleEntry, URL_WITH_AMPERSANDS } from './download-entry.kit.ts';

/** The download entry's model: inputs (a new game, every stored state), event table, generated paths. */

export const ENTRY_CALLS = ['lookUpAddress', 'native'] as const;

/** Invoke id → the actor src that answers it. */
export const INVOKE_SRC: Record<string, (typeof ENTRY_CALLS)[number]> = {
  lookUpAddress: 'lookUpAddress',
  downloadGame: 'native',
  pauseDownload: 'native',
  installApp: 'native',
  openApp: 'native',
  deleteDownload: 'native',
};

export const ENTRY_INPUTS: readonly DownloadEntryInput[] = [
  // A game just added (the list sends list.start), and every stored state (list.restored).
  { entry: sampleEntry(), deletePackage: false, reportsToParent: false },
  ...DOWN_STATES.map((state) => ({ entry: sampleEntry({ down_state: state, url: URL_WITH_AMPERSANDS }), deletePackage: false, reportsToParent: false })),
  // Stored without an address: continuing looks it up again.
  { entry: sampleEntry({ down_state: '6' }), deletePackage: true, reportsToParent: false },
];

const nativeAnswers = (id: string, answers: BridgeResult[]) => [
  ...answers.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
  { type: `xstate.error.actor.${id}`, error: new Error(`${id} threw`) },
];

export const entryEventTable: readonly AnyEventObject[] = [
  ...DOWN_STATES.map((state) => ({ type: 'bridge.download.state', state })),
  { type: 'bridge.download.progress', cur: 10 * MB, total: 50 * MB, speed: 1.5 * MB },
  { type: 'bridge.install.result', code: 1 },
  { type: 'bridge.install.result', code: 2 },
  { type: 'ui.download' },
  { type: 'ui.pause' },
  { type: 'ui.install' },
  { type: 'ui.open' },
  { type: 'ui.delete' },
  { type: 'list.restored' },
  { type: 'list.start' },
  { type: 'list.continue' },
  { type: 'list.deletePackage', value: true },
  { type: 'list.sync', status: { platform_game_id: 7, state: '1', cur: 20 * MB, total: 50 * MB, speed: MB } },
  { type: 'sync.sizes', cur: 30 * MB, total: 50 * MB, speed: 0 },
  { type: 'xstate.done.actor.lookUpAddress', output: address() },
  { type: 'xstate.done.actor.lookUpAddress', output: ADDRESS_MISSING },
  { type: 'xstate.error.actor.lookUpAddress', error: new Error('network') },
  ...nativeAnswers('downloadGame', [ANSWER.one, ANSWER.unavailable, ANSWER.zero]),
  ...nativeAnswers('pauseDownload', [ANSWER.one, ANSWER.zero]),
  ...nativeAnswers('installApp', [ANSWER.one]),
  ...nativeAnswers('openApp', [ANSWER.one]),
  ...nativeAnswers('deleteDownload', [ANSWER.one]),
  ...delayedEventsOf(downloadEntryMachine),
];

/** The state value plus what guards read: fallback, whether the url is known; and the flags that change effects. */
export function serializeEntry(snapshot: AnyMachineSnapshot): string {
  const { entry, fallback, sizeReported, deletePackage } = snapshot.context as DownloadEntryContext;
  return JSON.stringify([snapshot.value, entry.down_state, fallback, entry.url !== '', sizeReported, deletePackage]);
}

const nativeState = (state: string) => ({ type: 'bridge.download.state', state });

/**
 * Transitions that change nothing (a repeat of the current state, a second tap while a call is in
 * flight, a broadcast the state ignores) are taken silently. xstate's `can()` calls them
 * impossible, so the graph walk never picks them: these written paths take each one.
 */
const QUIET_PATHS: ReadonlyArray<{ input: DownloadEntryInput; events: AnyEventObject[] }> = [
  {
    input: ENTRY_INPUTS[2]!, // stored 1
    events: [{ type: 'list.restored' }, nativeState('1'), nativeState('1'), { type: 'list.continue' }, { type: 'ui.pause' }, { type: 'ui.pause' }],
  },
  {
    input: ENTRY_INPUTS[3]!, // stored 2
    events: [{ type: 'list.restored' }, nativeState('1'), nativeState('2'), nativeState('2'), { type: 'ui.pause' }, { type: 'ui.pause' }, { type: 'list.restored' }],
  },
  {
    input: ENTRY_INPUTS[4]!, // stored 3
    events: [{ type: 'list.restored' }, nativeState('3'), { type: 'bridge.install.result', code: 2 }, { type: 'sync.sizes', cur: 1, total: 2, speed: 0 }, { type: 'ui.delete' }, { type: 'ui.delete' }],
  },
  { input: ENTRY_INPUTS[7]!, events: [{ type: 'list.restored' }, nativeState('6')] }, // stored 6
  {
    input: ENTRY_INPUTS[0]!, // new
    events: [{ type: 'list.start' }, { type: 'xstate.done.actor.lookUpAddress', output: ADDRESS_MISSING }, { type: 'ui.delete' }],
  },
];

let paths: Array<{ input: DownloadEntryInput; path: MachinePath }> | undefined;

export function getEntryPaths(): Array<{ input: DownloadEntryInput; path: MachinePath }> {
  paths ??= [
    ...ENTRY_INPUTS.flatMap((input) =>
      generateCoveringPaths(downloadEntryMachine, { events: entryEventTable, serializeState: serializeEntry, input }).map((path) => ({ input, path })),
    ),
    ...QUIET_PATHS.map(({ input, events }) => ({ input, path: pathFromEvents(downloadEntryMachine, events, input) })),
  ];
  return paths;
}

export function describeEntryEvent(event: AnyEventObject): string {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return '0.5 s pass';
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (done?.[1] === 'error') return `${done[2]} throws`;
  if (done) {
    const output = event.output as BridgeResult | { kind: string };
    return `${done[2]} answers ${'kind' in output ? output.kind : output.ok ? output.value : output.reason}`;
  }
  if (type === 'bridge.download.state') return `native state ${String(event.state)}`;
  if (type === 'bridge.install.result') return `install result ${String(event.code)}`;
  if (type === 'list.sync') return `sync (native ${(event.status as { state: string }).state})`;
  return type;
}

export function describeInput(input: DownloadEntryInput): string {
  return `stored ${input.entry.down_state}${input.entry.url ? '' : ' without url'}`;
}
