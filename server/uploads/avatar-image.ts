import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';

/**
 * The avatar pipeline: the bytes must be a JPEG, PNG or WebP by their magic
 * numbers (the declared type is ignored), ≤ 5 MB, ≤ 4096 px a side; then sharp re-encodes them
 * to a 256×256 WebP (cover crop, EXIF orientation applied, every metadata block dropped), so
 * what is served is always an image this server wrote.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;
export const AVATAR_SIDE = 256;
export const AVATAR_CONTENT_TYPE = 'image/webp';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const UPLOAD_MSG = {
  empty: '请选择要上传的图片',
  tooLarge: '图片不能超过5MB',
  notImage: '仅支持JPG、PNG、WebP格式的图片',
  corrupt: '图片已损坏，请重新选择',
  tooWide: `图片尺寸不能超过${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}像素`,
  badTicket: '上传凭证无效或已过期，请重试',
  uploaded: '上传成功',
} as const;

// A server re-encodes each image once: sharp's operation cache would only hold memory.
sharp.cache(false);

export type ImageKind = 'jpeg' | 'png' | 'webp';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The kind the bytes are, by their first bytes alone; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** What an upload's bytes became; a content type other than the WebP pictures' is named. */
export type AvatarResult = { ok: true; bytes: Buffer; key: string; contentType?: string } | { ok: false; status: number; message: string };

/**
 * Decoding options: sharp refuses to decode more pixels than a 4096×4096 image holds (a small
 * file that claims 60000×60000 is a decompression bomb) and stops on the first warning (a
 * truncated or damaged file fails instead of coming out half grey). One frame only.
 */
export const DECODE = { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'warning', animated: false, sequentialRead: true } as const;

export type ImageCheck = { ok: true; kind: ImageKind } | { ok: false; status: number; message: string };

/**
 * What every upload must be, whatever it becomes: not empty, ≤ 5 MB, a JPEG, PNG or WebP by its
 * bytes, a header that parses as that kind, ≤ 4096 px a side. Decodes no pixel.
 */
export async function checkImageBytes(bytes: Buffer): Promise<ImageCheck> {
  if (bytes.length === 0) return { ok: false, status: 400, message: UPLOAD_MSG.empty };
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: UPLOAD_MSG.tooLarge };
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, status: 415, message: UPLOAD_MSG.notImage };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header alone (no pixel is decoded): the size is checked here, the pixel limit guards the decode below.
    const metadata = await sharp(bytes, { ...DECODE, limitInputPixels: false }).metadata();
    if (metadata.format !== kind) return { ok: false, status: 422, message: UPLOAD_MSG.corrupt };
    ({ width, height } = metadata);
  } catch {
    return { ok: false, status: 422, message: UPLOAD_MSG.corrupt };
  }
  if (!width || !height) return { ok: false, status: 422, message: UPLOAD_MSG.corrupt };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return { ok: false, status: 422, message: UPLOAD_MSG.tooWide };
  return { ok: true, kind };
}

/**
 * Checks the picture, re-encodes it with `encode`, and keys the result: by its content under
 * `prefix` (the same picture is one object), or by `keyOf` when each upload must be its own.
 */
export async function reencode(bytes: Buffer, prefix: string, encode: (image: Sharp) => Sharp, keyOf?: () => string): Promise<AvatarResult> {
  const checked = await checkImageBytes(bytes);
  if (!checked.ok) return checked;
  let output: Buffer;
  try {
    output = await encode(sharp(bytes, DECODE).rotate()).toBuffer(); // rotate(): the EXIF orientation, applied before the metadata is dropped
  } catch {
    return { ok: false, status: 422, message: UPLOAD_MSG.corrupt };
  }
  // Content-addressed: the same picture is one object, and a key never changes what it names.
  const key = keyOf?.() ?? `${prefix}/${createHash('sha256').update(output).digest('hex')}.webp`;
  return { ok: true, bytes: output, key };
}

export function makeAvatar(bytes: Buffer): Promise<AvatarResult> {
  return reencode(bytes, 'avatars', (image) => image.resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover' }).webp({ quality: 82, effort: 4 }));
}

/** A customer-service chat picture: at most CHAT_IMAGE_SIDE a side (never enlarged), WebP, metadata dropped. */
export const CHAT_IMAGE_SIDE = 1280;

export function makeChatImage(bytes: Buffer): Promise<AvatarResult> {
  return reencode(bytes, 'service', (image) =>
    image.resize(CHAT_IMAGE_SIDE, CHAT_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80, effort: 4 }),
  );
}
