import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { AVATAR_UPLOAD_MESSAGES } from '../machines/avatar-upload.constants.ts';
import { feedbackImageMachine } from '../machines/feedback-image.machine.ts';
import type { UploadInput } from '../machines/feedback-image.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeFeedbackImageEvent, FEEDBACK_IMAGE_CALLS, getFeedbackImagePaths, SCREENSHOT, TICKET_OUTCOMES, UPLOAD_RESULTS } from './feedback-image.paths.ts';
import { replayPath } from './replay.ts';

const paths = getFeedbackImagePaths();
const runtime = createCoverageRecorder(feedbackImageMachine);

describe('feedback picture upload: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(feedbackImageMachine, paths);
    console.log(`feedback-image: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeFeedbackImageEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    await replayPath(feedbackImageMachine, path, {
      calls: FEEDBACK_IMAGE_CALLS,
      input: { file: SCREENSHOT },
      recorder: runtime,
      check: ({ event, before, snapshot, isPending, lastInput, actor }) => {
        // A ticket is asked whenever the machine (re)enters 'ticket': a retry never reuses one.
        if (snapshot.matches('ticket')) expect(isPending('ticket')).toBe(true);
        // The picture goes to the ticket's URL; what the upload reports becomes the progress.
        if (snapshot.matches('uploading') && !before?.matches('uploading')) {
          const input = lastInput('upload') as UploadInput;
          expect(input).toMatchObject({ url: '/upload/abc', file: SCREENSHOT });
          input.onProgress(72.6);
          expect(actor.getSnapshot().context.progress).toBe(73);
          actor.send({ type: 'upload.progress', percent: 0 });
        }
        if (snapshot.matches('uploaded')) expect(snapshot.context).toMatchObject({ key: UPLOAD_RESULTS.uploaded.key, url: UPLOAD_RESULTS.uploaded.url, progress: 100, error: null });
        if (snapshot.matches('failed')) expect(snapshot.context.progress).toBe(0);
        if (event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).toBe(AVATAR_UPLOAD_MESSAGES.network);
      },
    });
  });

  it('shows the server words for a refused ticket and ours for a network failure', async () => {
    for (const [outcome, message] of [
      [TICKET_OUTCOMES.refused, '不支持的上传类型'],
      [TICKET_OUTCOMES.offline, AVATAR_UPLOAD_MESSAGES.network],
      [TICKET_OUTCOMES.serverError, '服务器繁忙'],
    ] as const) {
      const calls = createDeferredActors(feedbackImageMachine, FEEDBACK_IMAGE_CALLS);
      const actor = createActor(feedbackImageMachine.provide({ actors: calls.actors }), { input: { file: SCREENSHOT } }).start();
      await calls.resolve('ticket', outcome);
      expect(actor.getSnapshot().context.error).toBe(message);
      actor.stop();
    }
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`feedback-image at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
