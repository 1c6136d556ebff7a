import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertSafeObjectKey, readAll, type ObjectHead, type ObjectStorage, type StoredObject } from './object-storage.ts';

export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

/** A streamed put is read into memory first (PutObject needs the length); uploads are small. */
export const S3_MAX_STREAMED_PUT_BYTES = 64 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, 阿里云 OSS / 腾讯云 COS in S3 mode)
 * through the official AWS SDK v3 client. Checksums are sent and checked only where the
 * operation requires them: the SDK's newer default (CRC32 on every put, aws-chunked bodies) is
 * not understood by every S3-compatible store.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeObjectKey(key);
    const bytes = await readAll(body, S3_MAX_STREAMED_PUT_BYTES);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async head(key: string): Promise<ObjectHead | null> {
    assertSafeObjectKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeObjectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
      return { body, contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
