import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DOWN_STATES, type DownState } from '../bridge/definitions.ts';
import {
  ACTION_BY_STATE,
  actionLabel,
  connectBrowserDownload,
  connectDownloadEntry,
  formatBytes,
  fractionOf,
  percentOf,
  STATE_TEXT,
  type BrowserDownloadSnapshot,
  type DownloadEntrySnapshot,
} from './download-entry.connect.ts';
import type { DownListEntry } from './download.types.ts';

/** Every kind of number a size can turn into: NaN, ±Infinity, -0, negatives, tiny and huge doubles. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, Number.MIN_VALUE, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER),
);
const bytes = fc.integer({ min: 1, max: 4 * 1024 * 1024 * 1024 });
const MB = 1024 * 1024;

describe('percentOf', () => {
  it('reads whole percent of cur/total', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(2000, 1000)).toBe(100);
  });

  it('is 0 when the total is unknown or nothing is there', () => {
    expect(percentOf(50, 0)).toBe(0);
    expect(percentOf(50, -1)).toBe(0);
    expect(percentOf(-5, 100)).toBe(0);
    expect(percentOf(Number.NaN, 100)).toBe(0);
    expect(percentOf(50, Number.NaN)).toBe(0);
    expect(percentOf(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(0);
    expect(percentOf(50, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('is an integer in 0..100 for any numbers, and never throws', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (cur, total) => {
        const percent = percentOf(cur, total);
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never goes down as more bytes arrive', () => {
    fc.assert(
      fc.property(bytes, bytes, bytes, (a, b, total) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(percentOf(low, total)).toBeLessThanOrEqual(percentOf(high, total));
      }),
    );
  });
});

describe('fractionOf', () => {
  it('is cur/total capped at 1, 0 when unknown', () => {
    expect(fractionOf(250, 1000)).toBe(0.25);
    expect(fractionOf(2000, 1000)).toBe(1);
    expect(fractionOf(10, 0)).toBe(0);
    expect(fractionOf(Number.NaN, 10)).toBe(0);
    expect(fractionOf(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('is a number in 0..1 for any numbers, and never throws', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (cur, total) => {
        const fraction = fractionOf(cur, total);
        expect(Number.isNaN(fraction)).toBe(false);
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('agrees with percentOf for real sizes', () => {
    fc.assert(
      fc.property(bytes, bytes, (cur, total) => {
        expect(percentOf(cur, total)).toBe(Math.min(100, Math.floor(fractionOf(cur, total) * 100)));
      }),
    );
  });
});

describe('formatBytes', () => {
  it('writes megabytes with one decimal, kilobytes below 1 MB, 0M for nothing', () => {
    expect(formatBytes(0)).toBe('0M');
    expect(formatBytes(-1)).toBe('0M');
    expect(formatBytes(Number.NaN)).toBe('0M');
    expect(formatBytes(1)).toBe('1K');
    expect(formatBytes(1536)).toBe('2K');
    expect(formatBytes(MB - 1)).toBe('1024K');
    expect(formatBytes(MB)).toBe('1.0M');
    expect(formatBytes(12.5 * MB)).toBe('12.5M');
  });

  it('never throws and always answers a string ending in M or K', () => {
    fc.assert(
      fc.property(anyNumber, (n) => {
        const text = formatBytes(n);
        expect(typeof text).toBe('string');
        expect(text).toMatch(/[MK]$/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads as a plain number for every size a phone can hold', () => {
    fc.assert(
      fc.property(bytes, (n) => {
        expect(formatBytes(n)).toMatch(n < MB ? /^[1-9]\d{0,3}K$/ : /^\d+\.\dM$/);
      }),
    );
  });
});

describe('labels', () => {
  it('every down_state has a status text and an action', () => {
    for (const state of DOWN_STATES) {
      expect(STATE_TEXT[state]).toMatch(/\S/);
      expect(ACTION_BY_STATE[state]).toBeDefined();
    }
  });

  it('actionLabel: the percent while downloading, a word otherwise', () => {
    expect(actionLabel('0', 0)).toBe('等待中');
    expect(actionLabel('1', 0)).toBe('0%');
    expect(actionLabel('2', 42)).toBe('42%');
    expect(actionLabel('3', 100)).toBe('安装');
    expect(actionLabel('4', 10)).toBe('重试');
    expect(actionLabel('5', 100)).toBe('打开');
    expect(actionLabel('6', 55)).toBe('继续');
  });

  it('actionLabel never throws and never answers an empty or undefined label', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOWN_STATES), anyNumber, (state, n) => {
        const label = actionLabel(state, percentOf(n, 100));
        expect(label).toMatch(/\S/);
        expect(label).not.toContain('undefined');
        expect(label).not.toContain('NaN');
      }),
    );
  });
});

const entryOf = (down_state: DownState, curSize = 0, totalSize = 0): DownListEntry => ({
  game_id: 12,
  platform_game_id: 34,
  platform_id: 1,
  platform_game_name: '乐玩BT版',
  url: 'https://cdn.example/game.apk',
  down_type_carder: '',
  game_name: '绯色回响',
  down_state,
  gameid: 34,
  gamecopy_id: 12,
  Package_name: '',
  curSize,
  totalSize,
  spent: '1.2M/s',
  game_daixoa_state: '',
});

/** connectDownloadEntry reads the entry and the busy tag of a snapshot, nothing else. */
const entrySnapshot = (entry: DownListEntry, busy = false) => ({ context: { entry }, hasTag: (tag: string) => busy && tag === 'busy' }) as unknown as DownloadEntrySnapshot;

describe('connectDownloadEntry', () => {
  it('downloading: the percentage on the card, 暂停 to a reader and on the row, the speed, the bar', () => {
    const send = vi.fn();
    const view = connectDownloadEntry(entrySnapshot(entryOf('1', 5 * MB, 10 * MB)), send);
    expect(view).toMatchObject({ state: '1', action: 'pause', downloading: true, percent: 50, fraction: 0.5, buttonLabel: '50%', buttonAction: '暂停', rowLabel: '暂停', statusText: '下载中', sizeText: '5.0M/10.0M', speed: '1.2M/s', disabled: false, busy: false, name: '绯色回响', gameId: 12, platformGameId: 34, version: '乐玩BT版', packageName: '—' });
    view.pause();
    expect(send).toHaveBeenCalledWith({ type: 'ui.pause' });
  });

  it('each other state: its action, its words, no speed; waiting (0) and busy take no tap', () => {
    const send = vi.fn();
    const cases: [DownState, string, string][] = [
      ['0', 'none', '等待中'],
      ['3', 'install', '安装'],
      ['4', 'download', '重试'],
      ['5', 'open', '打开'],
      ['6', 'download', '继续'],
    ];
    for (const [state, action, label] of cases) {
      const view = connectDownloadEntry(entrySnapshot(entryOf(state, MB, 2 * MB)), send);
      expect(view).toMatchObject({ action, buttonLabel: label, buttonAction: label, rowLabel: label, speed: null, downloading: false, disabled: state === '0', statusText: STATE_TEXT[state] });
    }
    expect(connectDownloadEntry(entrySnapshot(entryOf('3'), true), send)).toMatchObject({ busy: true, disabled: true });
    const view = connectDownloadEntry(entrySnapshot({ ...entryOf('5'), Package_name: 'com.lewan.game' }), send);
    expect(view.packageName).toBe('com.lewan.game');
    view.download();
    view.install();
    view.open();
    expect(send.mock.calls.map(([event]) => event.type)).toEqual(['ui.download', 'ui.install', 'ui.open']);
  });

  it('pure: an equal snapshot gives equal values and the same intents', () => {
    const send = vi.fn();
    const a = connectDownloadEntry(entrySnapshot(entryOf('2', 1, 3)), send);
    const b = connectDownloadEntry(entrySnapshot(entryOf('2', 1, 3)), send);
    for (const key of Object.keys(a) as (keyof typeof a)[]) expect(b[key]).toBe(a[key]);
  });
});

const browserSnapshot = (isH5: boolean, busy: boolean) => ({ context: { isH5 }, hasTag: (tag: string) => busy && tag === 'busy' }) as unknown as BrowserDownloadSnapshot;

describe('connectBrowserDownload', () => {
  it('下载 (asks about the network first), 开始玩 for an H5 game (asks nothing), 请稍候 while busy', () => {
    const send = vi.fn();
    expect(connectBrowserDownload(browserSnapshot(false, false), send)).toMatchObject({ label: '下载', action: '下载', busy: false, asksNetwork: true });
    expect(connectBrowserDownload(browserSnapshot(true, false), send)).toMatchObject({ label: '开始玩', action: '开始玩', asksNetwork: false });
    expect(connectBrowserDownload(browserSnapshot(false, true), send)).toMatchObject({ label: '请稍候', action: '下载', busy: true });
    const view = connectBrowserDownload(browserSnapshot(false, false), send);
    view.download();
    expect(send).toHaveBeenCalledWith({ type: 'ui.download' });
    expect(connectBrowserDownload(browserSnapshot(true, true), send).download).toBe(view.download);
  });
});
