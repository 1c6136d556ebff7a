import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import { UPLOAD_MESSAGES } from './upload.constants.ts';
import type {
  PictureUploadInput,
  SavedParams,
  SaveInput,
  SaveOutcome,
  TicketInput,
  TicketOutcome,
  UploadContext,
  UploadEvent,
  UploadMachineInput,
  UploadResult,
} from './upload.types.ts';

type Outcome = TicketOutcome | SaveOutcome;

/** The message a failed call leaves: the server's words for a refusal or an ended session, ours for the rest. */
function failureOf(outcome: Outcome): string {
  if (outcome.kind === 'toast' && outcome.msg) return outcome.msg;
  if (outcome.kind === 'error' && outcome.reason !== 'server') return UPLOAD_MESSAGES.network;
  if (outcome.kind !== 'ok' && outcome.msg) return outcome.msg;
  return UPLOAD_MESSAGES.failed;
}

const isSessionEnded = (outcome: Outcome) => outcome.kind === 'sessionExpired' || outcome.kind === 'sessionRevoked';

/**
 * One picture's upload, for every picker of the players' app: idle → ticket (getUploadTos with the
 * input's purpose) → uploading (the bytes, redrawn to the input's side, with progress) → saving
 * (only when the input asks: the avatar's headerImgEdit) → uploaded; any step may fail → failed,
 * where '重试' starts again from a new ticket with the same picture (a ticket is good once) and a
 * new pick starts over. An actor started with its picture (a form's tile) goes straight to its
 * ticket and keeps the picture through an ended session, so the tile still offers '重试' after
 * signing in again; a picker's actor goes back to idle instead (the session machine signs out and
 * reloads or redirects). Removing a tile stops its actor, which aborts the request in flight.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadMachineInput,
    tags: {} as 'busy',
    children: {} as { ticket: 'ticket'; upload: 'upload'; save: 'save' },
  },
  actors: {
    /** Provided by the app: /api/upload/getUploadTos {purpose}. */
    ticket: fromPromise<TicketOutcome, TicketInput>(async () => {
      throw new Error('ticket is not provided');
    }),
    /** Provided by the app: POST the picture to the ticket's URL. */
    upload: fromPromise<UploadResult, PictureUploadInput>(async () => {
      throw new Error('upload is not provided');
    }),
    /** Provided by the app when the input asks for a save: makes the stored picture the player's. */
    save: fromPromise<SaveOutcome, SaveInput>(async () => {
      throw new Error('save is not provided');
    }),
  },
  actions: {
    /** Provided by the app: the save went through (pages showing the picture reload it). */
    saved: (_, _params: SavedParams) => {},
    storeFile: assign(({ event }) => {
      assertEvent(event, 'ui.pick');
      return { file: event.file, progress: 0, key: null, url: null, error: null };
    }),
    restart: assign({ progress: 0, key: null, url: null, error: null }),
    setProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: Math.max(0, Math.min(100, Math.round(event.percent))) };
    }),
    storeUploaded: assign(({ event }) => {
      const output = (event as unknown as { output: Extract<UploadResult, { ok: true }> }).output;
      return { key: output.key, url: output.url, progress: 100, error: null };
    }),
    fail: assign((_, params: { message: string }) => ({ error: params.message, progress: 0 })),
    clear: assign({ file: null, progress: 0, key: null, url: null, error: null }),
  },
  guards: {
    pictureGiven: ({ context }) => context.file !== null,
    picker: ({ context }) => !context.given,
    saveWanted: ({ context }) => context.save,
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
  id: 'upload',
  context: ({ input }) => ({
    purpose: input.purpose,
    side: input.side,
    save: input.save,
    given: input.file !== undefined,
    file: input.file ?? null,
    progress: 0,
    key: null,
    url: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'pictureGiven', target: 'ticket' },
      on: { 'ui.pick': { target: 'ticket', actions: 'storeFile' } },
    },
    ticket: {
      tags: ['busy'],
      invoke: {
        id: 'ticket',
        src: 'ticket',
        input: ({ context }) => ({ purpose: context.purpose }),
        onDone: [
          { guard: 'ticketIssued', target: 'uploading' },
          { guard: and(['sessionEnded', 'picker']), target: 'idle', actions: 'clear' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: UPLOAD_MESSAGES.network } } },
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
          side: context.side,
          onProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
        }),
        onDone: [
          { guard: and(['uploaded', 'saveWanted']), target: 'saving', actions: 'storeUploaded' },
          { guard: 'uploaded', target: 'uploaded', actions: 'storeUploaded' },
          { guard: and(['uploadSessionEnded', 'picker']), target: 'idle', actions: 'clear' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: (event.output as Extract<UploadResult, { ok: false }>).message }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: UPLOAD_MESSAGES.network } } },
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
            target: 'uploaded',
            actions: [
              assign(({ event }) => ({ url: (event.output as Extract<SaveOutcome, { kind: 'ok' }>).data.url, file: null, error: null })),
              { type: 'saved', params: ({ event }) => ({ url: (event.output as Extract<SaveOutcome, { kind: 'ok' }>).data.url }) },
            ],
          },
          { guard: and(['sessionEnded', 'picker']), target: 'idle', actions: 'clear' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: UPLOAD_MESSAGES.network } } },
      },
    },
    uploaded: {
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
