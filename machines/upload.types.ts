import type { ApiOutcome } from '../api/outcome.ts';
import type { UploadTicket } from '../api/protocol/calls/profile.ts';
import type { UPLOAD_PURPOSES } from '../api/protocol/profile-rules.ts';

/** One picture's upload: ticket → the bytes up → (a save call) → uploaded. */

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export interface UploadMachineInput {
  /** What the ticket is asked for (getUploadTos purpose): the server's limits and processing for it. */
  purpose: UploadPurpose;
  /** A large photo is redrawn to at most this many px a side before it goes up. */
  side: number;
  /** Whether the stored picture is then made the player's by the 'save' call (the avatar's headerImgEdit). */
  save: boolean;
  /**
   * The picture, for an actor that uploads exactly this one (a form's tile): it starts at once and
   * keeps the picture through an ended session (failed, with '重试'). Without it the actor waits
   * for 'ui.pick', and an ended session clears it.
   */
  file?: Blob;
}

export interface UploadContext {
  purpose: UploadPurpose;
  side: number;
  save: boolean;
  /** Whether the actor was started with its picture (see UploadMachineInput.file). */
  given: boolean;
  /** The chosen picture (kept for a retry). */
  file: Blob | null;
  /** 0–100 while the bytes go up. */
  progress: number;
  /** The object key the upload answered (the form sends it; saving sets it). */
  key: string | null;
  /** Where the stored picture is shown: the upload's URL, or the save's answer. */
  url: string | null;
  /** Why the last attempt failed, shown with '重试'. */
  error: string | null;
}

export type UploadEvent =
  | { type: 'ui.pick'; file: Blob }
  | { type: 'ui.retry' }
  | { type: 'ui.dismiss' }
  | { type: 'upload.progress'; percent: number };

export interface TicketInput {
  purpose: UploadPurpose;
}

export type TicketOutcome = ApiOutcome<UploadTicket>;

export interface UploadInput {
  url: string;
  file: Blob;
  onProgress: (percent: number) => void;
}

/** The upload machine's call of the bytes: with the side a large photo is redrawn to. */
export interface PictureUploadInput extends UploadInput {
  side: number;
}

/** What POST /upload/<ticket> came to (server/uploads/upload-routes.ts). */
export type UploadResult = { ok: true; key: string; url: string } | { ok: false; message: string; sessionEnded?: boolean };

export interface SaveInput {
  key: string;
}

/** The save call's answer: the URL the saved picture is shown at. */
export type SaveOutcome = ApiOutcome<{ url: string }>;

export interface SavedParams {
  url: string;
}
