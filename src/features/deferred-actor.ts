import { useSyncExternalStore } from 'react';

/**
 * A long-lived actor whose code loads in its own chunk after start-up (the entry chunk has a
 * 120 KB budget): views read it with useDeferredActor, which gives undefined until it is there.
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

/** Calls back once when the browser is idle (after the first paint); returns a cancel. */
export function whenIdle(callback: () => void): () => void {
  const host = window as Window & { requestIdleCallback?: (cb: () => void) => number; cancelIdleCallback?: (id: number) => void };
  if (host.requestIdleCallback) {
    const id = host.requestIdleCallback(callback);
    return () => host.cancelIdleCallback?.(id);
  }
  const id = setTimeout(callback, 2_000);
  return () => clearTimeout(id);
}
