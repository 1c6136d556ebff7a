import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../server/config.ts';

/** A real S3-protocol server (s3rver) on 127.0.0.1, a free port and a temp folder, with one bucket. */
export interface TestS3 {
  config: Extract<StorageConfig, { kind: 's3' }>;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'lewan-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver checks signatures against its fixed credentials.
  const config = { kind: 's3' as const, endpoint, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', forcePathStyle: true };
  return {
    config,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
