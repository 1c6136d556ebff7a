import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { updateDialogMachine } from '../machines/update-dialog.machine.ts';
import type { UpdateDialogEvent, UpdateDownloadInput } from '../machines/update-dialog.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { BROWSER_INPUT, describeUpdateEvent, getUpdatePaths, UPDATE_CALLS, WRAPPER_INPUT } from './update-dialog.paths.ts';

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
    const calls = createDeferredActors(updateDialogMachine, UPDATE_CALLS);
    const downloads: UpdateDownloadInput[] = [];
    let downloading = false;
    const dismissed: string[] = [];
    const opened: string[] = [];
    const actor = createActor(
      updateDialogMachine.provide({
        actors: {
          ...calls.actors,
          download: fromCallback<UpdateDialogEvent, UpdateDownloadInput>(({ input }) => {
            downloads.push(input);
            downloading = true;
            return () => void (downloading = false);
          }),
        },
        actions: {
          persistDismissed: (_, params) => void dismissed.push(params.version),
          openDownloadUrl: (_, params) => void opened.push(params.url),
        },
      }),
      { input: where === 'wrapper' ? WRAPPER_INPUT : BROWSER_INPUT, inspect: runtime.inspect },
    );
    const perform = async (event: AnyEventObject) => {
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.')) await calls.resolve('checkVersion', event.output);
      else if (event.type.startsWith('xstate.error.actor.')) await calls.reject('checkVersion', event.error);
      else actor.send(event as UpdateDialogEvent);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = { dismissed: dismissed.length, opened: opened.length, downloads: downloads.length };
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      const label = `step ${index}: ${step.event.type}`;
      expect(snapshot.value, label).toEqual(step.state.value);
      expect(snapshot.context, label).toEqual(step.state.context);
      // The version is asked exactly while checking; the bridge downloads exactly while downloading.
      expect(calls.isPending('checkVersion'), label).toBe(snapshot.matches('checking'));
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
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`update-dialog at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
