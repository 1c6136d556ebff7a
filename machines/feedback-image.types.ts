import type { TicketOutcome, UploadInput, UploadResult } from './avatar-upload.types.ts';

/**
 * One picture of a feedback: ticket (getUploadTos purpose 'feedback') → the
 * bytes up, with progress → uploaded (its key goes with userOpinion). The form holds up to four
 * of these; removing a picture stops its actor.
 */

export type { TicketOutcome, UploadInput, UploadResult };

export interface FeedbackImageInput {
  file: Blob;
}

export interface FeedbackImageContext {
  /** The chosen picture (kept for a retry). */
  file: Blob;
  /** 0–100 while the bytes go up. */
  progress: number;
  /** The upload's object key and URL once it is stored. */
  key: string | null;
  url: string | null;
  /** Why the last attempt failed, shown with '重试'. */
  error: string | null;
}

export type FeedbackImageEvent = { type: 'ui.retry' } | { type: 'upload.progress'; percent: number };
