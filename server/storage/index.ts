import type { StorageConfig } from '../config.ts';
import { LocalObjectStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3ObjectStorage } from './s3-storage.ts';

export * from './object-storage.ts';

/** The configured store: S3 when S3_* are set (server/config.ts), else a folder (`<DATA_DIR>/uploads`). */
export function createObjectStorage(config: StorageConfig): ObjectStorage {
  return config.kind === 's3' ? new S3ObjectStorage(config) : new LocalObjectStorage(config.dir);
}
