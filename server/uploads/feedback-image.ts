import { randomBytes } from 'node:crypto';
import { reencode, type AvatarResult } from './avatar-image.ts';

/**
 * A feedback picture: the same checks as an avatar (JPEG/PNG/WebP by its bytes,
 * ≤ 5 MB, ≤ 4096 px), then re-encoded by sharp to a WebP of at most 1600 px on its longer side
 * (never enlarged), EXIF orientation applied and every metadata block dropped (a phone
 * screenshot's location stays on the phone). Each upload gets a key of its own (not
 * content-addressed): an upload serves one feedback, so the same screenshot sent twice is two
 * uploads.
 */

export const FEEDBACK_IMAGE_MAX_SIDE = 1600;
export const FEEDBACK_IMAGE_CONTENT_TYPE = 'image/webp';

export type FeedbackImageResult = AvatarResult;

export function makeFeedbackImage(bytes: Buffer): Promise<FeedbackImageResult> {
  return reencode(
    bytes,
    'feedback',
    (image) => image.resize(FEEDBACK_IMAGE_MAX_SIDE, FEEDBACK_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80, effort: 4 }),
    () => `feedback/${randomBytes(16).toString('hex')}.webp`,
  );
}
