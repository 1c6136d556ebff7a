import { describe, expect, it } from 'vitest';
import { MSG } from '../api/protocol/codes.ts';
import { browserDownloadMachine } from '../machines/browser-download.machine.ts';
import { DOWNLOAD_ADDRESS_TOAST_MS } from '../machines/constants.ts';
import { BROWSER_DOWNLOAD_CALLS, getBrowserDownloadPaths } from './browser-download.paths.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { replayPath, summarizePath } from './replay.ts';

const paths = getBrowserDownloadPaths();
const runtime = createCoverageRecorder(browserDownloadMachine);

describe('browser-download: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(browserDownloadMachine, paths.map(({ path }) => path));
    console.log(`browser-download: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it.each(paths.map(({ input, path }, index) => [`#${index + 1} ${input.isH5 ? 'H5' : 'native'}: ${summarizePath(path)}`, { input, path }] as const))(
    'replays %s',
    async (_, { input, path }) => {
      const effects: string[] = [];
      let seen = 0;
      await replayPath(browserDownloadMachine, path, {
        calls: BROWSER_DOWNLOAD_CALLS,
        input,
        recorder: runtime,
        actions: {
          openH5: (_: unknown, params: { platformGameId: number }) => void effects.push(`h5 ${params.platformGameId}`),
          startBrowserDownload: (_: unknown, params: { url: string }) => void effects.push(`download ${params.url}`),
          showToast: (_: unknown, params: { message: string; durationMs: number }) => void effects.push(`toast ${params.message} ${params.durationMs}`),
        },
        check: ({ event, snapshot, isPending }) => {
          // An H5 game never looks up an address; a native one looks it up once per tap.
          expect(isPending('lookUpAddress')).toBe(snapshot.matches('resolving'));
          if (input.isH5) expect(snapshot.matches('resolving')).toBe(false);
          if (event.type.startsWith('xstate.error.') || (event.type.startsWith('xstate.done.') && (event.output as { data?: { url?: string } | null }).data?.url !== 'https://cdn.example/game.apk')) {
            expect(effects.at(-1)).toBe(`toast ${MSG.downloadAddressError} ${DOWNLOAD_ADDRESS_TOAST_MS}`);
          }
          if (event.type.startsWith('xstate.done.') && (event.output as { data?: { url?: string } | null }).data?.url === 'https://cdn.example/game.apk') {
            expect(effects.at(-1)).toBe('download https://cdn.example/game.apk');
          }
          if (event.type === 'ui.download' && input.isH5) expect(effects.at(-1)).toBe(`h5 ${input.platformGameId}`);
          // One effect per answer or H5 tap, none otherwise.
          const answered = event.type.startsWith('xstate.done.') || event.type.startsWith('xstate.error.') || (event.type === 'ui.download' && input.isH5);
          expect(effects.length).toBe(seen + (answered ? 1 : 0));
          seen = effects.length;
        },
      });
    },
  );

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`browser-download at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
