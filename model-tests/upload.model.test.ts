import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { UPLOAD_MESSAGES } from '../machines/upload.constants.ts';
import { uploadMachine } from '../machines/upload.machine.ts';
import type { PictureUploadInput } from '../machines/upload.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { replayPath } from './replay.ts';
import { describeUploadEvent, getUploadPaths, PICTURE, SAVE_OUTCOMES, TICKET_OUTCOMES, UPLOAD_CALLS, UPLOAD_INPUTS, UPLOAD_NOT_ON_PATHS, UPLOAD_RESULTS } from './upload.paths.ts';

const pickerPaths = getUploadPaths('picker');
const tilePaths = getUploadPaths('tile');
const runtime = createCoverageRecorder(uploadMachine);

describe('upload: paths generated from the machine graph (a picker that saves, a form tile)', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(uploadMachine, [...pickerPaths, ...tilePaths]);
    console.log(`upload: ${pickerPaths.length} + ${tilePaths.length} paths, ${formatCoverage(report)}`);
    expect(unexplained(report, UPLOAD_NOT_ON_PATHS)).toEqual([]);
  });

  const named = [...pickerPaths.map((path) => ['picker', path] as const), ...tilePaths.map((path) => ['tile', path] as const)].map(
    ([use, path], index) => [`#${index + 1} ${use}: ${path.steps.slice(1).map((step) => describeUploadEvent(step.event)).join(' → ')}`, use, path] as const,
  );

  it.each(named)('replays %s', async (_, use, path) => {
    const input = UPLOAD_INPUTS[use];
    const saved: string[] = [];
    await replayPath(uploadMachine, path, {
      calls: UPLOAD_CALLS,
      input,
      recorder: runtime,
      actions: { saved: (_: unknown, params: { url: string }) => void saved.push(params.url) },
      check: ({ event, before, snapshot, isPending, lastInput, actor }) => {
        // A ticket of the input's purpose is asked whenever the machine (re)enters 'ticket': a retry never reuses one.
        if (snapshot.matches('ticket')) {
          expect(isPending('ticket')).toBe(true);
          expect(lastInput('ticket')).toEqual({ purpose: input.purpose });
        }
        // The picture goes to the ticket's URL with the input's side; what the upload reports comes back as the progress.
        if (snapshot.matches('uploading') && !before?.matches('uploading')) {
          const upload = lastInput('upload') as PictureUploadInput;
          expect(upload).toMatchObject({ url: '/upload/abc', file: PICTURE, side: input.side });
          upload.onProgress(55.4);
          expect(actor.getSnapshot().context.progress).toBe(55);
          actor.send({ type: 'upload.progress', percent: 0 });
        }
        // Only a picker that saves saves, with the key the upload answered.
        if (snapshot.matches('saving') && !before?.matches('saving')) {
          expect(input.save).toBe(true);
          expect(lastInput('save')).toEqual({ key: UPLOAD_RESULTS.uploaded.key });
        }
        if (snapshot.matches('uploaded')) {
          expect(snapshot.context).toMatchObject({ key: UPLOAD_RESULTS.uploaded.key, url: UPLOAD_RESULTS.uploaded.url, progress: 100, error: null });
          if (input.save) expect(saved.at(-1)).toBe(SAVE_OUTCOMES.saved.data.url);
        }
        if (!input.save) expect(saved).toEqual([]);
        if (snapshot.matches('failed')) expect(snapshot.context.progress).toBe(0);
        // An ended session: the picker lets go of its picture, the tile keeps it (failed, with '重试').
        if (event.type.startsWith('xstate.done.actor.') && ['sessionExpired', 'sessionRevoked'].includes((event.output as { kind?: string }).kind ?? '')) {
          if (use === 'picker') expect(snapshot.context).toMatchObject({ file: null, error: null });
          else expect(snapshot.matches('failed') && snapshot.context.file).toBe(PICTURE);
        }
        if (event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).toBe(UPLOAD_MESSAGES.network);
      },
    });
  });

  it("shows the server's words for a refusal or an ended session and ours for a network failure", async () => {
    for (const [outcome, message] of [
      [TICKET_OUTCOMES.refused, '不支持的上传类型'],
      [TICKET_OUTCOMES.offline, UPLOAD_MESSAGES.network],
      [TICKET_OUTCOMES.serverError, '服务器繁忙'],
      [TICKET_OUTCOMES.expired, '登录已过期'],
    ] as const) {
      const calls = createDeferredActors(uploadMachine, UPLOAD_CALLS);
      const actor = createActor(uploadMachine.provide({ actors: calls.actors }), { input: UPLOAD_INPUTS.tile }).start();
      await calls.resolve('ticket', outcome);
      expect(actor.getSnapshot().context.error).toBe(message);
      actor.stop();
    }
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`upload at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
