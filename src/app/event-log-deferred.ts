import type { InspectionEvent } from 'xstate';
import type { EventLog, EventLogOptions } from './event-log.ts';
import type { EventLogFile } from '../../api/protocol/event-log.ts';

/**
 * The event log as the runtime holds it. The recorder (redaction, IndexedDB, export: ~3 KB gzip)
 * is QA tooling and stays out of the entry chunk: it loads in its own chunk right after start.
 * Until then inspection events wait here with the times they happened at, and are recorded in
 * order once it arrives, so the log still begins with every actor's xstate.init.
 */

interface Queued {
  event: InspectionEvent;
  mono: number;
  wall: number;
}

type Loader = () => Promise<{ createEventLog: (options?: EventLogOptions) => EventLog }>;

export function createDeferredEventLog(options: EventLogOptions = {}, load: Loader = () => import('./event-log.ts')): EventLog {
  const now = options.now ?? (() => performance.now());
  const wallClock = options.wallClock ?? (() => Date.now());
  const capacity = options.capacity ?? 5_000;
  const started: Omit<Queued, 'event'> = { mono: now(), wall: wallClock() };
  const queue: Queued[] = [];
  const listeners = new Set<() => void>();
  const unsubscribers = new Map<() => void, () => void>();
  let real: EventLog | null = null;
  let failed = false;
  /** While queued events are recorded, the clocks read their times. */
  let at: Omit<Queued, 'event'> | null = started;

  const ready = load()
    .then(({ createEventLog }) => {
      const log = createEventLog({ ...options, now: () => at?.mono ?? now(), wallClock: () => at?.wall ?? wallClock() });
      for (const item of queue) {
        at = item;
        log.inspect(item.event);
      }
      at = null;
      queue.length = 0;
      real = log;
      for (const listener of listeners) unsubscribers.set(listener, log.subscribe(listener));
      for (const listener of listeners) listener();
      return log.ready;
    })
    .catch((error: unknown) => {
      failed = true;
      queue.length = 0;
      console.warn('event log: the recorder did not load', error);
    });

  const empty = (): EventLogFile => ({
    format: 'game-platform/event-log',
    version: 2,
    startedAt: new Date(started.wall).toISOString(),
    exportedAt: new Date(wallClock()).toISOString(),
    capacity,
    dropped: 0,
    entries: [],
    actors: {},
  });

  return {
    inspect(event) {
      if (real) real.inspect(event);
      else if (!failed) {
        queue.push({ event, mono: now(), wall: wallClock() });
        if (queue.length > capacity) queue.shift();
      }
    },
    entries: () => real?.entries() ?? [],
    actors: () => real?.actors() ?? [],
    subscribe(listener) {
      listeners.add(listener);
      if (real) unsubscribers.set(listener, real.subscribe(listener));
      return () => {
        listeners.delete(listener);
        unsubscribers.get(listener)?.();
        unsubscribers.delete(listener);
      };
    },
    version: () => (real ? real.version() + 1 : 0),
    exportLog: () => real?.exportLog() ?? empty(),
    clear() {
      if (real) real.clear();
      else queue.length = 0;
    },
    async flush() {
      await ready;
      await real?.flush();
    },
    ready,
    dispose() {
      real?.dispose();
      listeners.clear();
    },
  };
}
