import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { AVATAR_UPLOAD_MESSAGES } from '../machines/avatar-upload.constants.ts';
import { avatarUploadMachine } from '../machines/avatar-upload.machine.ts';
import type { UploadInput } from '../machines/avatar-upload.types.ts';
import { AVATAR_UPLOAD_CALLS, describeAvatarUploadEvent, getAvatarUploadPaths, PICTURE } from './avatar-upload.paths.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';

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
    const calls = createDeferredActors(avatarUploadMachine, AVATAR_UPLOAD_CALLS);
    const saved: string[] = [];
    const actor = createActor(avatarUploadMachine.provide({ actors: calls.actors, actions: { avatarSaved: (_, params) => void saved.push(params.avatar) } }), {
      clock: new SimulatedClock(),
      inspect: runtime.inspect,
    });
    const perform = async (event: AnyEventObject) => {
      const done = /^xstate\.done\.actor\.(ticket|upload|save)$/.exec(event.type);
      const error = /^xstate\.error\.actor\.(ticket|upload|save)$/.exec(event.type);
      if (event.type === 'xstate.init') actor.start();
      else if (done) await calls.resolve(done[1] as (typeof AVATAR_UPLOAD_CALLS)[number], event.output);
      else if (error) await calls.reject(error[1] as (typeof AVATAR_UPLOAD_CALLS)[number], event.error);
      else actor.send(event as Parameters<typeof actor.send>[0]);
    };
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot();
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // The picture goes to the ticket's URL, the key it answers to headerImgEdit.
      if (snapshot.matches('uploading') && !before.matches('uploading')) {
        const input = calls.lastInput('upload') as UploadInput;
        expect(input).toMatchObject({ url: '/upload/abc', file: PICTURE });
        // What the upload reports comes back as the machine's progress.
        input.onProgress(55.4);
        expect(actor.getSnapshot().context.progress).toBe(55);
        actor.send({ type: 'upload.progress', percent: 0 });
      }
      if (snapshot.matches('saving') && !before.matches('saving')) expect(calls.lastInput('save')).toEqual({ key: 'avatars/abc.webp' });
      if (snapshot.matches('done')) expect(saved.at(-1)).toBe('/media/avatars/abc.webp');
      if (step.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).toBe(AVATAR_UPLOAD_MESSAGES.network);
    }
    actor.stop();
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`avatar-upload at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
