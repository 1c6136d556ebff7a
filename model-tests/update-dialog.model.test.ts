import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { updateDialogMachine } from '../machines/update-dialog.machine.ts';
import type { UpdateDialogEvent, UpdateDownloadInput } from '../machines/update-dialog.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { BROWSER_INPUT, describeUpdateEvent, getUpdatePaths, UPDATE_CALLS, WRAPPER_INPUT } from './update-dialog.paths.ts';
import { replayPath } from './replay.ts';

const wrapperPaths = getUpdatePaths(true);
const browserPaths = getUpdatePaths(false);
const runtime = createCoverageRecorder(updateDialogMachine);

describe('update-dialog: paths generated from the machine graph', () => {
  it('cover every state and every transition (inside the wrapper and in a browser)', () => {
    const report = coverageOfPaths(updateDialogMachine, [...wrapperPaths, ...browserPaths]);
    console.log(`update-dialog: ${wrapperPaths.length} + ${browserPaths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = [...wrapperPaths.map((path) => ['wrapper', path] as const), ...browserPaths.map((path) => ['browser', path] as const)].map(
    ([where, path], index) => [`#${index + 1} ${where}: ${path.steps.slice(1).map((step) => describeUpdateEvent(step.event)).join(' → ')}`, where, path] as const,
  );

  it.each(named)('replays %s', async (_, where, path) => {
    const downloads: UpdateDownloadInput[] = [];
    let downloading = false;
    const dismissed: string[] = [];
    const opened: string[] = [];
    let before = { dismissed: 0, opened: 0, downloads: 0 };
    await replayPath(updateDialogMachine, path, {
      calls: UPDATE_CALLS,
      actors: {
        download: fromCallback<UpdateDialogEvent, UpdateDownloadInput>(({ input }) => {
          downloads.push(input);
          downloading = true;
          return () => void (downloading = false);
        }),
      },
      input: where === 'wrapper' ? WRAPPER_INPUT : BROWSER_INPUT,
      recorder: runtime,
      actions: {
        persistDismissed: (_: unknown, params: { version: string }) => void dismissed.push(params.version),
        openDownloadUrl: (_: unknown, params: { url: string }) => void opened.push(params.url),
      },
      beforeStep: () => void (before = { dismissed: dismissed.length, opened: opened.length, downloads: downloads.length }),
      check: ({ index, event, snapshot, isPending }) => {
        const label = `step ${index}: ${event.type}`;
        // The version is asked exactly while checking; the bridge downloads exactly while downloading.
        expect(isPending('checkVersion'), label).toBe(snapshot.matches('checking'));
        expect(downloading, label).toBe(snapshot.matches('downloading'));
        // Never a download in a browser; the URL opened only there.
        if (where === 'browser') expect(downloads).toEqual([]);
        else expect(opened).toEqual([]);
        if (downloads.length > before.downloads) expect(downloads.at(-1)).toMatchObject({ url: snapshot.context.latest!.url, md5: snapshot.context.latest!.md5 });
        // A dismissal is remembered only for an optional version, once per dismissal.
        if (dismissed.length > before.dismissed) {
          expect(dismissed.length - before.dismissed).toBe(1);
          expect(dismissed.at(-1)).toBe(snapshot.context.latest!.versionCode);
          expect(snapshot.matches('dismissed')).toBe(true);
        }
        // A forced update can never be dismissed.
        if (snapshot.context.latest?.versionCode === '3.5.0') expect(snapshot.matches('dismissed')).toBe(false);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`update-dialog at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
