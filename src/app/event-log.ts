import { del, get, set } from 'idb-keyval';
import { StateMachine, type AnyActorRef, type InspectionEvent } from 'xstate';
import type {
  ActorStatus,
  ActorSummary,
  EVENT_LOG_ACTOR as SchemaActor,
  EVENT_LOG_VERSION as SchemaVersion,
  EventLogFile,
  JsonValue,
  LogEntry,
  StateValueJson,
} from '../../api/protocol/event-log.ts';
import { createRedactor } from './redact.ts';

/**
 * The app's flight recorder (ARCHITECTURE.md "inspector → event log → export / replay").
 * `inspect` sees every event delivered to every actor of the runtime — views' sends, api
 * outcomes, timers, invoked actors' results, messages between machines — and keeps the last
 * 5,000, redacted, each with the receiver's state after it. The log is saved to IndexedDB at
 * most once a second and at once when the page is hidden or left (then also to sessionStorage,
 * which lands even as the page goes), and restored on the next start behind a 'log.restored'
 * marker, so it survives a reload or a crash.
 * Format: api/protocol/event-log.ts; reader's guide: docs/qa-tools.md.
 */

export const EVENT_LOG_CAPACITY = 5_000;
export const EVENT_LOG_PERSIST_MS = 1_000;
/** IndexedDB key (idb-keyval's default store); not a SPEC §3 localStorage key. */
export const EVENT_LOG_STORAGE_KEY = 'qa.eventLog.v1';
/** Same as the schema's EVENT_LOG_ACTOR (checked by its type); the decoder stays out of the entry chunk. */
const EVENT_LOG_ACTOR: typeof SchemaActor = 'eventLog';
const EVENT_LOG_VERSION: typeof SchemaVersion = 2;
/** What xstate's stop() delivers: it reaches the actor without an @xstate.event, only as a snapshot's cause. */
const STOP = 'xstate.stop';

/** sessionStorage key of the copy written as the page is left (see `leftPageStorage`); not a SPEC §3 localStorage key. */
export const EVENT_LOG_LEFT_PAGE_KEY = 'qa.eventLog.leftPage';
/**
 * The largest copy written there (characters): the tab's session storage (~5M characters) is the
 * app's too, so a log near its capacity is left to IndexedDB alone rather than crowd it out.
 */
export const EVENT_LOG_LEFT_PAGE_MAX_CHARS = 2_000_000;

export interface EventLogStorage {
  load(): Promise<unknown>;
  save(file: EventLogFile): Promise<void>;
  clear(): Promise<void>;
}

export function idbStorage(key: string = EVENT_LOG_STORAGE_KEY): EventLogStorage {
  return { load: () => get(key), save: (file) => set(key, file), clear: () => del(key) };
}

/** In-memory storage for tests and Node scripts; `data` is what a reload would find. */
export function memoryStorage(initial?: unknown): EventLogStorage & { data: unknown } {
  const storage = {
    data: initial,
    load: async () => storage.data,
    save: async (file: EventLogFile) => {
      storage.data = structuredClone(file);
    },
    clear: async () => {
      storage.data = undefined;
    },
  };
  return storage;
}

interface LifecycleTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  visibilityState?: string;
}

export interface EventLogOptions {
  capacity?: number;
  /** null: keep nothing between page loads. Default: IndexedDB when the browser has it. */
  storage?: EventLogStorage | null;
  /** Monotonic milliseconds (performance.now); tests pass a SimulatedClock's now. */
  now?: () => number;
  /** Wall clock (Date.now). */
  wallClock?: () => number;
  persistDelayMs?: number;
  /**
   * Synchronous storage for the copy written at pagehide, read back at the restore when it is
   * newer than `storage`'s. An IndexedDB write begun at pagehide is dropped when the page goes (a
   * full navigation: the cashier, a reload), so without it the last second before leaving — the
   * tap that sent the player away — would be missing from the restored log. Default: the tab's
   * sessionStorage when `storage` is the default; null: none.
   */
  leftPageStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Where pagehide / visibilitychange are heard; null in Node. */
  lifecycle?: { window: LifecycleTarget; document: LifecycleTarget } | null;
}

/** An actor the log has seen, with a live reference while it runs (not exported). */
export interface LoggedActor extends ActorSummary {
  name: string;
  systemId?: string;
  ref: AnyActorRef;
}

export interface EventLog {
  inspect: (event: InspectionEvent) => void;
  entries(): readonly LogEntry[];
  /** Actors of this page run, in order of first appearance. */
  actors(): readonly LoggedActor[];
  /** Called after every change; `version()` changes with it (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  version(): number;
  exportLog(): EventLogFile;
  clear(): void;
  /** Saves now (after the restore); resolves when stored. */
  flush(): Promise<void>;
  /** Resolves once the stored log (if any) has been restored. */
  ready: Promise<void>;
  dispose(): void;
}

/** A state value as JSON. State names are not secrets ('password' is a panel): no redaction here. */
function stateValueJson(value: unknown): StateValueJson {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, stateValueJson(child)]));
  }
  return String(value);
}

/** What the log reads of an actor: the inspection API types refs loosely. */
type InspectedRef = AnyActorRef & { systemId?: string; logic?: unknown };

const ENDED: ReadonlySet<string> = new Set(['done', 'error', 'stopped']);
const round = (ms: number) => Math.round(ms * 10) / 10;

function defaultLifecycle(): EventLogOptions['lifecycle'] {
  return typeof window !== 'undefined' && typeof document !== 'undefined' ? { window, document } : null;
}

function defaultStorage(): EventLogStorage | null {
  return typeof indexedDB !== 'undefined' ? idbStorage() : null;
}

function defaultLeftPageStorage(): EventLogOptions['leftPageStorage'] {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The file's `exportedAt` as ms, or -Infinity when it has none. */
function exportedAtMs(file: unknown): number {
  const value = file && typeof file === 'object' ? Date.parse(String((file as { exportedAt?: unknown }).exportedAt)) : NaN;
  return Number.isNaN(value) ? -Infinity : value;
}

export function createEventLog(options: EventLogOptions = {}): EventLog {
  const capacity = options.capacity ?? EVENT_LOG_CAPACITY;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const now = options.now ?? (() => performance.now());
  const wallClock = options.wallClock ?? (() => Date.now());
  const lifecycle = options.lifecycle === undefined ? defaultLifecycle() : options.lifecycle;
  const leftPage = options.leftPageStorage === undefined ? (options.storage === undefined && storage ? defaultLeftPageStorage() : null) : options.leftPageStorage;
  const redactor = createRedactor();

  let entries: LogEntry[] = [];
  let dropped = 0;
  let seq = 0;
  let monoStart = now();
  let wallStart = wallClock();
  /** Added to this page run's times once a restored log puts them on its own timeline. */
  let shift = 0;
  let changes = 0;
  let restoring = storage !== null;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const actors = new Map<string, LoggedActor>();
  const holders = new Map<string, string>();
  /** Parents by child sessionId: a child's xstate.init is sent by its parent (the event's sourceRef). */
  const parents = new Map<string, AnyActorRef>();
  /** Entries waiting for the receiver's snapshot, by the event object both inspections share. */
  const awaitingState = new WeakMap<object, LogEntry[]>();

  const elapsed = () => round(now() - monoStart + shift);

  function changed() {
    changes++;
    for (const listener of listeners) listener();
    scheduleSave();
  }

  function push(entry: LogEntry) {
    entries.push(entry);
    if (entries.length > capacity) {
      const excess = entries.length - capacity;
      entries.splice(0, excess);
      dropped += excess;
    }
  }

  function claimName(base: string, sessionId: string): string {
    let name = base;
    for (let n = 2; ; n++) {
      const holder = holders.get(name);
      const held = holder === undefined ? undefined : actors.get(holder);
      if (!held || held.sessionId === sessionId) break;
      if (ENDED.has(held.status)) {
        actors.delete(held.sessionId);
        break;
      }
      name = `${base}#${n}`;
    }
    holders.set(name, sessionId);
    return name;
  }

  function actorOf(loose: unknown): LoggedActor {
    const ref = loose as InspectedRef;
    const known = actors.get(ref.sessionId);
    if (known) return known;
    const parentRef = parents.get(ref.sessionId) ?? parentInSnapshots(ref.sessionId);
    const parent = parentRef ? actorOf(parentRef) : null;
    const machine = ref.logic instanceof StateMachine ? (ref.logic.id as string) : null;
    const base = parent ? `${parent.name}/${ref.id}` : (ref.systemId ?? machine ?? ref.id);
    const actor: LoggedActor = {
      name: claimName(base, ref.sessionId),
      machine,
      parent: parent?.name ?? null,
      sessionId: ref.sessionId,
      status: 'active',
      state: null,
      lastSeq: 0,
      ref,
    };
    if (ref.systemId) actor.systemId = ref.systemId;
    actors.set(ref.sessionId, actor);
    return actor;
  }

  /** A child seen before its xstate.init (an event queued for it): the running machine that holds it. */
  function parentInSnapshots(sessionId: string): AnyActorRef | undefined {
    for (const actor of actors.values()) {
      if (actor.machine === null || ENDED.has(actor.status)) continue;
      const children = (actor.ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {};
      if (Object.values(children).some((child) => child?.sessionId === sessionId)) return actor.ref;
    }
    return undefined;
  }

  function onEvent(event: Extract<InspectionEvent, { type: '@xstate.event' }>) {
    if (event.event.type === 'xstate.init' && event.sourceRef) parents.set(event.actorRef.sessionId, event.sourceRef as AnyActorRef);
    const target = actorOf(event.actorRef);
    const source = event.sourceRef ? actorOf(event.sourceRef) : null;
    const { value, paths } = redactor.redact(event.event, event.event.type);
    const entry: LogEntry = {
      seq: ++seq,
      t: elapsed(),
      at: new Date(wallClock()).toISOString(),
      actor: target.name,
      machine: target.machine,
      sessionId: target.sessionId,
      source: source?.name ?? null,
      sourceMachine: source?.machine ?? null,
      event: value as LogEntry['event'],
    };
    if (target.systemId) entry.systemId = target.systemId;
    if (paths.length > 0) entry.redacted = paths;
    target.lastSeq = entry.seq;
    push(entry);
    awaitingState.set(event.event, [...(awaitingState.get(event.event) ?? []), entry]);
    changed();
  }

  function onSnapshot(event: Extract<InspectionEvent, { type: '@xstate.snapshot' }>) {
    const actor = actorOf(event.actorRef);
    const snapshot = event.snapshot as { status?: ActorStatus; value?: unknown };
    actor.status = snapshot.status ?? 'active';
    if (actor.machine !== null && snapshot.value !== undefined) actor.state = stateValueJson(snapshot.value);
    const waiting = awaitingState.get(event.event);
    const entry = waiting?.find((candidate) => candidate.sessionId === actor.sessionId && candidate.state === undefined && candidate.status === undefined);
    if (entry) {
      if (actor.machine !== null && actor.state !== null) entry.state = actor.state;
      if (actor.status !== 'active') entry.status = actor.status;
    } else if (event.event.type === STOP && actor.machine !== null) onStop(actor);
    // Finished promise and callback actors leave the registry; machines stay, with their last state.
    if (ENDED.has(actor.status)) parents.delete(actor.sessionId);
    if (ENDED.has(actor.status) && actor.machine === null) {
      actors.delete(actor.sessionId);
      if (holders.get(actor.name) === actor.sessionId) holders.delete(actor.name);
    }
    changed();
  }

  /**
   * A machine stopped: a root by the app (its view left, a kept-alive page hidden), a child by its
   * parent. Replay stops the same actor here (and may see it started again, with its kept state).
   */
  function onStop(actor: LoggedActor) {
    const entry: LogEntry = {
      seq: ++seq,
      t: elapsed(),
      at: new Date(wallClock()).toISOString(),
      actor: actor.name,
      machine: actor.machine,
      sessionId: actor.sessionId,
      source: actor.parent,
      // Only machines have children: the parent that stopped this one is a machine.
      sourceMachine: actor.parent === null ? null : (actors.get(holders.get(actor.parent) ?? '')?.machine ?? null),
      event: { type: STOP },
      status: 'stopped',
    };
    if (actor.state !== null) entry.state = actor.state;
    if (actor.systemId) entry.systemId = actor.systemId;
    actor.lastSeq = entry.seq;
    // A machine stops its children before it reports its own stop: the log says it the way it
    // happened to the reader (and to replay) — the machine stopped, then the children it took along.
    const descendants: LogEntry[] = [];
    while (entries.length > 0) {
      const last = entries[entries.length - 1]!;
      if (last.event.type !== STOP || !last.actor.startsWith(`${actor.name}/`)) break;
      descendants.unshift(entries.pop()!);
    }
    if (descendants.length > 0) {
      entry.seq = descendants[0]!.seq;
      // Its stop began with theirs: listed first, it takes the first one's time (t never decreases).
      entry.t = descendants[0]!.t;
      entry.at = descendants[0]!.at;
      descendants.forEach((child, index) => {
        child.seq = entry.seq + 1 + index;
        const owner = actors.get(child.sessionId);
        if (owner && owner.lastSeq !== 0) owner.lastSeq = child.seq;
      });
      actor.lastSeq = entry.seq;
    }
    push(entry);
    for (const child of descendants) push(child);
  }

  function exportLog(): EventLogFile {
    const summaries: Record<string, ActorSummary> = {};
    for (const actor of actors.values()) {
      if (actor.machine === null) continue;
      summaries[actor.name] = { machine: actor.machine, parent: actor.parent, sessionId: actor.sessionId, status: actor.status, state: actor.state, lastSeq: actor.lastSeq };
    }
    return {
      format: 'game-platform/event-log',
      version: EVENT_LOG_VERSION,
      startedAt: new Date(wallStart).toISOString(),
      exportedAt: new Date(wallClock()).toISOString(),
      capacity,
      dropped,
      entries: entries.map((entry) => ({ ...entry })),
      actors: summaries,
    };
  }

  async function save(): Promise<void> {
    if (!storage || restoring) return;
    try {
      await storage.save(exportLog());
      // The stored log is now the newest: a copy left by an earlier page is not needed any more.
      leftPage?.removeItem(EVENT_LOG_LEFT_PAGE_KEY);
    } catch (error) {
      console.warn('event log: not saved', error);
    }
  }

  function scheduleSave() {
    if (!storage || saveTimer !== null) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void save();
    }, options.persistDelayMs ?? EVENT_LOG_PERSIST_MS);
  }

  async function flush(): Promise<void> {
    if (saveTimer !== null) {
      clearTimeout(saveTimer);
      saveTimer = null;
    }
    await ready;
    await save();
  }

  /** Puts the stored log in front of this run's entries, behind a 'log.restored' marker. */
  function merge(stored: EventLogFile) {
    const previous = stored.entries;
    const storedStart = Date.parse(stored.startedAt);
    const last = previous[previous.length - 1];
    const offset = round(Math.max(last?.t ?? 0, wallStart - storedStart));
    const marker: LogEntry = {
      seq: (last?.seq ?? 0) + 1,
      t: offset,
      at: new Date(wallStart).toISOString(),
      actor: EVENT_LOG_ACTOR,
      machine: null,
      sessionId: '',
      source: null,
      sourceMachine: null,
      event: { type: 'log.restored', entries: previous.length, startedAt: stored.startedAt, savedAt: stored.exportedAt },
    };
    const current = entries;
    current.forEach((entry, index) => {
      entry.seq = marker.seq + 1 + index;
      entry.t = round(entry.t + offset);
    });
    for (const actor of actors.values()) actor.lastSeq = actor.lastSeq === 0 ? 0 : actor.lastSeq + marker.seq;
    seq = marker.seq + current.length;
    shift = offset;
    wallStart = storedStart;
    entries = [];
    dropped = stored.dropped;
    for (const entry of [...previous, marker, ...current]) push(entry);
  }

  async function restore(): Promise<void> {
    if (!storage) return;
    try {
      let stored = await storage.load();
      const left = readLeftPage();
      if (left !== undefined && (stored === undefined || stored === null || exportedAtMs(left) >= exportedAtMs(stored))) stored = left;
      if (stored === undefined || stored === null) return;
      const { decodeEventLog } = await import('../../api/protocol/event-log.ts');
      const result = decodeEventLog(stored);
      if (result.ok) merge(result.log);
      else {
        console.warn(`event log: the stored log is unreadable and was dropped (${result.error})`);
        const entry: LogEntry = {
          seq: ++seq,
          t: elapsed(),
          at: new Date(wallClock()).toISOString(),
          actor: EVENT_LOG_ACTOR,
          machine: null,
          sessionId: '',
          source: null,
          sourceMachine: null,
          event: { type: 'log.restoreFailed', error: result.error } as Record<string, JsonValue> & { type: string },
        };
        push(entry);
      }
    } catch (error) {
      console.warn('event log: could not read the stored log', error);
    } finally {
      restoring = false;
      changed();
    }
  }

  /** The copy the last page left, parsed; undefined when there is none or it is unreadable JSON. */
  function readLeftPage(): unknown {
    try {
      const text = leftPage?.getItem(EVENT_LOG_LEFT_PAGE_KEY);
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Written synchronously: it lands even when the page is gone before IndexedDB commits. */
  function saveLeftPage() {
    if (!leftPage || restoring) return;
    try {
      const text = JSON.stringify(exportLog());
      if (text.length <= EVENT_LOG_LEFT_PAGE_MAX_CHARS) leftPage.setItem(EVENT_LOG_LEFT_PAGE_KEY, text);
    } catch (error) {
      // Over the quota: the IndexedDB save below is all there is, as before.
      console.warn('event log: not saved as the page was left', error);
    }
  }

  const onPageHide = () => {
    saveLeftPage();
    void flush();
  };
  const onVisibility = () => {
    if (lifecycle?.document.visibilityState === 'hidden') void flush();
  };
  lifecycle?.window.addEventListener('pagehide', onPageHide);
  lifecycle?.document.addEventListener('visibilitychange', onVisibility);

  const ready = restore();

  return {
    inspect(event) {
      try {
        if (event.type === '@xstate.event') onEvent(event);
        else if (event.type === '@xstate.snapshot') onSnapshot(event);
      } catch (error) {
        // The recorder must never break the app it records.
        console.warn('event log: event not recorded', error);
      }
    },
    entries: () => entries,
    actors: () => [...actors.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => changes,
    exportLog,
    clear() {
      entries = [];
      dropped = 0;
      seq = 0;
      shift = 0;
      monoStart = now();
      wallStart = wallClock();
      for (const actor of actors.values()) actor.lastSeq = 0;
      changed();
    },
    flush,
    ready,
    dispose() {
      if (saveTimer !== null) clearTimeout(saveTimer);
      saveTimer = null;
      lifecycle?.window.removeEventListener('pagehide', onPageHide);
      lifecycle?.document.removeEventListener('visibilitychange', onVisibility);
      listeners.clear();
    },
  };
}
