import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * Real, deterministic file bytes for downloadable artefacts (app packages, game packages):
 * a SHA-256 counter stream keyed by a name, so any byte range can be produced on demand
 * without storing the files, and size and MD5 are stable across restarts.
 */
const BLOCK = 32;

function block(seed: string, index: number): Buffer {
  return createHash('sha256').update(seed).update(String(index)).digest();
}

export function generatedRange(seed: string, start: number, endInclusive: number): Readable {
  let position = start;
  const chunkSize = 64 * 1024;
  return new Readable({
    read() {
      if (position > endInclusive) {
        this.push(null);
        return;
      }
      const until = Math.min(endInclusive + 1, position + chunkSize);
      const parts: Buffer[] = [];
      for (let b = Math.floor(position / BLOCK); b * BLOCK < until; b++) parts.push(block(seed, b));
      const joined = Buffer.concat(parts);
      const offset = position - Math.floor(position / BLOCK) * BLOCK;
      this.push(joined.subarray(offset, offset + (until - position)));
      position = until;
    },
  });
}

export async function generatedMd5(seed: string, size: number): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of generatedRange(seed, 0, size - 1)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
