import type { DownState } from './definitions.ts';

/** The wrapper simulator's records and byte handling (bridge/simulator.ts), apart from its wiring. */

/** A size announced above this is not trusted for allocating up front; the buffer grows instead. */
const PREALLOCATE_MAX = 64 * 1024 * 1024;

export interface DownloadRecord {
  platform_game_id: number;
  url: string;
  md5: string | null;
  package_name: string;
  game_name: string;
  state: DownState;
  have: number;
  total: number;
}

export interface InstallRecord {
  package_name: string;
  platform_game_id: number;
  installed_at: number;
}

/** A growing byte buffer: the package as it arrives. */
export class ByteSink {
  private bytes: Uint8Array;
  length: number;
  constructor(initial: Uint8Array | null, capacity = 0) {
    this.length = initial?.length ?? 0;
    this.bytes = new Uint8Array(Math.max(capacity <= PREALLOCATE_MAX ? capacity : 0, this.length));
    if (initial) this.bytes.set(initial);
  }
  reserve(capacity: number): void {
    if (capacity <= this.bytes.length || capacity > PREALLOCATE_MAX) return;
    const next = new Uint8Array(capacity);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }
  append(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.length + chunk.length, this.bytes.length * 2));
      next.set(this.bytes.subarray(0, this.length));
      this.bytes = next;
    }
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
  snapshot(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

export const recordKey = (id: number) => `download:${id}`;
export const bytesKey = (id: number) => `bytes:${id}`;
export const installKey = (packageName: string) => `install:${packageName}`;
export const IDENTITY_KEY = 'identity';
export const CONSENT_KEY = 'privacy-consent';

export function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function parseId(value: string): number | null {
  return /^[1-9]\d{0,11}$/.test(value) ? Number(value) : null;
}

export function parseOptions(json: string): { md5: string | null; size: number; package_name: string; game_name: string } {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null) value = parsed as Record<string, unknown>;
  } catch {
    // The real wrapper downloads without the extras too.
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const size = Number(value.size);
  return {
    md5: /^[0-9a-fA-F]{32}$/.test(text(value.md5)) ? text(value.md5).toLowerCase() : null,
    size: Number.isSafeInteger(size) && size > 0 ? size : 0,
    package_name: text(value.package_name),
    game_name: text(value.game_name),
  };
}

export function sizeText(bytes: number): string {
  return bytes === 0 ? '0M' : `${(bytes / (1024 * 1024)).toFixed(1)}M`;
}

export function abortError(): Error {
  return Object.assign(new Error('aborted'), { name: 'AbortError' });
}
