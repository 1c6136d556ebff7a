import {
  BRIDGE_READY_TIMEOUT_MS,
  EVENT_RECEIVER,
  NATIVE_OBJECT_NAME,
  PROMPT_SCHEME,
  READY_RECEIVER,
  type BridgeResult,
  type NativeEvent,
  type NativeMethodName,
  type NativeMethods,
} from './definitions.ts';
import { parseNativeEvent } from './events.ts';

/**
 * The web side of the native bridge (SPEC §7, docs/bridge-protocol.md). Calls try the injected
 * object first, then the prompt channel, and wait for either while the wrapper is still starting
 * up; events from native are validated and handed to listeners. Nothing here throws or rejects:
 * a bridge failure is an answer ({ ok: false }) the machines decide about.
 */

/** Events kept for a listener that subscribes late (the downloads feature is a lazy chunk). */
export const EVENT_BUFFER_MAX = 200;
/** The per-page secret from native: long enough to be unguessable, short enough to be sane. */
const SECRET_PATTERN = /^[\w-]{16,256}$/;

export type BridgeChannel = 'direct' | 'prompt' | 'none';

export interface BridgeOptions {
  /** The page's global object (window); an object in tests. */
  host: object;
  log?: (message: string, detail?: unknown) => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface Bridge {
  call<M extends NativeMethodName>(method: M, ...args: Parameters<NativeMethods[M]>): Promise<BridgeResult>;
  /** Subscribes to validated events; answers the unsubscribe. Buffered events reach the first listener. */
  onEvent(listener: (event: NativeEvent) => void): () => void;
  isReady(): boolean;
  channel(): BridgeChannel;
  /** How many raw events were refused by validation (for tests and the event log). */
  rejectedCount(): number;
}

interface QueuedCall {
  method: NativeMethodName;
  args: string[];
  resolve: (result: BridgeResult) => void;
  timer: unknown;
}

type HostRecord = Record<string, unknown>;

/** Validated native events, kept until a listener takes them (the downloads feature subscribes late). */
function createEventInbox(log: (message: string, detail?: unknown) => void) {
  const listeners = new Set<(event: NativeEvent) => void>();
  const buffer: NativeEvent[] = [];
  let deliveryScheduled = false;
  let rejected = 0;

  function deliver(): void {
    deliveryScheduled = false;
    while (buffer.length > 0 && listeners.size > 0) {
      const event = buffer.shift()!;
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          log(`listener threw on ${event.type}`, error);
        }
      }
    }
  }

  function scheduleDelivery(): void {
    if (deliveryScheduled) return;
    deliveryScheduled = true;
    // Not inside onEvent or the native call itself: a listener may not hold its unsubscribe yet.
    queueMicrotask(deliver);
  }

  function receive(raw: unknown): void {
    const parsed = parseNativeEvent(raw);
    if (!parsed.ok) {
      rejected++;
      log(`event refused: ${parsed.reason}`, typeof raw === 'string' ? raw.slice(0, 200) : typeof raw);
      return;
    }
    if (buffer.length >= EVENT_BUFFER_MAX) {
      const dropped = buffer.shift()!;
      log(`event buffer full: dropped the oldest (${dropped.type})`);
    }
    buffer.push(parsed.event);
    if (listeners.size > 0) scheduleDelivery();
  }

  return {
    receive,
    onEvent(listener: (event: NativeEvent) => void): () => void {
      listeners.add(listener);
      if (buffer.length > 0) scheduleDelivery();
      return () => {
        listeners.delete(listener);
      };
    },
    rejectedCount: () => rejected,
  };
}

export function createBridge(options: BridgeOptions): Bridge {
  const host = options.host as HostRecord;
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(`[bridge] ${message}`, detail ?? ''));
  const setTimer = options.setTimeout ?? ((callback: () => void, ms: number) => globalThis.setTimeout(callback, ms));
  const clearTimer = options.clearTimeout ?? ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));

  let secret: string | null = null;
  const queue: QueuedCall[] = [];
  const inbox = createEventInbox(log);

  function nativeObject(): HostRecord | null {
    try {
      const native = host[NATIVE_OBJECT_NAME];
      return (typeof native === 'object' || typeof native === 'function') && native !== null ? (native as HostRecord) : null;
    } catch {
      return null;
    }
  }

  function promptReady(): boolean {
    return secret !== null && typeof host.prompt === 'function';
  }

  function channel(): BridgeChannel {
    if (nativeObject()) return 'direct';
    return promptReady() ? 'prompt' : 'none';
  }

  function failure(reason: 'unavailable' | 'failed', message: string): BridgeResult {
    return { ok: false, reason, message };
  }

  /** One attempt on the channels there are now; null when none is there yet. */
  function attempt(method: NativeMethodName, args: string[]): BridgeResult | null {
    const native = nativeObject();
    if (native) {
      const fn = native[method];
      if (typeof fn === 'function') {
        try {
          const answer: unknown = fn.apply(native, args);
          return { ok: true, value: typeof answer === 'string' ? answer : '' };
        } catch (error) {
          log(`${method} threw`, error);
          return failure('failed', `${method}: ${error instanceof Error ? error.message : 'native error'}`);
        }
      }
      // An older wrapper without this method: the prompt channel may still know it.
      if (!promptReady()) return failure('unavailable', `${method}: not provided by the native object`);
    }
    if (promptReady()) {
      try {
        const answer: unknown = (host.prompt as (message: string, value: string) => unknown).call(host, `${PROMPT_SCHEME}//call/${method}`, JSON.stringify({ args, secret }));
        if (typeof answer === 'string') return { ok: true, value: answer };
        return failure('unavailable', `${method}: no answer on the prompt channel`);
      } catch (error) {
        log(`${method} prompt threw`, error);
        return failure('failed', `${method}: prompt failed`);
      }
    }
    return null;
  }

  function flushQueue(): void {
    while (queue.length > 0 && channel() !== 'none') {
      const next = queue.shift()!;
      clearTimer(next.timer);
      next.resolve(attempt(next.method, next.args) ?? failure('unavailable', `${next.method}: bridge not ready`));
    }
  }

  function call<M extends NativeMethodName>(method: M, ...args: Parameters<NativeMethods[M]>): Promise<BridgeResult> {
    let strings: string[];
    try {
      strings = (args as unknown[]).map((arg) => String(arg));
    } catch {
      return Promise.resolve(failure('failed', `${method}: arguments are not strings`));
    }
    // Calls queued earlier go first, so a pause never overtakes the download it pauses.
    flushQueue();
    if (queue.length === 0) {
      const result = attempt(method, strings);
      if (result) return Promise.resolve(result);
    }
    return new Promise((resolve) => {
      const entry: QueuedCall = { method, args: strings, resolve, timer: undefined };
      entry.timer = setTimer(() => {
        const index = queue.indexOf(entry);
        if (index < 0) return;
        // The object may have appeared without a ready call: one last look before giving up.
        if (channel() !== 'none') return flushQueue();
        queue.splice(index, 1);
        log(`${method}: bridge not ready after ${BRIDGE_READY_TIMEOUT_MS} ms`);
        resolve(failure('unavailable', `${method}: bridge not ready`));
      }, BRIDGE_READY_TIMEOUT_MS);
      queue.push(entry);
    });
  }

  function onReady(value: unknown): void {
    if (typeof value !== 'string' || !SECRET_PATTERN.test(value)) {
      log('ready: malformed secret ignored');
    } else if (secret === null) {
      secret = value;
    } else if (value !== secret) {
      // Only the first secret of a page counts: a later one may come from a frame or a script.
      log('ready: a second, different secret ignored');
    }
    flushQueue();
  }

  host[EVENT_RECEIVER] = (raw: unknown): void => {
    try {
      inbox.receive(raw);
    } catch (error) {
      log('event receiver failed', error);
    }
  };
  host[READY_RECEIVER] = (value: unknown): void => {
    try {
      onReady(value);
    } catch (error) {
      log('ready receiver failed', error);
    }
  };

  return {
    call,
    onEvent: inbox.onEvent,
    isReady: () => channel() !== 'none',
    channel,
    rejectedCount: inbox.rejectedCount,
  };
}

const shared = new WeakMap<object, Bridge>();

/**
 * The page's one adapter (an adapter owns the page's event receiver): the download feature and the
 * app update share it; the first caller's options create it.
 */
export function sharedBridge(host: object, log?: BridgeOptions['log']): Bridge {
  let bridge = shared.get(host);
  if (!bridge) {
    bridge = createBridge({ host, ...(log ? { log } : {}) });
    shared.set(host, bridge);
  }
  return bridge;
}
