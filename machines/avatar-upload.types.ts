import type { ApiOutcome } from '../api/outcome.ts';
import type { UploadTicket } from '../api/protocol/calls/profile.ts';

/** The avatar upload: ticket → upload the bytes → headerImgEdit. */

export interface AvatarUploadContext {
  /** The chosen picture (kept for a retry). */
  file: Blob | null;
  /** 0–100 while the bytes go up. */
  progress: number;
  /** The object key the upload answered (saving sets it as the avatar). */
  key: string | null;
  /** The avatar URL once saved. */
  avatar: string | null;
  /** Why the last attempt failed, shown beside '重试'. */
  error: string | null;
}

export type AvatarUploadEvent =
  | { type: 'ui.pick'; file: Blob }
  | { type: 'ui.retry' }
  | { type: 'ui.dismiss' }
  | { type: 'upload.progress'; percent: number };

export type TicketOutcome = ApiOutcome<UploadTicket>;

export interface UploadInput {
  url: string;
  file: Blob;
  onProgress: (percent: number) => void;
}

/** What POST /upload/<ticket> came to (server/uploads/upload-routes.ts). */
export type UploadResult = { ok: true; key: string; url: string } | { ok: false; message: string; sessionEnded?: boolean };

export interface SaveInput {
  key: string;
}

export type SaveOutcome = ApiOutcome<{ avatar: string }>;

export interface AvatarSavedParams {
  avatar: string;
}
