import { useSyncExternalStore } from 'react';
import { startupSettled } from '../app/startup.ts';

/**
 * A long-lived actor whose code loads in its own chunk after start-up (the entry chunk has a
 * 100 KB budget): views read it with useDeferredActor, which gives undefined until it is there.
 * Whatever the actor follows (the session, visibility) it reads when created, so nothing is lost
 * by starting a moment later. A chunk that fails to load is not retried: browsers remember a
 * failed module, so the feature is simply absent until the next start.
 */
/** The toast when a feature's chunk does not load (offline, a deploy replaced it). */
export const CHUNK_FAILED_MESSAGE = '网络异常，请稍后再试';

export interface DeferredActor<TActor> {
  current(): TActor | undefined;
  subscribe(listener: () => void): () => void;
  ready: Promise<TActor>;
}

export function deferActor<TActor>(load: () => Promise<TActor>): DeferredActor<TActor> {
  let actor: TActor | undefined;
  const listeners = new Set<() => void>();
  const ready = load().then((loaded) => {
    actor = loaded;
    listeners.forEach((listener) => listener());
    return loaded;
  });
  ready.catch((error: unknown) => console.warn(error));
  return {
    current: () => actor,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
  };
}

/** An actor that is already there (tests, and features created synchronously). */
export function readyActor<TActor>(actor: TActor): DeferredActor<TActor> {
  return { current: () => actor, subscribe: () => () => {}, ready: Promise.resolve(actor) };
}

export function useDeferredActor<TActor>(deferred: DeferredActor<TActor>): TActor | undefined {
  return useSyncExternalStore(deferred.subscribe, deferred.current);
}

/** A deferred actor whose chunk is fetched only when asked for: the first `load()` starts it. */
export interface LazyActor<TActor> extends DeferredActor<TActor> {
  /** Starts loading (the first call); every call returns `ready`. */
  load(): Promise<TActor>;
}

export function lazyActor<TActor>(load: () => Promise<TActor>): LazyActor<TActor> {
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const deferred = deferActor(() => started.then(load));
  return {
    ...deferred,
    load() {
      start();
      return deferred.ready;
    },
  };
}

/** How long an idle callback may wait for an idle moment once start-up has settled. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Calls back once, when start-up has settled (src/app/startup.ts: the first page, its data and
 * its images are in) and the browser is then idle: warm-ups (files for later taps,
 * src/app/warm-up.ts) must not compete with what the player is waiting for on a slow phone.
 * Returns a cancel.
 */
export function whenIdle(callback: () => void): () => void {
  const host = window as Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  let cancelled = false;
  let cancelIdle = () => {};
  void startupSettled().then(() => {
    if (cancelled) return;
    if (host.requestIdleCallback) {
      const id = host.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => host.cancelIdleCallback?.(id);
    } else {
      const id = setTimeout(callback, 0);
      cancelIdle = () => clearTimeout(id);
    }
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
