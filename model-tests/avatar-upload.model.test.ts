import { describe, expect, it } from 'vitest';
import { AVATAR_UPLOAD_MESSAGES } from '../machines/avatar-upload.constants.ts';
import { avatarUploadMachine } from '../machines/avatar-upload.machine.ts';
import type { UploadInput } from '../machines/avatar-upload.types.ts';
import { AVATAR_UPLOAD_CALLS, describeAvatarUploadEvent, getAvatarUploadPaths, PICTURE } from './avatar-upload.paths.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { replayPath } from './replay.ts';

const paths = getAvatarUploadPaths();
const runtime = createCoverageRecorder(avatarUploadMachine);

describe('avatar upload: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(avatarUploadMachine, paths);
    console.log(`avatar-upload: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => [`#${index + 1} ${path.steps.slice(1).map((step) => describeAvatarUploadEvent(step.event)).join(' → ')}`, path] as const);

  it.each(named)('replays %s', async (_, path) => {
    const saved: string[] = [];
    await replayPath(avatarUploadMachine, path, {
      calls: AVATAR_UPLOAD_CALLS,
      recorder: runtime,
      actions: { avatarSaved: (_: unknown, params: { avatar: string }) => void saved.push(params.avatar) },
      check: ({ event, before, snapshot, lastInput, actor }) => {
        // The picture goes to the ticket's URL, the key it answers to headerImgEdit.
        if (snapshot.matches('uploading') && !before?.matches('uploading')) {
          const input = lastInput('upload') as UploadInput;
          expect(input).toMatchObject({ url: '/upload/abc', file: PICTURE });
          // What the upload reports comes back as the machine's progress.
          input.onProgress(55.4);
          expect(actor.getSnapshot().context.progress).toBe(55);
          actor.send({ type: 'upload.progress', percent: 0 });
        }
        if (snapshot.matches('saving') && !before?.matches('saving')) expect(lastInput('save')).toEqual({ key: 'avatars/abc.webp' });
        if (snapshot.matches('done')) expect(saved.at(-1)).toBe('/media/avatars/abc.webp');
        if (event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).toBe(AVATAR_UPLOAD_MESSAGES.network);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`avatar-upload at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
