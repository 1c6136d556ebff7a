import { Readable } from 'node:stream';

/**
 * Object storage for uploads (avatars today): one interface, a local folder under DATA_DIR by
 * default (./local-storage.ts) or any S3-compatible store (./s3-storage.ts) when S3_* is set.
 * Keys are chosen by the server, never by a client: lower-case ASCII segments separated by '/'
 * (see isSafeObjectKey), so a key maps to one file in the local folder and cannot leave it.
 */
export interface ObjectHead {
  contentType: string;
  size: number;
}

export interface StoredObject extends ObjectHead {
  body: Readable;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores (or replaces) the object. A stream is read to its end. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object as a stream with its type and size, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectHead | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`invalid object key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/;
export const MAX_OBJECT_KEY_LENGTH = 256;

/**
 * 'avatars/3f…a9.webp': 1–8 segments of [a-z0-9._-] starting with a letter or digit (so no '.'
 * or '..' segment, no leading '/', no backslash, no empty segment).
 */
export function isSafeObjectKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_OBJECT_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

export function assertSafeObjectKey(key: string): void {
  if (!isSafeObjectKey(key)) throw new InvalidObjectKeyError(key);
}

/** Reads a stream into one Buffer, refusing more than maxBytes. */
export async function readAll(body: Readable | Buffer, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      throw new Error(`object larger than ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function toStream(body: Buffer | Readable): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}
