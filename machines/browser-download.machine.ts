import { fromPromise, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { MSG } from '../api/protocol/codes.ts';
import { DOWNLOAD_ADDRESS_TOAST_MS } from './constants.ts';

/**
 * A game's download button outside the native wrapper (SPEC §4: the download list works only
 * inside the wrapper; elsewhere the browser downloads the package): look up the address, then
 * hand it to the browser; a failed lookup shows '下载地址异常，请联系客服' for 3 s. H5 games open
 * in the page instead. The wrapper's 0–6 lifecycle is the download manager's downloadEntry machine.
 */
export interface BrowserDownloadInput {
  platformGameId: number;
  gameId: number;
  isH5: boolean;
}

export type BrowserDownloadEvent = { type: 'ui.download' };

export interface DownloadAddress {
  url: string;
}

export const browserDownloadMachine = setup({
  types: {
    context: {} as BrowserDownloadInput,
    input: {} as BrowserDownloadInput,
    events: {} as BrowserDownloadEvent,
  },
  actors: {
    lookUpAddress: fromPromise<ApiOutcome<DownloadAddress>, { platformGameId: number }>(async () => {
      throw new Error('browserDownload: provide lookUpAddress');
    }),
  },
  actions: {
    openH5: (_, _params: { platformGameId: number; gameId: number }) => {},
    startBrowserDownload: (_, _params: { url: string; platformGameId: number; gameId: number }) => {},
    showToast: (_, _params: { message: string; durationMs: number }) => {},
  },
  guards: {
    isH5: ({ context }) => context.isH5,
    hasAddress: (_, params: { outcome: ApiOutcome<DownloadAddress> }) =>
      params.outcome.kind === 'ok' && typeof params.outcome.data?.url === 'string' && params.outcome.data.url !== '',
  },
}).createMachine({
  id: 'browserDownload',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'ui.download': [
          { guard: 'isH5', actions: { type: 'openH5', params: ({ context }) => ({ platformGameId: context.platformGameId, gameId: context.gameId }) } },
          { target: 'resolving' },
        ],
      },
    },
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'lookUpAddress',
        src: 'lookUpAddress',
        input: ({ context }) => ({ platformGameId: context.platformGameId }),
        onDone: [
          {
            guard: { type: 'hasAddress', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: {
              type: 'startBrowserDownload',
              params: ({ context, event }) => ({ url: (event.output as { data: DownloadAddress }).data.url, platformGameId: context.platformGameId, gameId: context.gameId }),
            },
          },
          { target: 'idle', actions: { type: 'showToast', params: { message: MSG.downloadAddressError, durationMs: DOWNLOAD_ADDRESS_TOAST_MS } } },
        ],
        onError: { target: 'idle', actions: { type: 'showToast', params: { message: MSG.downloadAddressError, durationMs: DOWNLOAD_ADDRESS_TOAST_MS } } },
      },
    },
  },
});
