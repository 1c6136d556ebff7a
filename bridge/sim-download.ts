import { md5Hex } from './sim-md5.ts';
import type { SimRuntime } from './sim-runtime.ts';
import type { SimStore } from './sim-store.ts';
import { abortError, ByteSink, bytesKey, recordKey, type DownloadRecord } from './sim-support.ts';

/**
 * The wrapper simulator's download engine (bridge/simulator.ts wires it to the bridge methods):
 * fetches a package at the simulated speed with progress events, resumes with HTTP Range, checks
 * the MD5 and keeps partial and finished downloads in the store, as the real wrapper's disk keeps them.
 */

export type SimFailure = 'install' | 'md5' | 'download' | 'address';

/** The simulator's own timings (not SPEC values), named so tests and docs can point at them. */
export const SIM_PROGRESS_INTERVAL_MS = 100;
export const SIM_PERSIST_INTERVAL_MS = 1_000;

/**
 * Why a download stopped when the device lost its network (the browser's `offline` event): a
 * failure (state 4, docs/bridge-protocol.md "network error"), not a pause, and the bytes already
 * received are kept for the Range resume.
 */
export class SimNetworkLost extends Error {
  constructor() {
    super('network lost');
    this.name = 'SimNetworkLost';
  }
}

export interface Live {
  record: DownloadRecord;
  /** The bytes, once loaded from the store or downloaded in this page. */
  sink: ByteSink | null;
  controller: AbortController | null;
  /** The running download: a resume waits for the paused run to finish writing. */
  run: Promise<void>;
  speed: number;
}

export interface DownloadEngineOptions {
  store: SimStore;
  fetch: typeof fetch;
  /** Bytes per second; Infinity downloads as fast as the server sends. */
  speedLimit: number;
  fail: SimFailure | null;
  runtime: SimRuntime;
}

interface Engine extends DownloadEngineOptions {
  records: Map<number, Live>;
}

/** Reads a body into `sink` at the simulated speed, in pieces; `onPiece` runs after each piece lands. */
async function pump(body: ReadableStream<Uint8Array>, sink: ByteSink, engine: Engine, signal: AbortSignal, onPiece: () => void): Promise<void> {
  const { speedLimit } = engine;
  const reader = body.getReader();
  const started = Date.now();
  const startedWith = sink.length;
  // Pieces small enough that a slow simulated network still moves every progress tick.
  const piece = Number.isFinite(speedLimit) ? Math.max(1024, Math.floor((speedLimit * SIM_PROGRESS_INTERVAL_MS) / 1000)) : Infinity;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.length; offset += piece) {
        sink.append(value.subarray(offset, offset + piece));
        if (Number.isFinite(speedLimit)) {
          const due = started + ((sink.length - startedWith) / speedLimit) * 1000;
          if (due > Date.now()) await engine.runtime.sleep(due - Date.now(), signal);
        }
        onPiece();
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function persist(engine: Engine, live: Live, bytes: 'keep' | 'snapshot' | 'delete'): void {
  const id = live.record.platform_game_id;
  if (live.sink) live.record.have = live.sink.length;
  const record = { ...live.record };
  const snapshot = bytes === 'snapshot' && live.sink ? live.sink.snapshot() : null;
  engine.runtime.write(async () => {
    if (engine.records.get(id) !== live) return;
    if (snapshot) await engine.store.set(bytesKey(id), snapshot);
    if (bytes === 'delete') await engine.store.del(bytesKey(id));
    await engine.store.set(recordKey(id), record);
  });
}

async function loadSink(engine: Engine, live: Live): Promise<ByteSink> {
  if (live.sink) return live.sink;
  const stored = await engine.store.get(bytesKey(live.record.platform_game_id));
  const bytes = stored instanceof Uint8Array ? stored : stored instanceof ArrayBuffer ? new Uint8Array(stored) : null;
  live.sink = new ByteSink(bytes, live.record.total);
  return live.sink;
}

function verify(engine: Engine, live: Live, sink: ByteSink): void {
  const record = live.record;
  const id = record.platform_game_id;
  const expected = record.md5;
  const actual = md5Hex(sink.view());
  if ((expected !== null && actual !== expected) || engine.fail === 'md5') {
    engine.runtime.log(`md5 mismatch for ${id}: expected ${expected}, got ${actual}`);
    // A corrupt file is worthless: the next attempt starts from zero.
    live.sink = new ByteSink(null);
    record.state = '4';
    persist(engine, live, 'delete');
    engine.runtime.emit({ type: 'download.state', platform_game_id: id, state: '4' });
    return;
  }
  record.state = '3';
  persist(engine, live, 'snapshot');
  engine.runtime.emit({ type: 'download.state', platform_game_id: id, state: '3' });
}

/** Asks for the bytes after the ones kept (Range) and reconciles the record with the answer. */
async function request(engine: Engine, record: DownloadRecord, sink: ByteSink, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const have = sink.length;
  const response = await engine.fetch(record.url, { signal, cache: 'no-store', headers: have > 0 ? { range: `bytes=${have}-` } : {} });
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (response.status === 206 && range && Number(range[1]) === have) {
    record.total = Number(range[3]);
  } else if (response.status === 200) {
    // The server ignored the Range (or there were no bytes yet): start over.
    sink.length = 0;
    record.total = Number(response.headers.get('content-length')) || record.total;
  } else {
    // A 416 or a range we did not ask for: the kept bytes no longer match the file.
    if (response.status === 206 || response.status === 416) sink.length = 0;
    throw new Error(`HTTP ${response.status}`);
  }
  const header = response.headers.get('x-content-md5')?.toLowerCase() ?? '';
  if (record.md5 === null && /^[0-9a-f]{32}$/.test(header)) record.md5 = header;
  sink.reserve(record.total);
  record.have = sink.length;
  if (!response.body) throw new Error('no body');
  return response.body;
}

async function download(engine: Engine, live: Live, signal: AbortSignal): Promise<void> {
  const record = live.record;
  const id = record.platform_game_id;
  const sink = await loadSink(engine, live);
  if (signal.aborted) throw abortError();
  if (record.total > 0 && sink.length >= record.total) {
    // Every byte is already here (paused at the very end): only the check is left.
    sink.length = record.total;
    return verify(engine, live, sink);
  }
  const body = await request(engine, record, sink, signal);
  const started = Date.now();
  let lastProgressAt = 0;
  let lastProgressBytes = sink.length;
  let lastPersistAt = started;
  let progressEvents = 0;

  const progress = () => {
    const now = Date.now();
    const seconds = Math.max(0.01, (now - (lastProgressAt || started)) / 1000);
    live.speed = Math.round((sink.length - lastProgressBytes) / seconds);
    lastProgressAt = now;
    lastProgressBytes = sink.length;
    record.state = '2';
    record.have = sink.length;
    progressEvents++;
    engine.runtime.emit({ type: 'download.progress', platform_game_id: id, cur: sink.length, total: Math.max(record.total, sink.length), speed: live.speed });
  };

  await pump(body, sink, engine, signal, () => {
    const now = Date.now();
    if (now - lastProgressAt >= SIM_PROGRESS_INTERVAL_MS) progress();
    if (now - lastPersistAt >= SIM_PERSIST_INTERVAL_MS) {
      lastPersistAt = now;
      persist(engine, live, 'snapshot');
    }
    if (engine.fail === 'download' && progressEvents > 0) throw new Error('simulated network failure');
  });
  if (record.total > 0 && sink.length < record.total) throw new Error('connection closed early');
  if (record.total === 0) record.total = sink.length;
  // The last progress shows 100% (once), still at most one progress event per interval.
  if (lastProgressBytes < sink.length || progressEvents === 0) {
    const wait = lastProgressAt + SIM_PROGRESS_INTERVAL_MS - Date.now();
    if (wait > 0) await engine.runtime.sleep(wait, signal);
    progress();
  }
  live.speed = 0;
  verify(engine, live, sink);
}

function start(engine: Engine, live: Live): void {
  const { runtime } = engine;
  const controller = new AbortController();
  live.controller = controller;
  live.record.state = '1';
  live.speed = 0;
  persist(engine, live, 'keep');
  const previous = live.run;
  live.run = previous.then(async () => {
    if (controller.signal.aborted) return;
    runtime.emit({ type: 'download.state', platform_game_id: live.record.platform_game_id, state: '1' });
    try {
      await download(engine, live, controller.signal);
    } catch (error) {
      if (runtime.disposed || engine.records.get(live.record.platform_game_id) !== live) return;
      live.speed = 0;
      if (controller.signal.aborted && !(controller.signal.reason instanceof SimNetworkLost)) {
        // Paused: keep every byte for the Range resume.
        persist(engine, live, 'snapshot');
        return;
      }
      runtime.log(`download ${live.record.platform_game_id} failed`, error);
      live.record.state = '4';
      persist(engine, live, 'snapshot');
      runtime.emit({ type: 'download.state', platform_game_id: live.record.platform_game_id, state: '4' });
    } finally {
      if (live.controller === controller) live.controller = null;
    }
  });
}

/** The app's own update (updateApp): downloaded and checked like a game, kept nowhere. */
async function runUpdate(engine: Engine, url: string, md5: string | null, size: number, signal: AbortSignal): Promise<void> {
  const { runtime } = engine;
  runtime.emit({ type: 'update.state', state: '1' });
  const response = await engine.fetch(url, { signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || size;
  const sink = new ByteSink(null, total);
  const started = Date.now();
  let lastAt = 0;
  let lastBytes = 0;
  const progress = () => {
    const now = Date.now();
    const speed = Math.round((sink.length - lastBytes) / Math.max(0.01, (now - (lastAt || started)) / 1000));
    lastAt = now;
    lastBytes = sink.length;
    runtime.emit({ type: 'update.progress', cur: sink.length, total: Math.max(total, sink.length), speed });
  };
  await pump(response.body, sink, engine, signal, () => {
    if (Date.now() - lastAt >= SIM_PROGRESS_INTERVAL_MS) progress();
    if (engine.fail === 'download' && lastBytes > 0) throw new Error('simulated network failure');
  });
  if (lastBytes < sink.length) progress();
  if ((md5 !== null && md5Hex(sink.view()) !== md5) || engine.fail === 'md5') throw new Error('md5 mismatch');
  runtime.emit({ type: 'update.state', state: '3' });
}

export interface DownloadEngine {
  readonly records: ReadonlyMap<number, Live>;
  get(id: number): Live | undefined;
  /** A record kept from an earlier page: a run cut off by the page dying is a paused download. */
  restore(record: DownloadRecord): void;
  /** The record for a new download of `id`, registered. */
  add(record: DownloadRecord): Live;
  start(live: Live): void;
  persist(live: Live, bytes: 'keep' | 'snapshot' | 'delete'): void;
  /** Forgets the package bytes (installed with ispackage on, or the cache cleared); the record stays. */
  dropBytes(live: Live): void;
  remove(id: number): void;
  isComplete(live: Live): boolean;
  /** Runs the app's update; resolves when the package is downloaded and checked. */
  update(url: string, md5: string | null, size: number, signal: AbortSignal): Promise<void>;
  /** Aborts every running download, with `reason` when given. */
  abortAll(reason?: unknown): void;
}

export function createDownloadEngine(options: DownloadEngineOptions): DownloadEngine {
  const engine: Engine = { ...options, records: new Map() };
  const { records } = engine;
  return {
    records,
    get: (id) => records.get(id),
    restore(record) {
      if (record.state === '1' || record.state === '2') record.state = '6';
      records.set(record.platform_game_id, { record, sink: null, controller: null, run: Promise.resolve(), speed: 0 });
    },
    add(record) {
      const live: Live = { record, sink: null, controller: null, run: Promise.resolve(), speed: 0 };
      records.set(record.platform_game_id, live);
      return live;
    },
    start: (live) => start(engine, live),
    persist: (live, bytes) => persist(engine, live, bytes),
    dropBytes(live) {
      live.sink = null;
      live.record.have = 0;
    },
    remove(id) {
      records.get(id)?.controller?.abort();
      records.delete(id);
      engine.runtime.write(async () => {
        await engine.store.del(bytesKey(id));
        await engine.store.del(recordKey(id));
      });
    },
    isComplete({ record: { state, have, total } }) {
      return (state === '3' || state === '5') && total > 0 && have === total;
    },
    update: (url, md5, size, signal) => runUpdate(engine, url, md5, size, signal),
    abortAll(reason) {
      for (const live of records.values()) {
        if (live.controller && !live.controller.signal.aborted) live.controller.abort(reason);
      }
    },
  };
}
