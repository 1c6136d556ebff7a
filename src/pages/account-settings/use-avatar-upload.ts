import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { uploadMachine } from '../../../machines/upload.machine.ts';
import { UPLOAD_MESSAGES } from '../../../machines/upload.constants.ts';
import type { SaveInput, SaveOutcome } from '../../../machines/upload.types.ts';
import { request } from '../../../api/typed-call.ts';
import { profileChanged } from '../../app/profile-version.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { uploadActors } from '../../features/uploads/upload-actors.ts';
import { SHRINK_TO_SIDE } from '../../features/uploads/upload-picture.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

const AVATAR_UPLOAD = { purpose: 'avatar', side: SHRINK_TO_SIDE.avatar, save: true } as const;

/** The upload machine for the avatar, wired to the server: ticket, bytes, then headerImgEdit saves it. */
export function useAvatarUpload() {
  const runtime = useRuntime();
  const actor = useFeatureActor(uploadMachine, {
    input: AVATAR_UPLOAD,
    implementations: {
      actors: {
        ...uploadActors(runtime),
        save: fromPromise<SaveOutcome, SaveInput>(async ({ input }) => {
          const outcome = await request(runtime.api, calls.profile.headerImgEdit, { image: input.key });
          // Only an accepted save's data is read (a refusal's is its reason, whatever the call's type says).
          return outcome.kind === 'ok' ? { ...outcome, data: { url: outcome.data.avatar } } : (outcome as SaveOutcome);
        }),
      },
      actions: {
        saved: () => {
          showToast(UPLOAD_MESSAGES.avatarSaved);
          profileChanged();
        },
      },
    },
  });
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
  return {
    busy: snapshot.hasTag('busy'),
    stage: snapshot.value as 'idle' | 'ticket' | 'uploading' | 'saving' | 'uploaded' | 'failed',
    progress: snapshot.context.progress,
    error: snapshot.matches('failed') ? snapshot.context.error : null,
    pick: (file: Blob) => send({ type: 'ui.pick', file }),
    retry: () => send({ type: 'ui.retry' }),
    dismiss: () => send({ type: 'ui.dismiss' }),
  };
}
