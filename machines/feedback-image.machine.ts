import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { AVATAR_UPLOAD_MESSAGES } from './avatar-upload.constants.ts';
import type { FeedbackImageContext, FeedbackImageEvent, FeedbackImageInput, TicketOutcome, UploadInput, UploadResult } from './feedback-image.types.ts';

/** The message a refused ticket leaves: the server's words for a refusal, ours for the rest. */
function ticketFailure(outcome: TicketOutcome): string {
  if (outcome.kind === 'toast' && outcome.msg) return outcome.msg;
  if (outcome.kind === 'error' && outcome.reason !== 'server') return AVATAR_UPLOAD_MESSAGES.network;
  if ('msg' in outcome && outcome.msg) return outcome.msg;
  return AVATAR_UPLOAD_MESSAGES.failed;
}

/**
 * One feedback picture's upload, after the avatar upload's pattern: ticket → uploading (progress)
 * → uploaded; a failed step → failed, where '重试' asks a new ticket (a ticket is good once) for
 * the same picture. Removing the picture is the form's business: it stops the actor, and the
 * request in flight is aborted with it.
 */
export const feedbackImageMachine = setup({
  types: {
    context: {} as FeedbackImageContext,
    events: {} as FeedbackImageEvent,
    input: {} as FeedbackImageInput,
    tags: {} as 'busy',
    children: {} as { ticket: 'ticket'; upload: 'upload' },
  },
  actors: {
    /** Provided by the app: /api/upload/getUploadTos {purpose: 'feedback'}. */
    ticket: fromPromise<TicketOutcome>(async () => {
      throw new Error('ticket is not provided');
    }),
    /** Provided by the app: POST the picture to the ticket's URL. */
    upload: fromPromise<UploadResult, UploadInput>(async () => {
      throw new Error('upload is not provided');
    }),
  },
  actions: {
    restart: assign({ progress: 0, error: null }),
    setProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: Math.max(0, Math.min(100, Math.round(event.percent))) };
    }),
    fail: assign((_, params: { message: string }) => ({ error: params.message, progress: 0 })),
  },
  guards: {
    ticketIssued: ({ event }) => (event as unknown as { output: TicketOutcome }).output.kind === 'ok',
    uploaded: ({ event }) => (event as unknown as { output: UploadResult }).output.ok,
  },
}).createMachine({
  id: 'feedbackImage',
  context: ({ input }) => ({ file: input.file, progress: 0, key: null, url: null, error: null }),
  initial: 'ticket',
  states: {
    ticket: {
      tags: ['busy'],
      invoke: {
        id: 'ticket',
        src: 'ticket',
        onDone: [
          { guard: 'ticketIssued', target: 'uploading' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: ticketFailure(event.output) }) } },
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
          file: context.file,
          onProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
        }),
        onDone: [
          {
            guard: 'uploaded',
            target: 'uploaded',
            actions: assign(({ event }) => {
              const output = event.output as Extract<UploadResult, { ok: true }>;
              return { key: output.key, url: output.url, progress: 100, error: null };
            }),
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: (event.output as Extract<UploadResult, { ok: false }>).message }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: AVATAR_UPLOAD_MESSAGES.network } } },
      },
      on: { 'upload.progress': { actions: 'setProgress' } },
    },
    uploaded: {},
    failed: {
      on: { 'ui.retry': { target: 'ticket', actions: 'restart' } },
    },
  },
});
