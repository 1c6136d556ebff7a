import { EVENT_RECEIVER, READY_RECEIVER, type NativeEvent } from './definitions.ts';
import { abortError } from './sim-support.ts';

/**
 * What every part of the wrapper simulator shares (bridge/simulator.ts): its timers, its queue of
 * store writes and its outbox of native events, so that one dispose stops all of them at once and
 * nothing is written or sent after it.
 */

export type SimLog = (message: string, detail?: unknown) => void;

const RECEIVER_POLL_MS = 50;

export interface SimRuntime {
  readonly disposed: boolean;
  log: SimLog;
  /** Runs `fn` after `ms` unless the simulator was disposed meanwhile. */
  later(fn: () => void, ms: number): void;
  /** Waits `ms`; rejects with an AbortError when `signal` aborts first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Queues a store write behind the ones before it. */
  write(task: () => Promise<void>): void;
  /** Resolves once every store write made so far has landed. */
  flush(): Promise<void>;
  /** Sends a native event to the web's receiver, once the web has installed it. */
  emit(event: NativeEvent): void;
  /** Starts delivering: the ready call (prompt channel) and any event queued before. */
  drainSoon(): void;
  dispose(): void;
}

export function createSimRuntime(host: Record<string, unknown>, secret: string | null, log: SimLog): SimRuntime {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;
  let writes: Promise<void> = Promise.resolve();

  function later(fn: () => void, ms: number): void {
    if (disposed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!disposed) fn();
    }, ms);
    timers.add(timer);
  }

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      const timer = setTimeout(() => {
        timers.delete(timer);
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      timers.add(timer);
      const onAbort = () => {
        clearTimeout(timer);
        timers.delete(timer);
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  // ---- events to the web ----
  const outbox: string[] = [];
  let readyPending = secret !== null;
  let drainScheduled = false;

  function drain(): void {
    drainScheduled = false;
    const ready = host[READY_RECEIVER];
    if (readyPending && typeof ready === 'function') {
      readyPending = false;
      try {
        ready(secret);
      } catch (error) {
        log('ready receiver threw', error);
      }
    }
    const receiver = host[EVENT_RECEIVER];
    while (outbox.length > 0 && typeof receiver === 'function') {
      try {
        receiver(outbox.shift());
      } catch (error) {
        log('event receiver threw', error);
      }
    }
    // The web installs its receivers when its bridge starts, which may be after us.
    if (outbox.length > 0 || readyPending) scheduleDrain(RECEIVER_POLL_MS);
  }

  function scheduleDrain(ms = 0): void {
    if (drainScheduled || disposed) return;
    drainScheduled = true;
    later(drain, ms);
  }

  return {
    get disposed() {
      return disposed;
    },
    log,
    later,
    sleep,
    write(task) {
      // One after another, so an older snapshot never lands after a newer one.
      if (disposed) return;
      writes = writes.then(task).catch((error: unknown) => log('store write failed', error));
    },
    async flush() {
      // Writes queued while flushing are waited for too.
      let seen: Promise<void> | null = null;
      while (seen !== writes) {
        seen = writes;
        await seen;
      }
    },
    emit(event) {
      outbox.push(JSON.stringify(event));
      scheduleDrain();
    },
    drainSoon: () => scheduleDrain(),
    dispose() {
      disposed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
