import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, sendParent, sendTo, setup, SimulatedClock } from 'xstate';
import { createEventLog, EVENT_LOG_CAPACITY, EVENT_LOG_LEFT_PAGE_KEY, memoryStorage, type EventLogOptions } from './event-log.ts';
import { createDeferredEventLog } from './event-log-deferred.ts';
import { decodeEventLog } from '../../api/protocol/event-log.ts';
import { stopKeepingState } from './keep-state.ts';

/** A child machine, a promise actor and a timer: every kind of delivery the log must see. */
const child = setup({}).createMachine({
  id: 'child',
  initial: 'waiting',
  states: { waiting: { on: { ping: { target: 'answered', actions: sendParent({ type: 'pong' }) } } }, answered: {} },
});

const parent = setup({
  types: { events: {} as { type: 'start'; phone: string } | { type: 'pong' } | { type: 'ui.password.change'; value: string }, context: {} as { count: number } },
  actors: { child, load: fromPromise<{ token: string }, { phone: string }>(async () => ({ token: 'secret-token' })) },
  delays: { settle: 1000 },
}).createMachine({
  id: 'parent',
  context: { count: 0 },
  initial: 'idle',
  invoke: { id: 'child', src: 'child' },
  states: {
    idle: { on: { start: 'loading', 'ui.password.change': { actions: assign({ count: ({ context }) => context.count + 1 }) } } },
    loading: {
      invoke: { id: 'load', src: 'load', input: ({ event }) => ({ phone: (event as { phone: string }).phone }), onDone: 'asking' },
    },
    asking: { entry: sendTo('child', { type: 'ping' }), on: { pong: 'settling' } },
    settling: { after: { settle: 'done' } },
    done: {},
  },
});

function harness(options: EventLogOptions = {}, clock = new SimulatedClock()) {
  const log = createEventLog({ storage: null, lifecycle: null, now: () => clock.now(), wallClock: () => Date.UTC(2025, 0, 1) + clock.now(), ...options });
  const actor = createActor(parent, { clock, inspect: log.inspect });
  return { clock, log, actor };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('event log: records what every actor receives', () => {
  it('keeps seq, time, receiver, sender, redacted payload and the state after each event', async () => {
    const { clock, log, actor } = harness();
    actor.start();
    clock.increment(250);
    actor.send({ type: 'start', phone: '13812345678' });
    await flush();
    clock.increment(1000);

    const entries = log.entries();
    const line = (index: number) => {
      const entry = entries[index]!;
      return [entry.seq, entry.actor, entry.source, entry.event.type, entry.state ?? null];
    };
    expect(entries.map((_, index) => line(index))).toEqual([
      [1, 'parent', null, 'xstate.init', 'idle'],
      [2, 'parent/child', 'parent', 'xstate.init', 'waiting'],
      [3, 'parent', null, 'start', 'loading'],
      [4, 'parent/load', 'parent', 'xstate.init', null],
      [5, 'parent/load', 'parent/load', 'xstate.promise.resolve', null],
      [6, 'parent', 'parent/load', 'xstate.done.actor.load', 'asking'],
      [7, 'parent/child', 'parent', 'ping', 'answered'],
      [8, 'parent', 'parent/child', 'pong', 'settling'],
      [9, 'parent', 'parent', 'xstate.after.settle.parent.settling', 'done'],
    ]);
    expect(entries[2]).toMatchObject({ t: 250, at: '2025-01-01T00:00:00.250Z', machine: 'parent', event: { type: 'start', phone: '13800000000' }, redacted: ['phone'] });
    expect(entries[3]).toMatchObject({ machine: null, sourceMachine: 'parent', event: { input: { phone: '13800000000' } } });
    expect(entries[5]).toMatchObject({ sourceMachine: null, event: { output: { token: '[redacted]' }, actorId: 'load' }, redacted: ['output.token'] });
    expect(entries[8]!.t).toBe(1250);
    expect(entries[4]!.sessionId).toMatch(/^x:\d+$/);
  });

  it('keeps a registry of actors with their latest state, for /testview and the export', async () => {
    const { log, actor } = harness();
    actor.start();
    actor.send({ type: 'start', phone: '1' });
    await flush();
    expect(log.actors().map((entry) => [entry.name, entry.machine, entry.parent, entry.status, entry.state])).toEqual([
      ['parent', 'parent', null, 'active', 'settling'],
      ['parent/child', 'child', 'parent', 'active', 'answered'],
    ]);
    expect(log.actors()[0]!.ref).toBe(actor);
    actor.stop();
    const file = log.exportLog();
    expect(file.actors).toEqual({
      parent: { machine: 'parent', parent: null, sessionId: actor.sessionId, status: 'stopped', state: 'settling', lastSeq: expect.any(Number) },
      'parent/child': expect.objectContaining({ machine: 'child', parent: 'parent', status: 'stopped', state: 'answered' }),
    });
  });

  it('names two live actors of one machine apart and reuses a stopped one’s name', () => {
    const { log, clock } = harness();
    const first = createActor(child, { clock, inspect: log.inspect }).start();
    const second = createActor(child, { clock, inspect: log.inspect }).start();
    expect(log.actors().map((entry) => entry.name)).toEqual(['child', 'child#2']);
    first.stop();
    second.stop();
    createActor(child, { clock, inspect: log.inspect }).start();
    expect(log.entries().at(-1)!.actor).toBe('child');
  });

  it('records stops (the machine first, then the children it took along) and a kept-state restart', async () => {
    const { clock, log, actor } = harness();
    actor.start();
    actor.send({ type: 'start', phone: '1' });
    await flush();
    clock.increment(300);
    stopKeepingState(actor);
    const stops = log.entries().filter((entry) => entry.event.type === 'xstate.stop');
    expect(stops.map((entry) => [entry.actor, entry.source, entry.sourceMachine, entry.state, entry.status])).toEqual([
      ['parent', null, null, 'settling', 'stopped'],
      ['parent/child', 'parent', 'parent', 'answered', 'stopped'],
    ]);
    const seqs = log.entries().map((entry) => entry.seq);
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    expect(log.exportLog().actors.parent).toMatchObject({ status: 'stopped', lastSeq: stops[0]!.seq });
    expect(decodeEventLog(log.exportLog()).ok).toBe(true);

    // Shown again (a kept-alive page): the same actor, its kept state, its child, its timer.
    clock.increment(500);
    actor.start();
    const after = log.entries().slice(stops.at(-1)!.seq);
    expect(after.map((entry) => [entry.actor, entry.sessionId === actor.sessionId, entry.event.type, entry.state])).toEqual([
      ['parent', true, 'xstate.init', 'settling'],
      ['parent/child', false, 'xstate.init', 'answered'],
    ]);
    clock.increment(1000);
    expect(log.entries().at(-1)).toMatchObject({ actor: 'parent', event: { type: 'xstate.after.settle.parent.settling' }, state: 'done' });
    expect(log.exportLog().actors).toMatchObject({ parent: { status: 'active', state: 'done' }, 'parent/child': { parent: 'parent', status: 'active' } });
  });

  it('lists a machine’s stop before its children’s at their time when the clock moved while they stopped', () => {
    // performance.now() moves on while xstate stops the children before the machine reports its own stop.
    let mono = 0;
    const { log, actor } = harness({ now: () => (mono += 0.07) });
    actor.start();
    stopKeepingState(actor);
    const stops = log.entries().filter((entry) => entry.event.type === 'xstate.stop');
    expect(stops.map((entry) => entry.actor)).toEqual(['parent', 'parent/child']);
    expect(stops[0]!.t).toBe(stops[1]!.t);
    const file = log.exportLog();
    expect(decodeEventLog(file)).toMatchObject({ ok: true });
  });

  it('exports a file the decoder accepts, JSON all the way down', async () => {
    const { log, actor } = harness();
    actor.start();
    actor.send({ type: 'start', phone: '13812345678' });
    actor.send({ type: 'ui.password.change', value: 'hunter2' });
    await flush();
    const file = log.exportLog();
    expect(file).toMatchObject({ format: 'game-platform/event-log', version: 2, startedAt: '2025-01-01T00:00:00.000Z', capacity: EVENT_LOG_CAPACITY, dropped: 0 });
    const decoded = decodeEventLog(JSON.parse(JSON.stringify(file)));
    expect(decoded).toEqual({ ok: true, log: file });
    expect(JSON.stringify(file)).not.toContain('hunter2');
    expect(JSON.stringify(file)).not.toContain('13812345678');
    expect(JSON.stringify(file)).not.toContain('secret-token');
  });

  it('is a ring of 5,000 events by default', () => {
    const { log, clock } = harness();
    const actor = createActor(parent, { clock, inspect: log.inspect }).start();
    for (let index = 0; index < EVENT_LOG_CAPACITY + 10; index++) actor.send({ type: 'ui.password.change', value: 'x' });
    const entries = log.entries();
    expect(entries).toHaveLength(EVENT_LOG_CAPACITY);
    expect(log.exportLog().dropped).toBe(12);
    expect(entries[0]!.seq).toBe(13);
    expect(entries.at(-1)!.seq).toBe(EVENT_LOG_CAPACITY + 12);
  });

  it('never throws into the app, whatever the inspection event', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { log } = harness();
    expect(() => log.inspect({ type: '@xstate.event', actorRef: {} as never, sourceRef: undefined, event: { type: 'odd' }, rootId: 'x' } as never)).not.toThrow();
    expect(() => log.inspect({ type: '@xstate.snapshot', actorRef: null as never, snapshot: null as never, event: null as never, rootId: 'x' } as never)).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('tells subscribers about changes and clears', () => {
    const { log, actor } = harness();
    const listener = vi.fn();
    const unsubscribe = log.subscribe(listener);
    actor.start();
    expect(listener).toHaveBeenCalled();
    const version = log.version();
    log.clear();
    expect(log.entries()).toEqual([]);
    expect(log.version()).toBeGreaterThan(version);
    actor.send({ type: 'ui.password.change', value: 'a' });
    expect(log.entries()[0]).toMatchObject({ seq: 1, t: 0 });
    unsubscribe();
  });
});

describe('event log: persistence', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves at most once a second while events flow', async () => {
    const storage = memoryStorage();
    const save = vi.spyOn(storage, 'save');
    const { log, actor } = harness({ storage });
    await log.ready;
    actor.start();
    for (let index = 0; index < 20; index++) actor.send({ type: 'ui.password.change', value: 'a' });
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    actor.send({ type: 'ui.password.change', value: 'a' });
    await vi.advanceTimersByTimeAsync(999);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    expect(decodeEventLog(storage.data).ok).toBe(true);
  });

  it('saves at once when the page is hidden or left', async () => {
    const storage = memoryStorage();
    const save = vi.spyOn(storage, 'save');
    const hidden = { value: 'visible' };
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => hidden.value });
    const { log, actor } = harness({ storage, lifecycle: { window, document } });
    await log.ready;
    actor.start();
    hidden.value = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
    actor.send({ type: 'ui.password.change', value: 'a' });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    log.dispose();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('restores the stored log after a reload, behind a log.restored marker', async () => {
    const storage = memoryStorage();
    const first = harness({ storage, wallClock: () => Date.UTC(2025, 0, 1) });
    await first.log.ready;
    first.actor.start();
    first.clock.increment(500);
    first.actor.send({ type: 'ui.password.change', value: 'a' });
    await first.log.flush();
    first.log.dispose();

    // Ten seconds later, a new page: its first events are recorded before the restore lands.
    const secondClock = new SimulatedClock();
    const second = harness({ storage, wallClock: () => Date.UTC(2025, 0, 1, 0, 0, 10) + secondClock.now() }, secondClock);
    second.actor.start();
    await second.log.ready;
    second.clock.increment(200);
    second.actor.send({ type: 'ui.password.change', value: 'b' });

    const entries = second.log.entries();
    const types = entries.map((entry) => `${entry.seq} ${entry.actor} ${entry.event.type} ${entry.t}`);
    expect(types).toEqual([
      '1 parent xstate.init 0',
      '2 parent/child xstate.init 0',
      '3 parent ui.password.change 500',
      '4 eventLog log.restored 10000',
      '5 parent xstate.init 10000',
      '6 parent/child xstate.init 10000',
      '7 parent ui.password.change 10200',
    ]);
    expect(entries[3]!.event).toMatchObject({ entries: 3, startedAt: '2025-01-01T00:00:00.000Z' });
    expect(second.log.exportLog().startedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(second.log.actors().find((actor) => actor.name === 'parent')!.lastSeq).toBe(7);
  });

  it('a page left before its IndexedDB save lands is restored from the copy written at pagehide', async () => {
    const storage = memoryStorage();
    const leftPageStorage = new Map<string, string>();
    const sessionLike = {
      getItem: (key: string) => leftPageStorage.get(key) ?? null,
      setItem: (key: string, value: string) => void leftPageStorage.set(key, value),
      removeItem: (key: string) => void leftPageStorage.delete(key),
    };
    const wall = { now: Date.UTC(2025, 0, 1) };
    const first = harness({ storage, leftPageStorage: sessionLike, lifecycle: { window, document }, wallClock: () => wall.now });
    await first.log.ready;
    first.actor.start();
    await first.log.flush();
    // The tap that leaves the page, then the page goes before the IndexedDB write of pagehide lands.
    first.actor.send({ type: 'ui.password.change', value: 'a' });
    wall.now += 300;
    const save = vi.spyOn(storage, 'save').mockImplementation(() => new Promise<void>(() => {}));
    window.dispatchEvent(new Event('pagehide'));
    first.log.dispose();
    save.mockRestore();
    // IndexedDB holds the log without that tap.
    expect((storage.data as { entries: unknown[] }).entries).toHaveLength(2);

    const second = harness({ storage, leftPageStorage: sessionLike, wallClock: () => Date.UTC(2025, 0, 1, 0, 0, 10) });
    await second.log.ready;
    expect(second.log.entries().map((entry) => `${entry.actor} ${entry.event.type}`)).toEqual([
      'parent xstate.init',
      'parent/child xstate.init',
      'parent ui.password.change',
      'eventLog log.restored',
    ]);
    // Once this page's log is saved, the copy has served.
    await second.log.flush();
    expect(leftPageStorage.has(EVENT_LOG_LEFT_PAGE_KEY)).toBe(false);
    second.log.dispose();
  });

  it('drops an unreadable stored log with a marker instead of failing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { log } = harness({ storage: memoryStorage({ format: 'something else' }) });
    await log.ready;
    expect(log.entries()).toEqual([expect.objectContaining({ actor: 'eventLog', event: expect.objectContaining({ type: 'log.restoreFailed' }) })]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('deferred event log (what the runtime holds: the recorder loads after start)', () => {
  it('records the events that happened before the recorder arrived, at their own times', async () => {
    const clock = new SimulatedClock();
    let arrive: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    const log = createDeferredEventLog({ storage: null, lifecycle: null, now: () => clock.now(), wallClock: () => Date.UTC(2025, 0, 1) + clock.now() }, async () => {
      await loaded;
      return import('./event-log.ts');
    });
    const listener = vi.fn();
    log.subscribe(listener);
    const actor = createActor(parent, { clock, inspect: log.inspect }).start();
    clock.increment(300);
    actor.send({ type: 'ui.password.change', value: 'secret1' });
    expect(log.entries()).toEqual([]);
    expect(log.exportLog().entries).toEqual([]);

    arrive();
    await log.ready;
    clock.increment(200);
    actor.send({ type: 'ui.password.change', value: 'secret2' });
    expect(log.entries().map((entry) => [entry.seq, entry.actor, entry.event.type, entry.t])).toEqual([
      [1, 'parent', 'xstate.init', 0],
      [2, 'parent/child', 'xstate.init', 0],
      [3, 'parent', 'ui.password.change', 300],
      [4, 'parent', 'ui.password.change', 500],
    ]);
    expect(log.entries()[2]!.state).toBe('idle');
    expect(listener).toHaveBeenCalled();
    expect(log.actors().map((entry) => entry.name)).toEqual(['parent', 'parent/child']);
  });

  it('keeps the app running when the recorder cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = createDeferredEventLog({ storage: null, lifecycle: null }, () => Promise.reject(new Error('chunk failed')));
    createActor(parent, { inspect: log.inspect }).start();
    await log.ready;
    expect(log.entries()).toEqual([]);
    expect(() => createActor(parent, { inspect: log.inspect }).start()).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
