import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import type { DeskUploaded } from '../../../../api/protocol/service-desk.ts';
import { decodeStaffAnswer, type StaffClient } from '../../api.ts';
import { readUploaded } from './decode.ts';

/**
 * An agent's picture: an upload ticket (staff call), then the bytes to /staff/upload/<ticket>
 * with the session cookie and X-CSRF-Token, progress from XMLHttpRequest (fetch reports none
 * for uploads). The server checks, re-encodes and stores it (server/staff/uploads.ts).
 */

export const UPLOAD_TEXT = {
  tooLarge: '图片不能超过5MB',
  network: '网络错误，图片未发送',
  failed: '图片上传失败，请重试',
} as const;

export type UploadOutcome = { ok: true; picture: DeskUploaded } | { ok: false; message: string; signedOut?: boolean };

/** What the upload needs of XMLHttpRequest (tests hand in a fake). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  timeout: number;
  status: number;
  responseText: string;
  withCredentials: boolean;
  send(body: Blob): void;
}

export async function uploadDeskPicture(client: StaffClient, file: Blob, onProgress: (percent: number) => void, createXhr: () => XhrLike = () => new XMLHttpRequest() as unknown as XhrLike): Promise<UploadOutcome> {
  const ticket = await client.call(staffCalls.service.uploadTicket, {});
  if (ticket.code !== STAFF_CODE.ok) return { ok: false, message: ticket.msg, signedOut: ticket.code === STAFF_CODE.notSignedIn };
  if (file.size > ticket.data.max_bytes) return { ok: false, message: UPLOAD_TEXT.tooLarge };
  const answer = await new Promise<{ status: number; text: string } | null>((resolve) => {
    const xhr = createXhr();
    xhr.open('POST', ticket.data.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-csrf-token', client.csrfToken());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => resolve(null);
    xhr.ontimeout = () => resolve(null);
    xhr.timeout = 60_000;
    xhr.send(file);
  });
  if (!answer) return { ok: false, message: UPLOAD_TEXT.network };
  const decoded = decodeStaffAnswer(answer.text);
  if (!decoded) return { ok: false, message: UPLOAD_TEXT.failed };
  if (decoded.code === STAFF_CODE.ok) {
    const picture = readUploaded(decoded.data);
    return picture ? { ok: true, picture } : { ok: false, message: UPLOAD_TEXT.failed };
  }
  return { ok: false, message: decoded.msg || UPLOAD_TEXT.failed, signedOut: decoded.code === STAFF_CODE.notSignedIn };
}
