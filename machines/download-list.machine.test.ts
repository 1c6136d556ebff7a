import { describe, expect, it } from 'vitest';
import { address, ANSWER, MB, URL_WITH_AMPERSANDS } from '../model-tests/download-entry.kit.ts';
import { game, startList, stored } from '../model-tests/download-list.kit.ts';
import { DOWNLOAD_ADDRESS_TOAST_MS, FAILED_ENTRY_REMOVAL_MS, SPECIAL_GAME_ID } from './constants.ts';
import { parseDownList, serializeDownList } from './down-list-storage.ts';
import { PERSIST_THROTTLE_MS } from './download-list.setup.ts';

const progress = (platformGameId: number, cur: number) => ({
  type: 'bridge.event' as const,
  event: { type: 'download.progress' as const, platform_game_id: platformGameId, cur, total: 50 * MB, speed: MB },
});

describe('download list: start', () => {
  it('restores both of two in-progress downloads as paused after a reload, and persists that', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '1', url: 'u1' }, { platform_game_id: 2, down_state: '2', url: 'u2', totalSize: 9 }) });
    expect(t.context().order).toEqual([1, 2]);
    expect(t.stateOf(1)).toBe('6');
    expect(t.stateOf(2)).toBe('6');
    expect(t.context().restored).toBe(true);
    expect(t.lastPersisted()?.map((entry) => [entry.platform_game_id, entry.down_state])).toEqual([
      [1, '6'],
      [2, '6'],
    ]);
  });

  it('keeps finished, failed and installed entries as they were, and names entry actors entry-<id>', () => {
    const t = startList({ stored: stored({ platform_game_id: 3, down_state: '3' }, { platform_game_id: 4, down_state: '4' }, { platform_game_id: 5, down_state: '5' }) });
    expect([3, 4, 5].map(t.stateOf)).toEqual(['3', '4', '5']);
    expect(t.entryOf(3)?.id).toBe('entry-3');
    expect(t.actor.system.get('entry-4')).toBe(t.entryOf(4));
    expect(t.persisted).toEqual([]);
  });

  it('drops invalid and duplicate stored entries, and rewrites the cleaned list', () => {
    const raw = JSON.stringify([{ platform_game_id: 'x' }, JSON.parse(stored({ platform_game_id: 8, down_state: '3' }))[0], JSON.parse(stored({ platform_game_id: 8, down_state: '5' }))[0]]);
    const t = startList({ stored: raw });
    expect(t.context().dropped).toBe(2);
    expect(t.context().order).toEqual([8]);
    expect(t.lastPersisted()?.map((entry) => entry.down_state)).toEqual(['3']);
  });

  it('reads ispackage: "1" deletes the package after install', () => {
    expect(startList({ deletePackage: '1' }).context().deletePackage).toBe(true);
    expect(startList({ deletePackage: '0' }).context().deletePackage).toBe(false);
    expect(startList({ deletePackage: null }).context().deletePackage).toBe(false);
  });
});

describe('download list: adding', () => {
  it('adds a new game newest first in state 0, persists at once, and starts it', async () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '3' }) });
    t.actor.send({ type: 'ui.add', game: game(9) });
    expect(t.context().order).toEqual([9, 1]);
    expect(t.stateOf(9)).toBe('0');
    expect(t.lastPersisted()?.map((entry) => [entry.platform_game_id, entry.down_state])).toEqual([
      [9, '0'],
      [1, '3'],
    ]);
    await t.entryCalls.resolve('lookUpAddress', address());
    expect(t.effects.recordDown).toEqual([{ platform_game_id: 9, game_id: 90 }]);
    expect(t.lastPersisted()?.[0]?.url).toBe(URL_WITH_AMPERSANDS);
    await t.entryCalls.resolve('native', ANSWER.one);
    expect(t.stateOf(9)).toBe('1');
    expect(t.lastPersisted()?.[0]?.down_state).toBe('1');
  });

  it('ignores adds outside the wrapper (the browser-download machine handles them)', () => {
    const t = startList({ insideWrapper: false });
    t.actor.send({ type: 'ui.add', game: game(9) });
    expect(t.context().order).toEqual([]);
    expect(t.entryCalls.calls).toEqual([]);
  });

  it('does not add a listed game twice; a paused one continues', async () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '6', url: URL_WITH_AMPERSANDS }) });
    t.actor.send({ type: 'ui.add', game: game(1) });
    expect(t.context().order).toEqual([1]);
    expect(t.stateOf(1)).toBe('1');
    expect((t.entryCalls.lastInput('native') as { method: string }).method).toBe('downloadGame');
    t.actor.send({ type: 'ui.add', game: game(1) });
    expect(t.entryCalls.calls.filter((call) => call.id === 'native')).toHaveLength(1);
    expect(t.effects.unsolicited).toEqual([]);
  });

  it(`skips game ${SPECIAL_GAME_ID} when the list already holds it, even paused or as another platform version`, () => {
    const t = startList({ stored: stored({ platform_game_id: 1, game_id: SPECIAL_GAME_ID, down_state: '6', url: URL_WITH_AMPERSANDS }) });
    t.actor.send({ type: 'ui.add', game: game(1, SPECIAL_GAME_ID) });
    expect(t.stateOf(1)).toBe('6');
    t.actor.send({ type: 'ui.add', game: game(2, SPECIAL_GAME_ID) });
    expect(t.context().order).toEqual([1]);
    expect(t.entryCalls.calls).toEqual([]);
  });

  it(`adds game ${SPECIAL_GAME_ID} when the list does not hold it`, () => {
    const t = startList();
    t.actor.send({ type: 'ui.add', game: game(1, SPECIAL_GAME_ID) });
    expect(t.context().order).toEqual([1]);
  });

  it('a failed lookup removes the new entry after exactly 500 ms with a 3 s toast, and persists without it', async () => {
    const t = startList();
    t.actor.send({ type: 'ui.add', game: game(9) });
    await t.entryCalls.resolve('lookUpAddress', address(''));
    expect(t.effects.showToast).toEqual([{ message: '下载地址异常，请联系客服', durationMs: DOWNLOAD_ADDRESS_TOAST_MS }]);
    t.clock.increment(FAILED_ENTRY_REMOVAL_MS - 1);
    expect(t.context().order).toEqual([9]);
    t.clock.increment(1);
    expect(t.context().order).toEqual([]);
    expect(t.context().entries[9]).toBeUndefined();
    expect(t.lastPersisted()).toEqual([]);
    // The same game can be added again (its actor id and systemId are free again).
    t.actor.send({ type: 'ui.add', game: game(9) });
    expect(t.stateOf(9)).toBe('0');
  });

  it('a fallback-mode entry that native reports failed is removed after 500 ms', async () => {
    const t = startList();
    t.actor.send({ type: 'ui.add', game: game(9) });
    await t.entryCalls.resolve('lookUpAddress', address());
    await t.entryCalls.resolve('native', ANSWER.unavailable);
    expect(t.effects.openInBrowser).toEqual([{ url: URL_WITH_AMPERSANDS }]);
    t.actor.send({ type: 'bridge.event', event: { type: 'download.state', platform_game_id: 9, state: '4' } });
    expect(t.effects.reportAddress).toHaveLength(1);
    t.clock.increment(FAILED_ENTRY_REMOVAL_MS);
    expect(t.context().order).toEqual([]);
  });
});

describe('download list: native events', () => {
  it('routes state, progress and install results to the entry with that id', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '3' }, { platform_game_id: 2, down_state: '6' }) });
    t.actor.send({ type: 'bridge.event', event: { type: 'install.result', platform_game_id: 1, code: 1 } });
    t.actor.send({ type: 'bridge.event', event: { type: 'download.state', platform_game_id: 2, state: '3' } });
    expect([t.stateOf(1), t.stateOf(2)]).toEqual(['5', '3']);
    expect(t.effects.trackPoint).toHaveLength(1);
  });

  it('events for ids the list does not hold are unsolicited and change nothing', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '6' }) });
    const before = t.context();
    t.actor.send(progress(99, 1));
    t.actor.send({ type: 'bridge.event', event: { type: 'install.result', platform_game_id: 98, code: 1 } });
    expect(t.context()).toBe(before);
    expect(t.listUnsolicited.map((u) => u.reason)).toEqual([
      'native download.progress names no entry of the list',
      'native install.result names no entry of the list',
    ]);
  });

  it('a progress re-renders only its own entry: the list snapshot keeps order and entries', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '1' }, { platform_game_id: 2, down_state: '1' }) });
    const { order, entries } = t.context();
    const other = t.entryOf(2)!.getSnapshot();
    t.actor.send(progress(1, MB));
    expect(t.context().order).toBe(order);
    expect(t.context().entries).toBe(entries);
    expect(t.entryOf(2)!.getSnapshot()).toBe(other);
  });

  it('on app.resume: one getDownloadStates, then each entry takes native’s view; unknown ids are unsolicited', async () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '2', url: 'u' }, { platform_game_id: 2, down_state: '1', url: 'u' }) });
    t.actor.send({ type: 'bridge.event', event: { type: 'app.resume' } });
    t.actor.send({ type: 'app.resumed' });
    expect(t.syncCalls()).toBe(1);
    await t.answerSync([
      { platform_game_id: 1, state: '3', cur: 50 * MB, total: 50 * MB, speed: 0 },
      { platform_game_id: 2, state: '1', cur: 5 * MB, total: 50 * MB, speed: MB },
      { platform_game_id: 77, state: '1', cur: 0, total: 0, speed: 0 },
    ]);
    expect(t.stateOf(1)).toBe('3');
    expect(t.stateOf(2)).toBe('1');
    expect(t.entryOf(2)!.getSnapshot().context.entry.curSize).toBe(5 * MB);
    expect(t.listUnsolicited).toHaveLength(1);
    expect(t.lastPersisted()?.map((entry) => entry.down_state)).toEqual(['3', '1']);
  });

  it('does not sync outside the wrapper', () => {
    const t = startList({ insideWrapper: false });
    t.actor.send({ type: 'app.resumed' });
    expect(t.syncCalls()).toBe(0);
  });
});

describe('download list: persistence', () => {
  it('writes progress at most every 500 ms, state changes at once', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '1', url: 'u' }) });
    t.actor.send({ type: 'bridge.event', event: { type: 'download.state', platform_game_id: 1, state: '1' } });
    expect(t.stateOf(1)).toBe('1');
    const writes = t.persisted.length;
    t.actor.send(progress(1, MB)); // state 1 → 2: written at once
    expect(t.persisted.length).toBe(writes + 1);
    t.actor.send(progress(1, 2 * MB));
    t.actor.send(progress(1, 3 * MB));
    t.clock.increment(PERSIST_THROTTLE_MS - 1);
    expect(t.persisted.length).toBe(writes + 1);
    t.clock.increment(1);
    expect(t.persisted.length).toBe(writes + 2);
    expect(t.lastPersisted()?.[0]).toMatchObject({ curSize: 3 * MB, down_state: '2', spent: '1.0M/s' });
    t.actor.send(progress(1, 4 * MB));
    t.actor.send({ type: 'bridge.event', event: { type: 'download.state', platform_game_id: 1, state: '3' } });
    expect(t.persisted.length).toBe(writes + 3);
    t.clock.increment(10 * PERSIST_THROTTLE_MS);
    expect(t.persisted.length).toBe(writes + 3);
    expect(t.lastPersisted()?.[0]).toMatchObject({ curSize: 50 * MB, down_state: '3', spent: '0M/s' });
  });

  it('persists the whole list in display order, which parses back to the same entries', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '3' }) });
    t.actor.send({ type: 'ui.add', game: game(2) });
    t.actor.send({ type: 'ui.add', game: game(3) });
    const written = t.lastPersisted()!;
    expect(written.map((entry) => entry.platform_game_id)).toEqual([3, 2, 1]);
    expect(parseDownList(serializeDownList(written))).toEqual({ entries: written, dropped: 0 });
  });

  it('ui.delete removes the entry, stops its actor and persists the list without it', async () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '3' }, { platform_game_id: 2, down_state: '6' }) });
    const entry = t.entryOf(1)!;
    entry.send({ type: 'ui.delete' });
    await t.entryCalls.resolve('native', ANSWER.one);
    expect(t.context().order).toEqual([2]);
    expect(entry.getSnapshot().status).not.toBe('active');
    expect(t.lastPersisted()?.map((e) => e.platform_game_id)).toEqual([2]);
  });

  it('stores the ispackage preference and installs with it', () => {
    const t = startList({ stored: stored({ platform_game_id: 1, down_state: '3' }) });
    t.actor.send({ type: 'ui.setDeletePackage', value: true });
    expect(t.deletePackage).toEqual(['1']);
    expect(t.context().deletePackage).toBe(true);
    t.entryOf(1)!.send({ type: 'ui.install' });
    expect(t.entryCalls.lastInput('native')).toEqual({ method: 'installApp', args: ['1', '1'] });
    t.actor.send({ type: 'ui.setDeletePackage', value: false });
    expect(t.deletePackage).toEqual(['1', '0']);
  });

  it('reports a game size exactly once per entry, across a reload', () => {
    const first = startList({ stored: stored({ platform_game_id: 1, down_state: '1', url: 'u' }) });
    first.actor.send({ type: 'bridge.event', event: { type: 'download.state', platform_game_id: 1, state: '1' } });
    first.actor.send(progress(1, MB));
    first.actor.send(progress(1, 2 * MB));
    expect(first.effects.recordGameSize).toEqual([{ game_id: 70, game_size: 50 * MB }]);
    first.clock.increment(PERSIST_THROTTLE_MS);
    const second = startList({ stored: serializeDownList(first.lastPersisted()!) });
    expect(second.stateOf(1)).toBe('6');
    second.actor.send({ type: 'bridge.event', event: { type: 'download.state', platform_game_id: 1, state: '1' } });
    second.actor.send(progress(1, 3 * MB));
    expect(second.stateOf(1)).toBe('2');
    expect(second.effects.recordGameSize).toEqual([]);
  });
});
