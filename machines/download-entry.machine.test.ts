import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { DOWN_STATES, type DownState } from '../bridge/definitions.ts';
import { ADDRESS_MISSING, address, ANSWER, MB, metaDownState, providedEntry, emptyEffects, sampleEntry, startEntry, URL_WITH_AMPERSANDS } from '../model-tests/download-entry.kit.ts';
import { DOWNLOAD_ADDRESS_TOAST_MS, FAILED_ENTRY_REMOVAL_MS } from './constants.ts';
import { downloadEntryMachine } from './download-entry.machine.ts';
import { escapeAddress, speedText, withProgress } from './download-entry.setup.ts';
import { ALLOWED } from './download-transitions.ts';

const TOAST = { message: '下载地址异常，请联系客服', durationMs: DOWNLOAD_ADDRESS_TOAST_MS };
const ESCAPED = 'https://cdn.example.com/legend.apk?a=1%26b=2%26c=3';

/** An entry in `state`: 0 only exists for a game just added (its lookup in flight). */
const startIn = (state: DownState) => (state === '0' ? startEntry({}, { added: true }) : startEntry({ down_state: state, url: URL_WITH_AMPERSANDS }));

describe('download entry: helpers', () => {
  it('writes the speed in megabytes with one decimal, zero as 0M/s', () => {
    expect(speedText(1.5 * MB)).toBe('1.5M/s');
    expect(speedText(2 * MB)).toBe('2.0M/s');
    expect(speedText(0)).toBe('0M/s');
    expect(speedText(1000)).toBe('0M/s');
    expect(speedText(-5)).toBe('0M/s');
    expect(speedText(Number.NaN)).toBe('0M/s');
  });

  it("escapes every '&' of a reported address as %26 (PROTOCOL §7)", () => {
    expect(escapeAddress(URL_WITH_AMPERSANDS)).toBe(ESCAPED);
    expect(escapeAddress('')).toBe('');
  });

  it('keeps the last known total when a progress reports 0, and reads negative sizes as 0', () => {
    const entry = sampleEntry({ totalSize: 100 });
    expect(withProgress(entry, { cur: -1, total: 0, speed: 0 })).toMatchObject({ curSize: 0, totalSize: 100 });
  });

  it('names every SPEC state as a top-level state with meta.downState', () => {
    const metas = Object.values(downloadEntryMachine.root.states).map((node) => (node.meta as { downState?: DownState } | undefined)?.downState);
    expect(metas.filter(Boolean).sort()).toEqual([...DOWN_STATES]);
  });
});

describe('download entry: adding a game (queued 0)', () => {
  it('looks the address up, records the download, asks native to download, and is downloading on "1"', async () => {
    const t = startEntry({}, { added: true });
    expect(t.downState()).toBe('0');
    expect(t.snapshot().hasTag('busy')).toBe(true);
    expect(t.calls.lastInput('lookUpAddress')).toEqual({ platformGameId: 7 });
    await t.calls.resolve('lookUpAddress', address());
    expect(t.effects.recordDown).toEqual([{ platform_game_id: 7, game_id: 70 }]);
    expect(t.entry().url).toBe(URL_WITH_AMPERSANDS);
    expect(t.downState()).toBe('0');
    const call = t.calls.lastInput('native') as { method: string; args: string[] };
    expect(call.method).toBe('downloadGame');
    expect(call.args.slice(0, 2)).toEqual([URL_WITH_AMPERSANDS, '7']);
    expect(JSON.parse(call.args[2]!)).toEqual({ md5: 'abc123', size: 52_428_800, package_name: 'com.lewan.legend', game_name: '乐玩传奇' });
    await t.calls.resolve('native', ANSWER.one);
    expect(t.downState()).toBe('1');
    expect(t.snapshot().matches({ downloading: 'running' })).toBe(true);
    expect(t.snapshot().context.fallback).toBe(false);
  });

  it.each([
    ['answers without a url', address('')],
    ['answers -1', ADDRESS_MISSING],
  ])('a lookup that %s removes the entry after exactly 500 ms and toasts for 3 s', async (_, outcome) => {
    const t = startEntry({}, { added: true });
    await t.calls.resolve('lookUpAddress', outcome);
    expect(t.effects.showToast).toEqual([TOAST]);
    expect(t.effects.recordDown).toEqual([]);
    t.clock.increment(FAILED_ENTRY_REMOVAL_MS - 1);
    expect(t.snapshot().matches('removing')).toBe(true);
    t.clock.increment(1);
    expect(t.snapshot().matches('removed')).toBe(true);
    expect(t.snapshot().status).toBe('done');
  });

  it('a lookup that rejects removes the entry the same way', async () => {
    const t = startEntry({}, { added: true });
    await t.calls.reject('lookUpAddress', new Error('network'));
    expect(t.effects.showToast).toEqual([TOAST]);
    t.clock.increment(FAILED_ENTRY_REMOVAL_MS);
    expect(t.snapshot().status).toBe('done');
  });

  it("native 'unavailable' hands the url to the browser: fallback mode", async () => {
    const t = startEntry({}, { added: true });
    await t.calls.resolve('lookUpAddress', address());
    await t.calls.resolve('native', ANSWER.unavailable);
    expect(t.effects.openInBrowser).toEqual([{ url: URL_WITH_AMPERSANDS }]);
    expect(t.snapshot().context.fallback).toBe(true);
    expect(t.downState()).toBe('1');
  });

  it.each([['refuses ("0")', ANSWER.zero], ['fails', ANSWER.failed]])('native that %s leaves the entry failed (4)', async (_, answer) => {
    const t = startEntry({}, { added: true });
    await t.calls.resolve('lookUpAddress', address());
    await t.calls.resolve('native', answer);
    expect(t.downState()).toBe('4');
  });
});

describe('download entry: native state 4', () => {
  it('in fallback mode: reports the address, toasts 3 s and removes the entry after exactly 500 ms', async () => {
    const t = startEntry({}, { added: true });
    await t.calls.resolve('lookUpAddress', address());
    await t.calls.resolve('native', ANSWER.unavailable);
    t.actor.send({ type: 'bridge.download.state', state: '4' });
    expect(t.effects.reportAddress).toEqual([{ platform_game_id: 7, game_id: 70, address: ESCAPED }]);
    expect(t.effects.showToast).toEqual([TOAST]);
    expect(t.downState()).toBe('4');
    t.clock.increment(FAILED_ENTRY_REMOVAL_MS - 1);
    expect(t.snapshot().matches('removing')).toBe(true);
    t.clock.increment(1);
    expect(t.snapshot().matches('removed')).toBe(true);
  });

  it('otherwise: failed (4), the address reported, no toast, the entry stays', () => {
    const t = startEntry({ down_state: '2', url: URL_WITH_AMPERSANDS });
    t.actor.send({ type: 'bridge.download.state', state: '4' });
    expect(t.downState()).toBe('4');
    expect(t.effects.reportAddress).toEqual([{ platform_game_id: 7, game_id: 70, address: ESCAPED }]);
    expect(t.effects.showToast).toEqual([]);
    t.clock.increment(10 * FAILED_ENTRY_REMOVAL_MS);
    expect(t.snapshot().matches('failed')).toBe(true);
    t.actor.send({ type: 'bridge.download.state', state: '4' });
    expect(t.effects.reportAddress).toHaveLength(1);
  });
});

describe('download entry: progress and finish', () => {
  it('a progress sets 2 with sizes and speed; the first one reports the game size once', () => {
    const t = startEntry({ down_state: '1', url: URL_WITH_AMPERSANDS });
    t.actor.send({ type: 'bridge.download.progress', cur: 10 * MB, total: 50 * MB, speed: 1.5 * MB });
    expect(t.downState()).toBe('2');
    expect(t.entry()).toMatchObject({ curSize: 10 * MB, totalSize: 50 * MB, spent: '1.5M/s' });
    t.actor.send({ type: 'bridge.download.progress', cur: 20 * MB, total: 50 * MB, speed: 0 });
    expect(t.entry()).toMatchObject({ curSize: 20 * MB, spent: '0M/s' });
    expect(t.effects.recordGameSize).toEqual([{ game_id: 70, game_size: 50 * MB }]);
  });

  it('a restored entry that already had a total does not report its size again', () => {
    const t = startEntry({ down_state: '6', url: URL_WITH_AMPERSANDS, curSize: MB, totalSize: 50 * MB });
    t.actor.send({ type: 'ui.download' });
    t.actor.send({ type: 'bridge.download.progress', cur: 2 * MB, total: 50 * MB, speed: MB });
    expect(t.downState()).toBe('2');
    expect(t.effects.recordGameSize).toEqual([]);
  });

  it('state 3 finishes: size = total, speed 0M/s, tracking point 49 exactly once', () => {
    const t = startEntry({ down_state: '2', url: URL_WITH_AMPERSANDS, curSize: 40 * MB, totalSize: 50 * MB, spent: '2.0M/s' });
    t.actor.send({ type: 'bridge.download.state', state: '3' });
    expect(t.downState()).toBe('3');
    expect(t.entry()).toMatchObject({ curSize: 50 * MB, totalSize: 50 * MB, spent: '0M/s' });
    expect(t.effects.trackPoint).toEqual([{ point_id: 49, point_title: '下载完成', game_id: 70, platform_game_id: 7, platform_id: 3 }]);
    t.actor.send({ type: 'bridge.download.state', state: '3' });
    t.actor.send({ type: 'list.sync', status: { platform_game_id: 7, state: '3', cur: 50 * MB, total: 50 * MB, speed: 0 } });
    expect(t.effects.trackPoint).toHaveLength(1);
    expect(t.effects.unsolicited).toEqual([]);
  });

  it('a late progress after a finish is unsolicited and changes nothing', () => {
    const t = startEntry({ down_state: '3', totalSize: 50 * MB, curSize: 50 * MB });
    const before = t.entry();
    t.actor.send({ type: 'bridge.download.progress', cur: MB, total: 50 * MB, speed: MB });
    expect(t.entry()).toEqual(before);
    expect(t.effects.unsolicited.map((u) => u.event.type)).toEqual(['bridge.download.progress']);
  });
});

describe('download entry: web-side actions', () => {
  it('pauses only when native answers "1"', async () => {
    const t = startEntry({ down_state: '2', url: URL_WITH_AMPERSANDS });
    for (const answer of [ANSWER.zero, ANSWER.unavailable, ANSWER.failed]) {
      t.actor.send({ type: 'ui.pause' });
      expect(t.calls.lastInput('native')).toEqual({ method: 'pauseDownload', args: ['7'] });
      expect(t.snapshot().hasTag('busy')).toBe(true);
      await t.calls.resolve('native', answer);
      expect(t.downState()).toBe('2');
      expect(t.snapshot().matches({ progressing: 'running' })).toBe(true);
    }
    t.actor.send({ type: 'ui.pause' });
    await t.calls.resolve('native', ANSWER.one);
    expect(t.downState()).toBe('6');
  });

  it('a late progress after a successful pause does not resume it', async () => {
    const t = startEntry({ down_state: '1', url: URL_WITH_AMPERSANDS });
    t.actor.send({ type: 'ui.pause' });
    await t.calls.resolve('native', ANSWER.one);
    t.actor.send({ type: 'bridge.download.progress', cur: MB, total: 50 * MB, speed: MB });
    expect(t.downState()).toBe('6');
    expect(t.effects.unsolicited).toHaveLength(1);
  });

  it('progress while the pause call is in flight is taken, and the pause still lands', async () => {
    const t = startEntry({ down_state: '2', url: URL_WITH_AMPERSANDS });
    t.actor.send({ type: 'ui.pause' });
    t.actor.send({ type: 'bridge.download.progress', cur: 3 * MB, total: 50 * MB, speed: MB });
    expect(t.entry().curSize).toBe(3 * MB);
    await t.calls.resolve('native', ANSWER.one);
    expect(t.downState()).toBe('6');
  });

  it.each(['6', '4'] as const)('continues from %s with the stored url (no lookup)', async (state) => {
    const t = startEntry({ down_state: state, url: URL_WITH_AMPERSANDS });
    t.actor.send({ type: 'ui.download' });
    expect(t.downState()).toBe('1');
    expect(t.calls.isPending('lookUpAddress')).toBe(false);
    expect((t.calls.lastInput('native') as { method: string }).method).toBe('downloadGame');
    await t.calls.resolve('native', ANSWER.one);
    expect(t.snapshot().matches({ downloading: 'running' })).toBe(true);
    expect(t.effects.recordDown).toEqual([]);
  });

  it('continues without a url by looking the address up again', async () => {
    const t = startEntry({ down_state: '6' });
    t.actor.send({ type: 'ui.download' });
    expect(t.calls.lastInput('lookUpAddress')).toEqual({ platformGameId: 7 });
    await t.calls.resolve('lookUpAddress', address());
    expect((t.calls.lastInput('native') as { args: string[] }).args[0]).toBe(URL_WITH_AMPERSANDS);
  });

  it('a failed lookup on continue removes the entry like a failed add', async () => {
    const t = startEntry({ down_state: '6' });
    t.actor.send({ type: 'ui.download' });
    await t.calls.resolve('lookUpAddress', ADDRESS_MISSING);
    expect(t.effects.showToast).toEqual([TOAST]);
    t.clock.increment(FAILED_ENTRY_REMOVAL_MS);
    expect(t.snapshot().status).toBe('done');
  });

  it.each([
    [false, '0'],
    [true, '1'],
  ] as const)('installs with deletePackage %s → "%s"; stays finished until the result', async (deletePackage, flag) => {
    const t = startEntry({ down_state: '3' }, { deletePackage });
    t.actor.send({ type: 'ui.install' });
    expect(t.calls.lastInput('native')).toEqual({ method: 'installApp', args: ['7', flag] });
    await t.calls.resolve('native', ANSWER.one);
    expect(t.downState()).toBe('3');
  });

  it('the ispackage preference reaches the entry (list.deletePackage)', () => {
    const t = startEntry({ down_state: '3' });
    t.actor.send({ type: 'list.deletePackage', value: true });
    t.actor.send({ type: 'ui.install' });
    expect(t.calls.lastInput('native')).toEqual({ method: 'installApp', args: ['7', '1'] });
  });

  it('install result 1 → installed (5); 2 → finished (3); outside 3 → unsolicited', () => {
    const t = startEntry({ down_state: '3' });
    t.actor.send({ type: 'bridge.install.result', code: 2 });
    expect(t.downState()).toBe('3');
    t.actor.send({ type: 'bridge.install.result', code: 1 });
    expect(t.downState()).toBe('5');
    t.actor.send({ type: 'bridge.install.result', code: 2 });
    expect(t.downState()).toBe('5');
    expect(t.effects.unsolicited.map((u) => u.reason)).toEqual(['bridge.install.result is not accepted in down_state 5']);
  });

  it('opens an installed app by its package name', async () => {
    const t = startEntry({ down_state: '5' });
    t.actor.send({ type: 'ui.open' });
    expect(t.calls.lastInput('native')).toEqual({ method: 'openApp', args: ['com.lewan.legend'] });
    await t.calls.resolve('native', ANSWER.zero);
    expect(t.snapshot().matches({ installed: 'idle' })).toBe(true);
  });

  it.each(DOWN_STATES.map((state) => [state]))('delete from %s calls native deleteDownload and removes the entry whatever it answers', async (state) => {
    const t = startIn(state);
    t.actor.send({ type: 'ui.delete' });
    expect(t.calls.lastInput('native')).toEqual({ method: 'deleteDownload', args: ['7'] });
    t.actor.send({ type: 'ui.delete' });
    await t.calls.resolve('native', ANSWER.zero);
    expect(t.snapshot().status).toBe('done');
    expect(t.calls.calls.filter((call) => call.id === 'native')).toHaveLength(1);
  });
});

describe('download entry: restore and sync', () => {
  it.each([
    ['0', '6'],
    ['1', '6'],
    ['2', '6'],
    ['3', '3'],
    ['4', '4'],
    ['5', '5'],
    ['6', '6'],
  ] as const)('list.restored takes a stored %s to %s', (stored, expected) => {
    const effects = emptyEffects();
    const actor = createActor(providedEntry(effects).machine, { input: { entry: sampleEntry({ down_state: stored }), deletePackage: false, reportsToParent: false } }).start();
    expect(actor.getSnapshot().matches('created')).toBe(true);
    actor.send({ type: 'list.restored' });
    expect(actor.getSnapshot().context.entry.down_state).toBe(expected);
    expect(metaDownState(actor.getSnapshot())).toBe(expected);
    actor.send({ type: 'list.restored' });
    expect(actor.getSnapshot().context.entry.down_state).toBe(expected);
    expect(effects.unsolicited).toEqual([]);
  });

  it('list.start starts only an entry the list just added (state 0)', () => {
    const effects = emptyEffects();
    const actor = createActor(providedEntry(effects).machine, { input: { entry: sampleEntry({ down_state: '3' }), deletePackage: false, reportsToParent: false } }).start();
    actor.send({ type: 'list.start' });
    expect(actor.getSnapshot().matches('created')).toBe(true);
    expect(effects.unsolicited).toHaveLength(1);
  });

  it("applies native's view after a return: state and sizes", () => {
    const t = startEntry({ down_state: '6', url: URL_WITH_AMPERSANDS, totalSize: 50 * MB, curSize: MB });
    t.actor.send({ type: 'list.sync', status: { platform_game_id: 7, state: '1', cur: 5 * MB, total: 50 * MB, speed: 2 * MB } });
    expect(t.downState()).toBe('1');
    expect(t.entry()).toMatchObject({ curSize: 5 * MB, spent: '2.0M/s' });
    t.actor.send({ type: 'list.sync', status: { platform_game_id: 7, state: '3', cur: 50 * MB, total: 50 * MB, speed: 0 } });
    expect(t.downState()).toBe('3');
    expect(t.entry().curSize).toBe(50 * MB);
    expect(t.effects.trackPoint).toHaveLength(1);
  });

  it('a sync native state the entry may not take is unsolicited and changes nothing', () => {
    const t = startEntry({ down_state: '5' });
    const before = t.entry();
    t.actor.send({ type: 'list.sync', status: { platform_game_id: 7, state: '2', cur: 1, total: 2, speed: 3 } });
    expect(t.entry()).toEqual(before);
    expect(t.effects.unsolicited.map((u) => u.event.type)).toEqual(['bridge.download.state']);
  });
});

describe('download entry: agrees with ALLOWED', () => {
  const starts = DOWN_STATES.map((from) => [from] as const);

  it.each(starts)('native state events from %s move exactly where ALLOWED says', (from) => {
    for (const to of DOWN_STATES) {
      const t = startIn(from);
      t.actor.send({ type: 'bridge.download.state', state: to });
      const allowed = ALLOWED[from].includes(to);
      expect(t.downState(), `${from} → ${to}`).toBe(allowed ? to : from);
      expect(metaDownState(t.snapshot()), `${from} → ${to}`).toBe(allowed ? to : from);
      expect(t.effects.unsolicited.length, `${from} → ${to}`).toBe(allowed ? 0 : 1);
    }
  });

  it.each(starts)('progress from %s moves to 2 only when ALLOWED', (from) => {
    const t = startIn(from);
    t.actor.send({ type: 'bridge.download.progress', cur: 1, total: 2, speed: 3 });
    expect(t.downState()).toBe(ALLOWED[from].includes('2') ? '2' : from);
  });

  it.each(starts)('install results from %s move only when ALLOWED', (from) => {
    for (const code of [1, 2]) {
      const t = startIn(from);
      t.actor.send({ type: 'bridge.install.result', code });
      const to = code === 1 ? '5' : '3';
      expect(t.downState()).toBe(ALLOWED[from].includes(to) && from === '3' ? to : from);
    }
  });

  it('an entry without a list around it never fails on notifications', () => {
    const effects = emptyEffects();
    const actor = createActor(providedEntry(effects).machine, { input: { entry: sampleEntry({ down_state: '1' }), deletePackage: false, reportsToParent: false } }).start();
    actor.send({ type: 'list.restored' });
    actor.send({ type: 'bridge.download.state', state: '1' });
    actor.send({ type: 'bridge.download.progress', cur: 1, total: 2, speed: 3 });
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('download entry: who hears about changes', () => {
  /** A parent like the list: it invokes one entry and records what the entry sends it. */
  function underParent(reportsToParent: boolean) {
    const heard: string[] = [];
    const parent = setup({ actors: { entry: providedEntry(emptyEffects()).machine } }).createMachine({
      invoke: { id: 'entry', src: 'entry', input: { entry: sampleEntry({ down_state: '1', url: URL_WITH_AMPERSANDS }), deletePackage: false, reportsToParent } },
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    });
    const actor = createActor(parent).start();
    return { actor, heard, entry: () => actor.getSnapshot().children.entry! };
  }

  it('tells the parent that spawned it to persist (reportsToParent, as the list spawns it)', () => {
    const t = underParent(true);
    t.entry().send({ type: 'list.restored' });
    expect(t.entry().getSnapshot().context.entry.down_state).toBe('6');
    expect(t.heard).toContain('entry.changed');
  });

  it('tells no one when its input does not ask for it, even with a parent', () => {
    const t = underParent(false);
    t.entry().send({ type: 'list.restored' });
    expect(t.entry().getSnapshot().context.entry.down_state).toBe('6');
    expect(t.heard).toEqual([]);
  });
});
