import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../tests/helpers/s3-server.ts';
import { createObjectStorage, InvalidObjectKeyError, isSafeObjectKey, readAll, type ObjectStorage } from './index.ts';

/** One contract, two stores: a local folder and a real S3-protocol server (s3rver), not a mock. */

interface Subject {
  storage: ObjectStorage;
  close(): Promise<void>;
}

const SUBJECTS: Array<[string, () => Promise<Subject & { folder?: string }>]> = [
  [
    'local folder',
    async () => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'gp-storage-'));
      const storage = createObjectStorage({ kind: 'local', dir: path.join(folder, 'uploads') });
      return { storage, folder, close: async () => rm(folder, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3: TestS3 = await startTestS3();
      const storage = createObjectStorage(s3.config);
      return {
        storage,
        close: async () => {
          await storage.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(SUBJECTS)('object storage contract: %s', (_name, open) => {
  let subject: Subject & { folder?: string };
  let storage: ObjectStorage;
  beforeAll(async () => {
    subject = await open();
    storage = subject.storage;
  });
  afterAll(() => subject.close());

  it('puts a Buffer and gets it back with its type and size', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await storage.put('avatars/a1.webp', bytes, 'image/webp');
    expect(await storage.head('avatars/a1.webp')).toEqual({ contentType: 'image/webp', size: bytes.length });
    const object = await storage.get('avatars/a1.webp');
    expect(object).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect(await readAll(object!.body)).toEqual(bytes);
  });

  it('puts a stream', async () => {
    const parts = [Buffer.alloc(70_000, 7), Buffer.from('end')];
    await storage.put('streams/big.bin', Readable.from(parts), 'application/octet-stream');
    const object = await storage.get('streams/big.bin');
    expect(object!.size).toBe(70_003);
    expect(await readAll(object!.body)).toEqual(Buffer.concat(parts));
  });

  it('replaces an object put again under the same key', async () => {
    await storage.put('avatars/same.png', Buffer.from('first'), 'image/png');
    await storage.put('avatars/same.png', Buffer.from('second!'), 'image/jpeg');
    expect(await storage.head('avatars/same.png')).toEqual({ contentType: 'image/jpeg', size: 7 });
    expect((await readAll((await storage.get('avatars/same.png'))!.body)).toString()).toBe('second!');
  });

  it('answers null for a missing key, and delete is idempotent', async () => {
    expect(await storage.get('avatars/missing.webp')).toBeNull();
    expect(await storage.head('avatars/missing.webp')).toBeNull();
    await storage.put('avatars/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('avatars/gone.webp');
    await storage.delete('avatars/gone.webp');
    expect(await storage.get('avatars/gone.webp')).toBeNull();
    expect(await storage.head('avatars/gone.webp')).toBeNull();
  });

  it('a prefix of a key is not an object', async () => {
    await storage.put('nested/dir/file.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.head('nested/dir')).toBeNull();
    expect(await storage.get('nested')).toBeNull();
  });

  it.each(['../escape', 'a/../../etc/passwd', '/abs', 'a//b', '.hidden', 'a/./b', 'A/Upper', 'a\\b', 'a b', '', 'x'.repeat(300), 'a/%2e%2e/b'])(
    'refuses the unsafe key %j on every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    },
  );

  it('local only: every file stays inside the folder', async () => {
    if (!subject.folder) return;
    const top = await readdir(subject.folder);
    expect(top).toEqual(['uploads']);
  });
});

describe('isSafeObjectKey', () => {
  it('accepts only [a-z0-9._-] segments that start with a letter or digit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (key) => {
        if (!isSafeObjectKey(key)) return;
        const segments = key.split('/');
        expect(segments.every((segment) => /^[a-z0-9][a-z0-9._-]*$/.test(segment))).toBe(true);
        expect(path.posix.normalize(key)).toBe(key);
        expect(segments).not.toContain('..');
      }),
      { numRuns: 2000 },
    );
    expect(isSafeObjectKey('avatars/0f3a.webp')).toBe(true);
  });
});
