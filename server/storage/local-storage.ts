import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertSafeObjectKey, toStream, type ObjectHead, type ObjectStorage, type StoredObject } from './object-storage.ts';

/**
 * Objects as files: `<root>/objects/<key>` holds the bytes and `<root>/meta/<key>.json` the
 * content type. A write goes to `<root>/tmp` first and is renamed into place, so a reader never
 * sees half an object. Keys are checked (isSafeObjectKey) and the resolved path must stay
 * inside the root.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathsOf(key: string): { file: string; meta: string } {
    assertSafeObjectKey(key);
    const parts = key.split('/');
    const objects = path.join(this.root, 'objects');
    const file = path.join(objects, ...parts);
    if (!file.startsWith(objects + path.sep)) throw new Error('object key escapes the storage folder');
    return { file, meta: path.join(this.root, 'meta', ...parts) + '.json' };
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const { file, meta } = this.pathsOf(key);
    const tmpDir = path.join(this.root, 'tmp');
    await Promise.all([mkdir(tmpDir, { recursive: true }), mkdir(path.dirname(file), { recursive: true }), mkdir(path.dirname(meta), { recursive: true })]);
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await pipeline(toStream(body), createWriteStream(tmp));
      await writeFile(meta, JSON.stringify({ contentType }));
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    const { file, meta } = this.pathsOf(key);
    try {
      const [info, metaText] = await Promise.all([stat(file), readFile(meta, 'utf8')]);
      if (!info.isFile()) return null;
      const { contentType } = JSON.parse(metaText) as { contentType: string };
      return { contentType, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const head = await this.head(key);
    if (!head) return null;
    return { ...head, body: createReadStream(this.pathsOf(key).file) };
  }

  async delete(key: string): Promise<void> {
    const { file, meta } = this.pathsOf(key);
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }

  async close(): Promise<void> {}
}
