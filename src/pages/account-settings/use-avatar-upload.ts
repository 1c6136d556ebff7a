import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { avatarUploadMachine } from '../../../machines/avatar-upload.machine.ts';
import { AVATAR_UPLOAD_MESSAGES } from '../../../machines/avatar-upload.constants.ts';
import type { SaveInput, SaveOutcome, TicketOutcome, UploadInput, UploadResult } from '../../../machines/avatar-upload.types.ts';
import { request } from '../../../api/typed-call.ts';
import { profileChanged } from '../../app/profile-version.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { uploadPicture } from '../../features/uploads/upload-picture.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/** The avatar upload machine wired to the server: ticket, bytes, headerImgEdit. */
export function useAvatarUpload() {
  const runtime = useRuntime();
  const actor = useFeatureActor(avatarUploadMachine, {
    implementations: {
      actors: {
        ticket: fromPromise<TicketOutcome>(() => request(runtime.api, calls.profile.getUploadTos, { purpose: 'avatar' })),
        upload: fromPromise<UploadResult, UploadInput>(({ input }) => uploadPicture(runtime, input)),
        save: fromPromise<SaveOutcome, SaveInput>(({ input }) => request(runtime.api, calls.profile.headerImgEdit, { image: input.key })),
      },
      actions: {
        avatarSaved: () => {
          showToast(AVATAR_UPLOAD_MESSAGES.saved);
          profileChanged();
        },
      },
    },
  });
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
  return {
    busy: snapshot.hasTag('busy'),
    stage: snapshot.value as 'idle' | 'ticket' | 'uploading' | 'saving' | 'done' | 'failed',
    progress: snapshot.context.progress,
    error: snapshot.matches('failed') ? snapshot.context.error : null,
    pick: (file: Blob) => send({ type: 'ui.pick', file }),
    retry: () => send({ type: 'ui.retry' }),
    dismiss: () => send({ type: 'ui.dismiss' }),
  };
}
