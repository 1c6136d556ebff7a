import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { browserDownloadMachine, type BrowserDownloadInput, type DownloadAddress } from '../machines/browser-download.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The browser download button's model: a native game and an H5 game, and each answer the address lookup can get. */

export const BROWSER_DOWNLOAD_CALLS = ['lookUpAddress'] as const;

export const BROWSER_DOWNLOAD_INPUTS: readonly BrowserDownloadInput[] = [
  { platformGameId: 7, gameId: 70, isH5: false },
  { platformGameId: 8, gameId: 80, isH5: true },
];

export const ADDRESS_OUTCOMES = {
  address: { kind: 'ok', code: 1, msg: '', data: { url: 'https://cdn.example/game.apk' } },
  // An ok without a usable address is the same failure as a refusal.
  empty: { kind: 'ok', code: 1, msg: '', data: { url: '' } },
  refused: { kind: 'toast', code: -1, msg: '游戏已下架', data: null, show: true },
} satisfies Record<string, ApiOutcome<DownloadAddress | null>>;

export const browserDownloadEventTable: readonly AnyEventObject[] = [
  { type: 'ui.download' },
  ...Object.values(ADDRESS_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.lookUpAddress', output })),
  { type: 'xstate.error.actor.lookUpAddress', error: new Error('network') },
];

export const serializeBrowserDownload = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

export interface InputPath {
  input: BrowserDownloadInput;
  path: MachinePath;
}

let paths: InputPath[] | undefined;

export function getBrowserDownloadPaths(): InputPath[] {
  paths ??= BROWSER_DOWNLOAD_INPUTS.flatMap((input) =>
    generateCoveringPaths(browserDownloadMachine, { events: browserDownloadEventTable, serializeState: serializeBrowserDownload, input }).map((path) => ({ input, path })),
  );
  return paths;
}
