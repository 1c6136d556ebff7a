import { randomBytes } from 'node:crypto';
import { reencode, type AvatarResult } from './avatar-image.ts';

/**
 * A listing screenshot (upload purpose 'trade'): the checks of every upload (JPEG/PNG/
 * WebP by its bytes, ≤ 5 MB, ≤ 4096 px), then re-encoded like a feedback picture: a WebP of at most
 * 1600 px on its longer side (never enlarged), EXIF orientation applied, metadata dropped. Each
 * upload gets a key of its own, `trade/<32 hex>.webp` (TRADE_IMAGE_KEY_PATTERN).
 */

export const TRADE_IMAGE_MAX_SIDE = 1600;

export function makeTradeImage(bytes: Buffer): Promise<AvatarResult> {
  return reencode(
    bytes,
    'trade',
    (image) => image.resize(TRADE_IMAGE_MAX_SIDE, TRADE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80, effort: 4 }),
    () => `trade/${randomBytes(16).toString('hex')}.webp`,
  );
}
