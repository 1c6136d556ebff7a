import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { AVATAR_UPLOAD_MESSAGES } from './avatar-upload.constants.ts';
import type {
  AvatarSavedParams,
  AvatarUploadContext,
  AvatarUploadEvent,
  SaveInput,
  SaveOutcome,
  TicketOutcome,
  UploadInput,
  UploadResult,
} from './avatar-upload.types.ts';

type Outcome = TicketOutcome | SaveOutcome;

/** The message a failed call leaves: the server's words for a refusal, ours for the rest. */
function failureOf(outcome: Outcome): string {
  if (outcome.kind === 'toast' && outcome.msg) return outcome.msg;
  if (outcome.kind === 'error' && outcome.reason !== 'server') return AVATAR_UPLOAD_MESSAGES.network;
  if (outcome.kind === 'error' && outcome.msg) return outcome.msg;
  return AVATAR_UPLOAD_MESSAGES.failed;
}

const isSessionEnded = (outcome: Outcome) => outcome.kind === 'sessionExpired' || outcome.kind === 'sessionRevoked';

/**
 * The avatar upload: idle → ticket (getUploadTos) → uploading (POST the bytes, with progress)
 * → saving (headerImgEdit) → done; any step may fail → failed, where '重试' starts again from a
 * new ticket with the same picture (a ticket is good once) and a new pick starts over. An ended
 * session goes back to idle: the session machine signs out and reloads or redirects.
 */
export const avatarUploadMachine = setup({
  types: {
    context: {} as AvatarUploadContext,
    events: {} as AvatarUploadEvent,
    tags: {} as 'busy',
    children: {} as { ticket: 'ticket'; upload: 'upload'; save: 'save' },
  },
  actors: {
    /** Provided by the app: /api/upload/getUploadTos {purpose: 'avatar'}. */
    ticket: fromPromise<TicketOutcome>(async () => {
      throw new Error('ticket is not provided');
    }),
    /** Provided by the app: POST the picture to the ticket's URL. */
    upload: fromPromise<UploadResult, UploadInput>(async () => {
      throw new Error('upload is not provided');
    }),
    /** Provided by the app: /api/user/headerImgEdit {image: key}. */
    save: fromPromise<SaveOutcome, SaveInput>(async () => {
      throw new Error('save is not provided');
    }),
  },
  actions: {
    /** Provided by the app: the profile changed (pages showing the avatar reload it). */
    avatarSaved: (_, _params: AvatarSavedParams) => {},
    storeFile: assign(({ event }) => {
      assertEvent(event, 'ui.pick');
      return { file: event.file, progress: 0, key: null, error: null };
    }),
    restart: assign({ progress: 0, key: null, error: null }),
    setProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: Math.max(0, Math.min(100, Math.round(event.percent))) };
    }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    clear: assign({ file: null, progress: 0, key: null, error: null }),
  },
  guards: {
    ticketIssued: ({ event }) => (event as unknown as { output: TicketOutcome }).output.kind === 'ok',
    uploaded: ({ event }) => (event as unknown as { output: UploadResult }).output.ok,
    uploadSessionEnded: ({ event }) => {
      const output = (event as unknown as { output: UploadResult }).output;
      return !output.ok && output.sessionEnded === true;
    },
    saved: ({ event }) => (event as unknown as { output: SaveOutcome }).output.kind === 'ok',
    sessionEnded: ({ event }) => isSessionEnded((event as unknown as { output: Outcome }).output),
  },
}).createMachine({
  id: 'avatarUpload',
  context: { file: null, progress: 0, key: null, avatar: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'ui.pick': { target: 'ticket', actions: 'storeFile' } },
    },
    ticket: {
      tags: ['busy'],
      invoke: {
        id: 'ticket',
        src: 'ticket',
        onDone: [
          { guard: 'ticketIssued', target: 'uploading' },
          { guard: 'sessionEnded', target: 'idle', actions: 'clear' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: AVATAR_UPLOAD_MESSAGES.network } } },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, event, self }) => ({
          url: (event as unknown as { output: Extract<TicketOutcome, { kind: 'ok' }> }).output.data.url,
          file: context.file!,
          onProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
        }),
        onDone: [
          { guard: 'uploaded', target: 'saving', actions: assign(({ event }) => ({ key: (event.output as Extract<UploadResult, { ok: true }>).key, progress: 100 })) },
          { guard: 'uploadSessionEnded', target: 'idle', actions: 'clear' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: (event.output as Extract<UploadResult, { ok: false }>).message }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: AVATAR_UPLOAD_MESSAGES.network } } },
      },
      on: { 'upload.progress': { actions: 'setProgress' } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ key: context.key! }),
        onDone: [
          {
            guard: 'saved',
            target: 'done',
            actions: [
              assign(({ event }) => ({ avatar: (event.output as Extract<SaveOutcome, { kind: 'ok' }>).data.avatar, file: null, error: null })),
              { type: 'avatarSaved', params: ({ event }) => ({ avatar: (event.output as Extract<SaveOutcome, { kind: 'ok' }>).data.avatar }) },
            ],
          },
          { guard: 'sessionEnded', target: 'idle', actions: 'clear' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: AVATAR_UPLOAD_MESSAGES.network } } },
      },
    },
    done: {
      on: { 'ui.pick': { target: 'ticket', actions: 'storeFile' } },
    },
    failed: {
      on: {
        'ui.retry': { target: 'ticket', actions: 'restart' },
        'ui.pick': { target: 'ticket', actions: 'storeFile' },
        'ui.dismiss': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
