import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { BridgeResult, DownState } from '../bridge/definitions.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { downloadEntryMachine } from '../machines/download-entry.machine.ts';
import type { DownListEntry, DownloadAddressOutcome } from '../machines/download.types.ts';

/**
 * Test helpers shared by the download machines' tests (not imported by the app): sample entries,
 * answers, and an entry actor on a simulated clock whose calls wait for the test.
 */

export function sampleEntry(overrides: Partial<DownListEntry> = {}): DownListEntry {
  const platformGameId = overrides.platform_game_id ?? 7;
  const gameId = overrides.game_id ?? 70;
  return {
    game_id: gameId,
    platform_game_id: platformGameId,
    platform_id: 3,
    platform_game_name: '乐玩传奇(BT版)',
    url: '',
    down_type_carder: '1',
    game_name: '乐玩传奇',
    down_state: '0',
    gameid: platformGameId,
    gamecopy_id: gameId,
    Package_name: 'com.lewan.legend',
    curSize: 0,
    totalSize: 0,
    spent: '0M/s',
    game_daixoa_state: '0',
    ...overrides,
  };
}

export const URL_WITH_AMPERSANDS = 'https://cdn.example.com/legend.apk?a=1&b=2&c=3';

export const address = (url = URL_WITH_AMPERSANDS): DownloadAddressOutcome => ({
  kind: 'ok',
  code: 1,
  msg: 'success',
  data: { url, package_name: 'com.lewan.legend', size: 52_428_800, md5: 'abc123' },
});
export const ADDRESS_MISSING: DownloadAddressOutcome = { kind: 'toast', code: -1, msg: '下载地址异常，请联系客服', data: { url: '' }, show: true };

export const ANSWER = {
  one: { ok: true, value: '1' },
  zero: { ok: true, value: '0' },
  unavailable: { ok: false, reason: 'unavailable', message: 'no native object' },
  failed: { ok: false, reason: 'failed', message: 'threw' },
} satisfies Record<string, BridgeResult>;

export const MB = 1024 * 1024;

export interface Effects {
  recordDown: unknown[];
  reportAddress: unknown[];
  recordGameSize: unknown[];
  trackPoint: unknown[];
  showToast: unknown[];
  openInBrowser: unknown[];
  unsolicited: Array<{ reason: string; event: { type: string } }>;
}

export const emptyEffects = (): Effects => ({
  recordDown: [],
  reportAddress: [],
  recordGameSize: [],
  trackPoint: [],
  showToast: [],
  openInBrowser: [],
  unsolicited: [],
});

/** The entry machine with recording actions and deferred calls. */
export function providedEntry(effects: Effects, calls = createDeferredActors(downloadEntryMachine, ['lookUpAddress', 'native'])) {
  const machine = downloadEntryMachine.provide({
    actors: calls.actors,
    actions: {
      recordDown: (_, params) => void effects.recordDown.push(params),
      reportAddress: (_, params) => void effects.reportAddress.push(params),
      recordGameSize: (_, params) => void effects.recordGameSize.push(params),
      trackPoint: (_, params) => void effects.trackPoint.push(params),
      showToast: (_, params) => void effects.showToast.push(params),
      openInBrowser: (_, params) => void effects.openInBrowser.push(params),
      unsolicited: (_, params) => void effects.unsolicited.push(params),
    },
  });
  return { machine, calls };
}

/** The meta downState of the top-level state an entry snapshot is in, if it is one of SPEC's. */
export function metaDownState(snapshot: SnapshotFrom<typeof downloadEntryMachine>): DownState | undefined {
  const meta = Object.values(snapshot.getMeta()) as Array<{ downState?: DownState }>;
  return meta.find((value) => value.downState !== undefined)?.downState;
}

/**
 * An entry started the way its list starts it: list.start for a game just added, else
 * list.restored — and then, for a stored 1 or 2 (which the restore pauses), native reporting
 * it downloading again, so the test begins in the state it names.
 */
export function startEntry(entry: Partial<DownListEntry> = {}, options: { added?: boolean; deletePackage?: boolean } = {}) {
  const clock = new SimulatedClock();
  const effects = emptyEffects();
  const { machine, calls } = providedEntry(effects);
  const stored = sampleEntry(options.added ? { ...entry, down_state: '0' } : entry);
  const actor = createActor(machine, { clock, input: { entry: stored, deletePackage: options.deletePackage ?? false, reportsToParent: false } }).start();
  if (options.added) actor.send({ type: 'list.start' });
  else {
    actor.send({ type: 'list.restored' });
    if (stored.down_state === '1' || stored.down_state === '2') actor.send({ type: 'bridge.download.state', state: '1' });
    if (stored.down_state === '2') actor.send({ type: 'bridge.download.state', state: '2' });
  }
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    clock,
    calls,
    effects,
    snapshot,
    downState: () => snapshot().context.entry.down_state,
    entry: () => snapshot().context.entry,
  };
}
