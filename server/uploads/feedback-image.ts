import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { checkImageBytes, DECODE, UPLOAD_MSG } from './avatar-image.ts';

/**
 * A feedback picture (issue 13 item 4): the same checks as an avatar (JPEG/PNG/WebP by its bytes,
 * ≤ 5 MB, ≤ 4096 px), then re-encoded by sharp to a WebP of at most 1600 px on its longer side
 * (never enlarged), EXIF orientation applied and every metadata block dropped (a phone
 * screenshot's location stays on the phone). Each upload gets a key of its own (not
 * content-addressed): an upload serves one feedback, so the same screenshot sent twice is two
 * uploads.
 */

export const FEEDBACK_IMAGE_MAX_SIDE = 1600;
export const FEEDBACK_IMAGE_CONTENT_TYPE = 'image/webp';

export type FeedbackImageResult = { ok: true; bytes: Buffer; key: string } | { ok: false; status: number; message: string };

export async function makeFeedbackImage(bytes: Buffer): Promise<FeedbackImageResult> {
  const checked = await checkImageBytes(bytes);
  if (!checked.ok) return checked;
  let picture: Buffer;
  try {
    picture = await sharp(bytes, DECODE)
      .rotate()
      .resize(FEEDBACK_IMAGE_MAX_SIDE, FEEDBACK_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    return { ok: false, status: 422, message: UPLOAD_MSG.corrupt };
  }
  return { ok: true, bytes: picture, key: `feedback/${randomBytes(16).toString('hex')}.webp` };
}
