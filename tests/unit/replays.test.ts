import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { MACHINES } from '../../machines/registry.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { createEventLog } from '../../src/app/event-log.ts';
import { parseEventLogJson, type EventLogFile } from '../../api/protocol/event-log.ts';
import { stopKeepingState } from '../../src/app/keep-state.ts';
import { compareFinalStates, formatStep, replayLog } from '../../src/app/replay.ts';
import { recordPasswordLoginAndReload, recordSmsLogin } from '../helpers/record-logs.ts';

/**
 * Every log in tests/replays is a regression test: it must decode, replay into today's machines
 * without a divergence, and end in the final states it recorded. Drop an exported log
 * ('导出日志' on /testview) into the folder to keep a bug fixed.
 */

const dir = path.resolve(import.meta.dirname, '../replays');
const logs = readdirSync(dir).filter((file) => file.endsWith('.json'));

function load(file: string): EventLogFile {
  const result = parseEventLogJson(readFileSync(path.join(dir, file), 'utf8'));
  if (!result.ok) throw new Error(`${file}: ${result.error}`);
  return result.log;
}

describe('tests/replays: recorded logs still replay to their final states', () => {
  it('has logs to replay', () => {
    expect(logs.length).toBeGreaterThan(0);
  });

  it.each(logs)('%s', (file) => {
    const log = load(file);
    const result = replayLog(log);
    expect(result.problems).toEqual([]);
    expect(result.complete).toBe(true);
    expect(compareFinalStates(log, result)).toEqual([]);
    expect(Object.keys(log.actors).length).toBeGreaterThan(0);
  });
});

describe('replay', () => {
  it('replays a fresh recording of an SMS login step by step', async () => {
    const log = await recordSmsLogin();
    const result = replayLog(log);
    expect(result.problems).toEqual([]);
    expect(result.finalStates).toMatchObject({
      loginOverlay: { status: 'active', state: 'closed' },
      session: { status: 'active', state: { signedIn: 'idle' } },
    });
    // Views' events are sent, invoked actors' results injected, timers fired, machines' own messages regenerated.
    expect(new Set(result.steps.map((step) => step.how))).toEqual(new Set(['start', 'send', 'inject', 'timer', 'internal']));
    expect(result.steps.every((step) => step.ok)).toBe(true);
  });

  it('starts again after a reload marker and follows the restored timeline', async () => {
    const log = await recordPasswordLoginAndReload();
    const marker = log.entries.findIndex((entry) => entry.event.type === 'log.restored');
    expect(marker).toBeGreaterThan(0);
    expect(log.entries[marker + 1]).toMatchObject({ actor: 'loginOverlay', event: { type: 'xstate.init' } });
    const result = replayLog(log);
    expect(result.problems).toEqual([]);
    expect(result.steps.some((step) => step.how === 'reset')).toBe(true);
    expect(compareFinalStates(log, result)).toEqual([]);
  });

  it('stops after --until and shows one actor with --actor', () => {
    const log = load('login-sms.json');
    const submit = log.entries.find((entry) => entry.event.type === 'ui.sendCode')!;
    const until = replayLog(log, { until: submit.seq });
    expect(until.complete).toBe(false);
    expect(until.lastSeq).toBe(submit.seq);
    expect(until.finalStates.loginOverlay?.state).toEqual({ open: { sms: 'sending' } });

    const session = replayLog(log, { actor: 'session' });
    expect(session.steps.every((step) => step.actor === 'session')).toBe(true);
    expect(Object.keys(session.finalStates)).toEqual(['session']);
    expect(session.problems).toEqual([]);
  });

  it('reports a changed delay instead of firing the timer early', () => {
    const log = load('login-sms.json');
    const slower = MACHINES.map((entry) =>
      entry.machine.id === 'session' ? { ...entry, machine: sessionMachine.provide({ delays: { activeRecordThrottle: 5_000 } }) } : entry,
    );
    const result = replayLog(log, { registry: slower });
    expect(result.problems.join('\n')).toMatch(/xstate\.after\.activeRecordThrottle.*due at/);
  });

  it('reports a changed guard as a state divergence', () => {
    const log = load('login-sms.json');
    const stricter = MACHINES.map((entry) =>
      entry.machine.id === 'loginOverlay' ? { ...entry, machine: entry.machine.provide({ guards: { phoneComplete: () => false } }) } : entry,
    );
    const result = replayLog(log, { registry: stricter });
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems[0]).toMatch(/ui\.sendCode: state open\.sms\.editing, the log recorded open\.sms\.sending/);
  });

  it('names machines missing from the registry and logs that start mid-run', () => {
    const log = load('login-sms.json');
    const withoutSession = replayLog(log, { registry: MACHINES.filter((entry) => entry.machine.id !== 'session') });
    expect(withoutSession.problems).toContainEqual(expect.stringMatching(/machine 'session' is not in machines\/registry\.ts/));

    const cut: EventLogFile = { ...log, entries: log.entries.filter((entry) => entry.seq > 10) };
    const midRun = replayLog(cut);
    expect(midRun.problems).toContainEqual(expect.stringMatching(/no xstate\.init for loginOverlay/));
  });

  it('prints one trail line per machine event', () => {
    const result = replayLog(load('login-sms.json'), { until: 3 });
    expect(result.steps.map(formatStep)).toEqual([
      expect.stringMatching(/^#1 +0\.000s +start +loginOverlay +xstate\.init +→ closed$/),
      expect.stringMatching(/^#2 +0\.000s +start +session +xstate\.init +→ anonymous$/),
      expect.stringMatching(/^#3 +0\.800s +send +loginOverlay +ui\.open +→ open\.sms\.editing$/),
    ]);
  });
});

/** A page's machine: it loads (an invoked call), waits for a timer, and has a child machine. */
const pageChild = setup({}).createMachine({ id: 'pageChild', initial: 'idle', states: { idle: { on: { poke: 'poked' } }, poked: {} } });
const pageMachine = setup({
  types: { events: {} as { type: 'ui.refresh' } },
  actors: { load: fromPromise<{ rows: number }>(async () => ({ rows: 3 })), pageChild },
  delays: { refreshAfter: 1_000 },
}).createMachine({
  id: 'replayPage',
  initial: 'loading',
  invoke: { id: 'pageChild', src: 'pageChild' },
  states: {
    loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'failed' } },
    loaded: { after: { refreshAfter: 'stale' }, on: { 'ui.refresh': 'loading' } },
    stale: { on: { 'ui.refresh': 'loading' } },
    failed: {},
  },
});
const PAGE_REGISTRY = [...MACHINES, { name: 'replay-page', summary: 'test page', machine: pageMachine }];

/**
 * A session as the app runs a kept-alive page (useFeatureActor): it loads, is left (stopped
 * keeping its state) before its timer fires, is shown again (resumed: its timer starts again)
 * and the timer fires; a second page actor is left for good.
 */
async function recordKeptAlivePage(): Promise<EventLogFile> {
  const clock = new SimulatedClock();
  const log = createEventLog({ storage: null, lifecycle: null, now: () => clock.now(), wallClock: () => Date.UTC(2025, 5, 1) + clock.now() });
  const page = createActor(pageMachine, { clock, inspect: log.inspect }).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  clock.increment(400);
  stopKeepingState(page);
  clock.increment(5_000);
  page.start();
  clock.increment(1_000);
  page.send({ type: 'ui.refresh' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const other = createActor(pageMachine, { clock, inspect: log.inspect }).start();
  clock.increment(200);
  stopKeepingState(other);
  return JSON.parse(JSON.stringify(log.exportLog())) as EventLogFile;
}

describe('replay of pages left and shown again', () => {
  it('stops and resumes the recorded actors, their children and timers, to an exact match', async () => {
    const log = await recordKeptAlivePage();
    expect(log.entries.map((entry) => `${entry.actor} ${entry.event.type}`)).toEqual(
      expect.arrayContaining(['replayPage xstate.stop', 'replayPage/pageChild xstate.stop', 'replayPage#2 xstate.stop']),
    );
    const result = replayLog(log, { registry: PAGE_REGISTRY });
    expect(result.problems).toEqual([]);
    expect(compareFinalStates(log, result)).toEqual([]);
    expect(result.finalStates).toMatchObject({ replayPage: { status: 'active', state: 'loaded' }, 'replayPage#2': { status: 'stopped', state: 'loading' } });
    const hows = result.steps.map((step) => `${step.how} ${step.actor} ${step.event}`);
    expect(hows).toEqual(expect.arrayContaining(['stop replayPage xstate.stop', 'internal replayPage/pageChild xstate.stop', 'resume replayPage xstate.init', 'timer replayPage xstate.after.refreshAfter.replayPage.loaded']));
  });

  it('reports a log altered by one event at that event', async () => {
    const log = await recordKeptAlivePage();
    // The timer's state changed by hand: the replay disagrees at exactly that entry.
    const timer = log.entries.find((entry) => entry.event.type.startsWith('xstate.after.'))!;
    const altered: EventLogFile = { ...log, entries: log.entries.map((entry) => (entry.seq === timer.seq ? { ...entry, state: 'failed' } : entry)) };
    expect(replayLog(altered, { registry: PAGE_REGISTRY }).problems).toEqual([`#${timer.seq} replayPage xstate.after.refreshAfter.replayPage.loaded: state stale, the log recorded failed`]);

    // One event dropped (the view's refresh): reported at the next machine event, the first it changes.
    const refresh = log.entries.find((entry) => entry.event.type === 'ui.refresh')!;
    const next = log.entries.find((entry) => entry.seq > refresh.seq && entry.machine !== null)!;
    const dropped: EventLogFile = { ...log, entries: log.entries.filter((entry) => entry.seq !== refresh.seq) };
    const problems = replayLog(dropped, { registry: PAGE_REGISTRY }).problems;
    expect(problems[0]).toBe(`#${next.seq} replayPage xstate.done.actor.load: state stale, the log recorded loaded`);
  });
});

/**
 * A purchase as the app runs it: its order call answers, the app's action moves the router (an
 * event to another root machine at once, inside the purchase's transition), and the purchase's
 * poll child starts at the end of that transition, so the log has the router's event first.
 */
const pollChild = setup({}).createMachine({ id: 'pollChild', initial: 'waiting', states: { waiting: {} } });
const routerMachine = setup({ types: { events: {} as { type: 'nav.request' } } }).createMachine({
  id: 'replayRouter',
  initial: 'here',
  states: { here: { on: { 'nav.request': 'there' } }, there: {} },
});
const purchaseMachine = setup({
  types: { events: {} as { type: 'ui.buy' } },
  actors: { create: fromPromise<{ order: string }>(async () => ({ order: 'T1' })), pollChild },
  actions: { orderCreated: () => {} },
}).createMachine({
  id: 'replayPurchase',
  initial: 'idle',
  states: {
    idle: { on: { 'ui.buy': 'creating' } },
    creating: { invoke: { id: 'create', src: 'create', onDone: { target: 'awaiting', actions: 'orderCreated' } } },
    awaiting: { invoke: { id: 'poll', src: 'pollChild' } },
  },
});
const PURCHASE_REGISTRY = [
  ...MACHINES,
  { name: 'replay-router', summary: 'test router', machine: routerMachine },
  { name: 'replay-purchase', summary: 'test purchase', machine: purchaseMachine },
];

async function recordPurchaseThatNavigates(): Promise<EventLogFile> {
  const clock = new SimulatedClock();
  const log = createEventLog({ storage: null, lifecycle: null, now: () => clock.now(), wallClock: () => Date.UTC(2025, 5, 1) + clock.now() });
  const router = createActor(routerMachine, { clock, inspect: log.inspect }).start();
  const purchase = createActor(purchaseMachine.provide({ actions: { orderCreated: () => router.send({ type: 'nav.request' }) } }), { clock, inspect: log.inspect }).start();
  clock.increment(100);
  purchase.send({ type: 'ui.buy' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return JSON.parse(JSON.stringify(log.exportLog())) as EventLogFile;
}

describe('replay of app code that sends to one machine inside another one’s transition', () => {
  it('matches exactly though the child starts before the other machine’s event in the replay', async () => {
    const log = await recordPurchaseThatNavigates();
    const order = log.entries.map((entry) => `${entry.actor} ${entry.event.type}`);
    expect(order.indexOf('replayRouter nav.request')).toBeLessThan(order.indexOf('replayPurchase/poll xstate.init'));
    const result = replayLog(log, { registry: PURCHASE_REGISTRY });
    expect(result.problems).toEqual([]);
    expect(compareFinalStates(log, result)).toEqual([]);
  });

  it('still reports a child start the log does not have', async () => {
    const log = await recordPurchaseThatNavigates();
    const navigated = log.entries.find((entry) => entry.event.type === 'nav.request')!;
    const withoutChild: EventLogFile = { ...log, entries: log.entries.filter((entry) => entry.actor !== 'replayPurchase/poll') };
    expect(replayLog(withoutChild, { registry: PURCHASE_REGISTRY }).problems).toEqual([
      `before #${navigated.seq}: the replay delivered 'xstate.init' to replayPurchase/poll, which the log does not have here`,
    ]);
  });
});
