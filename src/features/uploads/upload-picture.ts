import { classifyResponse } from '../../../api/outcome.ts';
import type { WireResponse } from '../../../api/protocol/wire.ts';
import type { UploadInput, UploadResult } from '../../../machines/upload.types.ts';
import { UPLOAD_MESSAGES } from '../../../machines/upload.constants.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { apiBase } from '../../app/env.ts';

/**
 * POST /upload/<ticket> (server/uploads/upload-routes.ts): the picture's raw bytes, the session
 * in the Authorization and X-User-Uuid headers, progress from XMLHttpRequest (fetch reports none
 * for uploads). An ended session is handed to the session machine like any call's. Used by the
 * avatar and the feedback pictures; `signal` aborts the request (a picture removed mid-upload).
 */

/** Pictures above this are drawn smaller in the browser first (a phone photo is 3–12 MB). */
const SHRINK_ABOVE_BYTES = 1024 * 1024;
/** An avatar ends at 256 px; a feedback screenshot must stay readable (the server keeps 1600). */
export const SHRINK_TO_SIDE = { avatar: 1024, feedback: 1600 } as const;

/** A large photo, redrawn at most `side` px a side as a JPEG; the original when the browser cannot. */
export async function shrinkPicture(file: Blob, side: number = SHRINK_TO_SIDE.avatar): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const smaller = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return smaller && smaller.size < file.size ? smaller : file;
  } catch {
    return file;
  }
}

export async function uploadPicture(
  runtime: Pick<AppRuntime, 'session'>,
  { url, file, onProgress }: UploadInput,
  options: { side?: number; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  if (!runtime.session.getSnapshot().context.credentials) return { ok: false, message: UPLOAD_MESSAGES.failed, sessionEnded: true };
  const body = await shrinkPicture(file, options.side);
  return uploadBytes(runtime, { url, file: body, onProgress }, options);
}

/** The same upload without the picture's redraw: the bytes as they are (an event log's JSON). */
export async function uploadBytes(runtime: Pick<AppRuntime, 'session'>, { url, file: body, onProgress }: UploadInput, options: { signal?: AbortSignal } = {}): Promise<UploadResult> {
  const credentials = runtime.session.getSnapshot().context.credentials;
  if (!credentials) return { ok: false, message: UPLOAD_MESSAGES.failed, sessionEnded: true };
  if (options.signal?.aborted) return { ok: false, message: UPLOAD_MESSAGES.failed };
  const answer = await new Promise<{ status: number; text: string } | null>((resolve) => {
    const xhr = new XMLHttpRequest();
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => resolve(null);
    xhr.open('POST', new URL(url, apiBase).toString());
    xhr.setRequestHeader('authorization', `Bearer ${credentials.token}`);
    xhr.setRequestHeader('x-user-uuid', credentials.uuid);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => resolve(null);
    xhr.ontimeout = () => resolve(null);
    xhr.timeout = 60_000;
    xhr.send(body);
  });
  if (!answer) return { ok: false, message: UPLOAD_MESSAGES.network };
  let response: WireResponse<{ key: string; url: string } | null>;
  try {
    response = JSON.parse(answer.text) as WireResponse<{ key: string; url: string } | null>;
  } catch {
    return { ok: false, message: UPLOAD_MESSAGES.failed };
  }
  if (response.code === 1 && response.data) return { ok: true, key: response.data.key, url: response.data.url };
  const outcome = classifyResponse(response);
  if (outcome.kind === 'sessionExpired' || outcome.kind === 'sessionRevoked') {
    runtime.session.send({ type: 'api.outcome', outcome });
    return { ok: false, message: outcome.msg, sessionEnded: true };
  }
  return { ok: false, message: response.msg || UPLOAD_MESSAGES.failed };
}
