import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { DOWNLOAD_CALLS } from './download-runtime.ts';
import { addressOf, createFakeDownloads, gameOf, MemoryStorage, progress, settle, stateEvent, type FakeDownloads } from './downloads.test-helper.tsx';
import { eventually } from '../../../tests/helpers/eventually.ts';

/**
 * createDownloadFeature wired to the real bridge adapter over a fake wrapper (LewanNative of
 * vi.fn), a fake api and an in-memory Storage: what the machines do becomes native calls, api
 * calls and the DownList value.
 */

const MB = 1024 * 1024;
const SPEC_FIELDS = [
  'game_id',
  'platform_game_id',
  'platform_id',
  'platform_game_name',
  'url',
  'down_type_carder',
  'game_name',
  'down_state',
  'gameid',
  'gamecopy_id',
  'Package_name',
  'curSize',
  'totalSize',
  'spent',
  'game_daixoa_state',
];

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // Unsolicited and refused events are logged by design; the tests assert on state instead.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

const storedList = (storage: Storage) => JSON.parse(storage.getItem(STORAGE_KEYS.downList) ?? 'null') as Array<Record<string, unknown>> | null;
const callsTo = (downloads: FakeDownloads, path: string) => downloads.call.mock.calls.filter(([called]) => called === path);

/** Adds a game and waits until native was asked to download it. */
async function added(downloads: FakeDownloads, platformGameId = 2001) {
  downloads.list.send({ type: 'ui.add', game: gameOf(platformGameId) });
  await eventually(() => expect(downloads.entryOf(platformGameId)?.down_state).toBe('1'));
}

/** Native events, then the bridge's delivery and the machines settle. */
async function send(downloads: FakeDownloads, ...events: unknown[]) {
  for (const event of events) downloads.sendRaw(event);
  await settle();
}

describe('createDownloadFeature: adding a game', () => {
  it('looks the address up, records the download and asks native to download it with the expected package', async () => {
    const downloads = createFakeDownloads();
    await added(downloads);
    expect(downloads.call).toHaveBeenCalledWith(DOWNLOAD_CALLS.address, { id: 2001 });
    // The device variant: identifiers only with the privacy consent (src/app/device-source.ts).
    expect(downloads.call).toHaveBeenCalledWith(DOWNLOAD_CALLS.record, { platform_game_id: 2001, game_id: 1001 }, { device: true });
    expect(callsTo(downloads, DOWNLOAD_CALLS.record)).toHaveLength(1);
    expect(downloads.native.downloadGame).toHaveBeenCalledOnce();
    const [url, platformGameId, options] = downloads.native.downloadGame.mock.calls[0]!;
    expect(url).toBe(addressOf(2001).url);
    expect(platformGameId).toBe('2001');
    expect(JSON.parse(options)).toEqual({ md5: addressOf(2001).md5, size: addressOf(2001).size, package_name: 'com.lewan.game2001', game_name: '游戏2001' });
    expect(downloads.entryOf(2001)).toMatchObject({ url: addressOf(2001).url, Package_name: 'com.lewan.game2001', down_state: '1' });
  });

  it('native events move the entry 1 → progress (2) → 3; point 49 and recordGameSize go once', async () => {
    const downloads = createFakeDownloads();
    await added(downloads);
    await send(downloads, stateEvent(2001, '1'), progress(2001, MB, 5 * MB, 2 * MB));
    expect(downloads.entryOf(2001)).toMatchObject({ down_state: '2', curSize: MB, totalSize: 5 * MB, spent: '2.0M/s' });
    await send(downloads, progress(2001, 4 * MB, 5 * MB));
    expect(downloads.entryOf(2001)).toMatchObject({ down_state: '2', curSize: 4 * MB });

    await send(downloads, stateEvent(2001, '3'));
    expect(downloads.entryOf(2001)).toMatchObject({ down_state: '3', curSize: 5 * MB, totalSize: 5 * MB, spent: '0M/s' });
    // A repeated finish neither moves nor tracks again.
    await send(downloads, stateEvent(2001, '3'), progress(2001, 5 * MB, 5 * MB));
    expect(callsTo(downloads, DOWNLOAD_CALLS.point)).toEqual([
      [DOWNLOAD_CALLS.point, { point_id: 49, point_title: '下载完成', game_id: 1001, platform_game_id: 2001, platform_id: 7 }, { device: true }],
    ]);
    expect(callsTo(downloads, DOWNLOAD_CALLS.gameSize)).toEqual([[DOWNLOAD_CALLS.gameSize, { game_id: 1001, game_size: 5 * MB }]]);

    const stored = storedList(downloads.storage)!;
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!)).toEqual(SPEC_FIELDS);
    expect(stored[0]).toEqual({
      game_id: 1001,
      platform_game_id: 2001,
      platform_id: 7,
      platform_game_name: '游戏2001 官方版',
      url: addressOf(2001).url,
      down_type_carder: '',
      game_name: '游戏2001',
      down_state: '3',
      gameid: 2001,
      gamecopy_id: 1001,
      Package_name: 'com.lewan.game2001',
      curSize: 5 * MB,
      totalSize: 5 * MB,
      spent: '0M/s',
      game_daixoa_state: '',
    });
  });

  it('install.result 1 installs; installApp hears the ispackage preference', async () => {
    const downloads = createFakeDownloads();
    await added(downloads);
    downloads.list.send({ type: 'ui.setDeletePackage', value: true });
    expect(downloads.storage.getItem(STORAGE_KEYS.deletePackage)).toBe('1');
    await send(downloads, progress(2001, MB, MB), stateEvent(2001, '3'));
    downloads.list.getSnapshot().context.entries[2001]!.send({ type: 'ui.install' });
    await settle();
    expect(downloads.native.installApp).toHaveBeenCalledWith('2001', '1');
    await send(downloads, { type: 'install.result', platform_game_id: 2001, code: 0 });
    expect(downloads.entryOf(2001)?.down_state).toBe('3');
    await send(downloads, { type: 'install.result', platform_game_id: 2001, code: 1 });
    expect(downloads.entryOf(2001)?.down_state).toBe('5');
    downloads.list.send({ type: 'ui.setDeletePackage', value: false });
    expect(downloads.storage.getItem(STORAGE_KEYS.deletePackage)).toBe('0');
  });
});

describe('createDownloadFeature: what native sends is validated', () => {
  it('malformed events change nothing, and are counted as refused', async () => {
    const downloads = createFakeDownloads();
    await added(downloads);
    await send(downloads, progress(2001, MB, 5 * MB));
    const before = downloads.entryOf(2001);
    const storedBefore = downloads.storage.getItem(STORAGE_KEYS.downList);
    const malformed: unknown[] = [
      'not json',
      '{"type":"download.state"',
      '[]',
      'null',
      '{}',
      { type: 'download.exploded', platform_game_id: 2001 },
      { type: 'download.state', platform_game_id: 2001, state: '9' },
      { type: 'download.state', platform_game_id: 2001, state: 3.5 },
      { type: 'download.state', platform_game_id: 0, state: '6' },
      { type: 'download.state', platform_game_id: '2001x', state: '6' },
      { type: 'download.progress', platform_game_id: 2001, cur: -1, total: 5 * MB, speed: 0 },
      { type: 'download.progress', platform_game_id: 2001, cur: 6 * MB, total: 5 * MB, speed: 0 },
      { type: 'download.progress', platform_game_id: 2001, cur: 'lots', total: 5 * MB, speed: 0 },
      { type: 'download.progress', platform_game_id: 2001, cur: MB, total: 5 * MB },
      { type: 'install.result', platform_game_id: 2001, code: 'yes' },
      JSON.stringify({ type: 'download.state', platform_game_id: 2001, state: '6', pad: 'x'.repeat(5000) }),
    ];
    await send(downloads, ...malformed);
    expect(downloads.bridge.rejectedCount()).toBe(malformed.length);
    // Valid events the entry's state does not accept, or for a game the list does not hold, change nothing either.
    await send(downloads, stateEvent(9999, '3'), stateEvent(2001, '5'), { type: 'install.result', platform_game_id: 2001, code: 1 });
    expect(downloads.entryOf(2001)).toEqual(before);
    expect(downloads.list.getSnapshot().context.order).toEqual([2001]);
    expect(downloads.storage.getItem(STORAGE_KEYS.downList)).toBe(storedBefore);
    expect(callsTo(downloads, DOWNLOAD_CALLS.point)).toHaveLength(0);
  });
});

describe('createDownloadFeature: pause', () => {
  it("native answering '1' pauses (6)", async () => {
    const downloads = createFakeDownloads();
    await added(downloads);
    await send(downloads, progress(2001, MB, 5 * MB));
    downloads.list.getSnapshot().context.entries[2001]!.send({ type: 'ui.pause' });
    await settle();
    expect(downloads.native.pauseDownload).toHaveBeenCalledWith('2001');
    expect(downloads.entryOf(2001)?.down_state).toBe('6');
    expect(storedList(downloads.storage)?.[0]?.down_state).toBe('6');
  });

  it("native answering '0' leaves the download running", async () => {
    const downloads = createFakeDownloads();
    downloads.native.pauseDownload.mockReturnValue('0');
    await added(downloads);
    await send(downloads, progress(2001, MB, 5 * MB));
    const entry = downloads.list.getSnapshot().context.entries[2001]!;
    entry.send({ type: 'ui.pause' });
    await settle();
    expect(downloads.native.pauseDownload).toHaveBeenCalledOnce();
    expect(downloads.entryOf(2001)?.down_state).toBe('2');
    expect(entry.getSnapshot().hasTag('busy')).toBe(false);
    // Still running: progress keeps coming in.
    await send(downloads, progress(2001, 2 * MB, 5 * MB));
    expect(downloads.entryOf(2001)?.curSize).toBe(2 * MB);
  });

  it('a native that throws answers as a failure: the download keeps running', async () => {
    const downloads = createFakeDownloads();
    downloads.native.pauseDownload.mockImplementation(() => {
      throw new Error('boom');
    });
    await added(downloads);
    downloads.list.getSnapshot().context.entries[2001]!.send({ type: 'ui.pause' });
    await settle();
    expect(downloads.entryOf(2001)?.down_state).toBe('1');
  });
});

describe('createDownloadFeature: storage', () => {
  it('ui.setDeletePackage writes ispackage', () => {
    const downloads = createFakeDownloads();
    expect(downloads.list.getSnapshot().context.deletePackage).toBe(false);
    downloads.list.send({ type: 'ui.setDeletePackage', value: true });
    expect(downloads.storage.getItem(STORAGE_KEYS.deletePackage)).toBe('1');
    expect(downloads.list.getSnapshot().context.deletePackage).toBe(true);
    // The next start reads it back.
    expect(createFakeDownloads({ storage: downloads.storage }).list.getSnapshot().context.deletePackage).toBe(true);
  });

  it("a new feature over the same storage restores a downloading ('2') entry as paused ('6'); finished stays '3'", async () => {
    const storage = new MemoryStorage();
    const first = createFakeDownloads({ storage });
    await added(first, 2001);
    await added(first, 2002);
    await send(first, progress(2001, MB, 5 * MB), progress(2002, MB, MB), stateEvent(2002, '3'));
    expect(storedList(storage)?.map((entry) => [entry.platform_game_id, entry.down_state])).toEqual([
      [2002, '3'],
      [2001, '2'],
    ]);

    const second = createFakeDownloads({ storage });
    expect(second.list.getSnapshot().context.order).toEqual([2002, 2001]);
    expect(second.entryOf(2001)).toMatchObject({ down_state: '6', curSize: MB, totalSize: 5 * MB, url: addressOf(2001).url });
    expect(second.entryOf(2002)?.down_state).toBe('3');
    expect(storedList(storage)?.map((entry) => entry.down_state)).toEqual(['3', '6']);
    expect(second.native.downloadGame).not.toHaveBeenCalled();

    // 继续 restarts from the stored url, without a new lookup.
    second.list.getSnapshot().context.entries[2001]!.send({ type: 'ui.download' });
    await settle();
    expect(second.native.downloadGame).toHaveBeenCalledWith(addressOf(2001).url, '2001', expect.any(String));
    expect(second.call).not.toHaveBeenCalledWith(DOWNLOAD_CALLS.address, expect.anything());
    expect(second.entryOf(2001)?.down_state).toBe('1');
  });

  it('a storage that refuses writes loses the write only', async () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const downloads = createFakeDownloads({ storage });
    await added(downloads);
    expect(downloads.list.getSnapshot().context.order).toEqual([2001]);
  });
});

describe('createDownloadFeature: return from the background', () => {
  it('visibilitychange to visible asks native for every download once, and applies the answer', async () => {
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const downloads = createFakeDownloads({ document });
    await added(downloads);
    await send(downloads, progress(2001, MB, 5 * MB));
    downloads.native.getDownloadStates.mockReturnValue(JSON.stringify([{ platform_game_id: 2001, state: '6', cur: 3 * MB, total: 5 * MB }]));

    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(downloads.native.getDownloadStates).not.toHaveBeenCalled();

    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(downloads.native.getDownloadStates).toHaveBeenCalledOnce();
    expect(downloads.entryOf(2001)).toMatchObject({ down_state: '6', curSize: 3 * MB });
  });

  it("native's app.resume event re-syncs too; a malformed answer changes nothing", async () => {
    const downloads = createFakeDownloads();
    await added(downloads);
    downloads.native.getDownloadStates.mockReturnValue('{oops');
    await send(downloads, { type: 'app.resume' });
    expect(downloads.native.getDownloadStates).toHaveBeenCalledOnce();
    expect(downloads.entryOf(2001)?.down_state).toBe('1');
  });
});
