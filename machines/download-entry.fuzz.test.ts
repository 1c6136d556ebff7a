import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { DOWN_STATES, type BridgeResult, type DownState, type NativeDownloadStatus, type NativeEvent } from '../bridge/definitions.ts';
import { metaDownState, sampleEntry, URL_WITH_AMPERSANDS } from '../model-tests/download-entry.kit.ts';
import { downloadEntryMachine } from './download-entry.machine.ts';
import { downloadListMachine } from './download-list.machine.ts';
import { ALLOWED } from './download-transitions.ts';
import type { DownloadAddressOutcome, DownloadEntryEvent, DownloadGame, DownloadListEvent } from './download.types.ts';

/**
 * Random sequences of native events (valid and weird-but-typed values), ui events and call
 * answers against an entry and a list: nothing throws, no actor errors, and every change of
 * down_state a subscriber sees is one ALLOWED lists.
 */

const weirdNumber = fc.oneof(
  fc.integer({ min: -1_000, max: 1_000 }),
  fc.integer({ min: 0, max: 5e9 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, Number.POSITIVE_INFINITY, Number.NaN),
);
const downState = fc.constantFrom(...DOWN_STATES);
const status = (ids: fc.Arbitrary<number>): fc.Arbitrary<NativeDownloadStatus> =>
  fc.record({ platform_game_id: ids, state: downState, cur: weirdNumber, total: weirdNumber, speed: weirdNumber });

const entryEvent: fc.Arbitrary<DownloadEntryEvent> = fc.oneof(
  fc.record({ type: fc.constant('bridge.download.state' as const), state: downState }),
  fc.record({ type: fc.constant('bridge.download.progress' as const), cur: weirdNumber, total: weirdNumber, speed: weirdNumber }),
  fc.record({ type: fc.constant('bridge.install.result' as const), code: fc.oneof(fc.constant(1), fc.integer()) }),
  fc.constantFrom<DownloadEntryEvent>(
    { type: 'ui.download' },
    { type: 'ui.pause' },
    { type: 'ui.install' },
    { type: 'ui.open' },
    { type: 'ui.delete' },
    { type: 'list.restored' },
    { type: 'list.start' },
    { type: 'list.continue' },
    { type: 'list.deletePackage', value: true },
  ),
  fc.record({ type: fc.constant('list.sync' as const), status: status(fc.constant(7)) }),
  fc.record({ type: fc.constant('sync.sizes' as const), cur: weirdNumber, total: weirdNumber, speed: weirdNumber }),
);

const nativeAnswer: fc.Arbitrary<BridgeResult> = fc.oneof(
  fc.constant({ ok: true as const, value: '1' }),
  fc.record({ ok: fc.constant(true as const), value: fc.string({ maxLength: 3 }) }),
  fc.record({ ok: fc.constant(false as const), reason: fc.constantFrom('unavailable' as const, 'failed' as const), message: fc.string({ maxLength: 5 }) }),
);
const addressOutcome: fc.Arbitrary<DownloadAddressOutcome> = fc.oneof(
  fc.record({
    kind: fc.constant('ok' as const),
    code: fc.constant(1),
    msg: fc.constant(''),
    data: fc.record({ url: fc.oneof(fc.constant(''), fc.constant(URL_WITH_AMPERSANDS)), md5: fc.option(fc.string({ maxLength: 4 })), size: fc.option(weirdNumber, { nil: undefined }) }),
  }),
  fc.constant({ kind: 'error' as const, reason: 'network' as const, code: null, msg: '网络异常' }),
);

type Step<TEvent> =
  | { kind: 'event'; event: TEvent }
  | { kind: 'settle'; native: BridgeResult; address: DownloadAddressOutcome; reject: boolean; last: boolean }
  | { kind: 'tick'; ms: number };

const step = <TEvent,>(event: fc.Arbitrary<TEvent>): fc.Arbitrary<Step<TEvent>> =>
  fc.oneof(
    { weight: 6, arbitrary: event.map((value) => ({ kind: 'event' as const, event: value })) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const), native: nativeAnswer, address: addressOutcome, reject: fc.boolean(), last: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 1_000 }) }) },
  );

const microtasks = async () => {
  for (let index = 0; index < 8; index += 1) await Promise.resolve();
};

/** Promise actors that wait for the run to settle them, oldest or newest first. */
function pendingCalls() {
  const pending: Array<{ src: 'lookUpAddress' | 'native' | 'sync'; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
  const make = <TOutput, TInput>(src: 'lookUpAddress' | 'native' | 'sync') =>
    fromPromise<TOutput, TInput>(
      ({ signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call = { src, resolve: resolve as (value: unknown) => void, reject };
          pending.push(call);
          signal.addEventListener('abort', () => pending.includes(call) && pending.splice(pending.indexOf(call), 1));
        }),
    );
  async function settle(step: Extract<Step<unknown>, { kind: 'settle' }>, statuses: () => NativeDownloadStatus[]) {
    const call = step.last ? pending.pop() : pending.shift();
    if (!call) return;
    if (step.reject) call.reject(new Error('fuzz'));
    else call.resolve(call.src === 'native' ? step.native : call.src === 'lookUpAddress' ? step.address : statuses());
    await microtasks();
  }
  return { make, settle };
}

function providedEntryMachine(calls: ReturnType<typeof pendingCalls>) {
  return downloadEntryMachine.provide({
    actors: { lookUpAddress: calls.make('lookUpAddress'), native: calls.make('native') },
  });
}

/** Watches one entry actor: every down_state change must be in ALLOWED and match the state's meta. */
function watch(actor: AnyActorRef, failures: string[]) {
  let last: DownState = actor.getSnapshot().context.entry.down_state;
  actor.subscribe({
    next(snapshot) {
      const current: DownState = snapshot.context.entry.down_state;
      if (current !== last && !ALLOWED[last].includes(current)) failures.push(`${last} → ${current}`);
      const meta = metaDownState(snapshot);
      if (meta !== undefined && meta !== current) failures.push(`meta ${meta} but down_state ${current}`);
      last = current;
    },
    error: (error) => failures.push(`error: ${String(error)}`),
  });
}

let entryEvents = 0;
let listEvents = 0;

describe('download entry fuzz', () => {
  it('random sequences never throw and only make ALLOWED moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        downState,
        fc.boolean(),
        fc.boolean(),
        fc.array(step(entryEvent), { minLength: 5, maxLength: 40 }),
        async (stored, added, hasUrl, steps) => {
          const calls = pendingCalls();
          const clock = new SimulatedClock();
          const failures: string[] = [];
          const entry = sampleEntry({ down_state: added ? '0' : stored, url: hasUrl ? URL_WITH_AMPERSANDS : '' });
          const actor = createActor(providedEntryMachine(calls), { clock, input: { entry, deletePackage: false, reportsToParent: false } });
          watch(actor, failures);
          actor.start();
          // Mostly the way the list starts entries; sometimes not at all (the steps may still send it).
          if (added) actor.send({ type: hasUrl ? 'list.restored' : 'list.start' });
          for (const next of steps) {
            // A removed entry is done: the list no longer routes anything to it.
            if (actor.getSnapshot().status !== 'active') break;
            entryEvents += 1;
            if (next.kind === 'event') actor.send(next.event);
            else if (next.kind === 'tick') clock.increment(next.ms);
            else await calls.settle(next, () => []);
          }
          expect(actor.getSnapshot().status).not.toBe('error');
          expect(failures).toEqual([]);
          actor.stop();
        },
      ),
      { numRuns: 1_500 },
    );
    console.log(`download entry fuzz: ${entryEvents} steps`);
    expect(entryEvents).toBeGreaterThanOrEqual(10_000);
  });
});

const ids = fc.integer({ min: 1, max: 5 });
const listGame: fc.Arbitrary<DownloadGame> = fc.record({
  game_id: fc.oneof(fc.constant(425346), fc.integer({ min: 1, max: 3 })),
  platform_game_id: ids,
  platform_id: fc.constant(1),
  platform_game_name: fc.constant('g'),
  game_name: fc.constant('g'),
});
const nativeEvent: fc.Arbitrary<NativeEvent> = fc.oneof(
  fc.record({ type: fc.constant('download.state' as const), platform_game_id: ids, state: downState }),
  fc.record({ type: fc.constant('download.progress' as const), platform_game_id: ids, cur: weirdNumber, total: weirdNumber, speed: weirdNumber }),
  fc.record({ type: fc.constant('install.result' as const), platform_game_id: ids, code: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ type: 'app.resume' as const }),
);
type ListStep = { kind: 'event'; event: DownloadListEvent } | { kind: 'entry'; id: number; event: DownloadEntryEvent };
const listEvent: fc.Arbitrary<ListStep> = fc.oneof(
  fc.record({ type: fc.constant('ui.add' as const), game: listGame }).map((event) => ({ kind: 'event' as const, event })),
  fc.record({ type: fc.constant('bridge.event' as const), event: nativeEvent }).map((event) => ({ kind: 'event' as const, event })),
  fc.record({ type: fc.constant('ui.setDeletePackage' as const), value: fc.boolean() }).map((event) => ({ kind: 'event' as const, event })),
  fc.constant({ kind: 'event' as const, event: { type: 'app.resumed' as const } }),
  fc.record({ kind: fc.constant('entry' as const), id: ids, event: entryEvent }),
);

describe('download list fuzz', () => {
  it('random sequences never throw, keep one entry per id, and only make ALLOWED moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step(listEvent), { minLength: 10, maxLength: 50 }), fc.array(status(ids), { maxLength: 4 }), async (steps, statuses) => {
        const calls = pendingCalls();
        const clock = new SimulatedClock();
        const failures: string[] = [];
        const persisted: number[][] = [];
        const watched = new Set<AnyActorRef>();
        const actor = createActor(
          downloadListMachine.provide({
            actors: { downloadEntry: providedEntryMachine(calls), syncFromNative: calls.make('sync') },
            actions: { persist: (_, params) => void persisted.push(params.entries.map((entry) => entry.platform_game_id)) },
          }),
          { clock, input: { insideWrapper: true, stored: JSON.stringify([sampleEntry({ platform_game_id: 1, down_state: '2' })]), deletePackage: null } },
        );
        actor.subscribe({
          next(snapshot) {
            for (const ref of Object.values(snapshot.context.entries)) {
              if (!watched.has(ref)) {
                watched.add(ref);
                watch(ref, failures);
              }
            }
          },
          error: (error) => failures.push(`list error: ${String(error)}`),
        });
        actor.start();
        for (const next of steps) {
          listEvents += 1;
          if (next.kind === 'tick') clock.increment(next.ms);
          else if (next.kind === 'settle') await calls.settle(next, () => statuses);
          else if (next.event.kind === 'event') actor.send(next.event.event);
          else actor.getSnapshot().context.entries[next.event.id]?.send(next.event.event);
          const { order, entries } = actor.getSnapshot().context;
          expect(new Set(order).size).toBe(order.length);
          expect(Object.keys(entries).map(Number).sort()).toEqual([...order].sort());
        }
        expect(actor.getSnapshot().status).toBe('active');
        expect(failures).toEqual([]);
        for (const write of persisted) expect(new Set(write).size).toBe(write.length);
        actor.stop();
      }),
      { numRuns: 400 },
    );
    console.log(`download list fuzz: ${listEvents} steps`);
    expect(listEvents).toBeGreaterThanOrEqual(5_000);
  });
});
