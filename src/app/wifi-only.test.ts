import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { currentWifiOnly, decodeWifiOnly, DEFAULT_WIFI_ONLY, encodeWifiOnly, mustAskBeforeDownload, readNetworkType, readWifiOnly, setWifiOnly } from './wifi-only.ts';

const quiet = () => {};

describe('仅Wi-Fi下载 preference', () => {
  it('property: encode → decode is the identity; any other text is the default (off), never a throw', () => {
    fc.assert(fc.property(fc.boolean(), (on) => decodeWifiOnly(encodeWifiOnly(on), quiet) === on));
    fc.assert(fc.property(fc.oneof(fc.string(), fc.constant(null)), (raw) => decodeWifiOnly(raw, quiet) === (raw === '1')), { numRuns: 3000 });
  });
  it('warns about unreadable values only', () => {
    const warn = vi.fn();
    decodeWifiOnly(null, warn);
    decodeWifiOnly('1', warn);
    decodeWifiOnly('true', warn);
    expect(warn).toHaveBeenCalledTimes(1);
  });
  it('persists; a storage that throws reads the default and keeps the choice for the page', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    setWifiOnly(true, storage);
    expect(map.get(STORAGE_KEYS.wifiOnly)).toBe('1');
    expect(readWifiOnly(storage)).toBe(true);
    const broken = { getItem: () => { throw new Error('no'); }, setItem: () => { throw new Error('full'); } };
    expect(readWifiOnly(broken)).toBe(DEFAULT_WIFI_ONLY);
    setWifiOnly(true, broken);
    expect(currentWifiOnly(broken)).toBe(true);
    setWifiOnly(false, storage);
    expect(currentWifiOnly(storage)).toBe(false);
  });
  it('network: the wrapper first, then navigator.connection, else unknown; only a mobile network with the switch on asks', () => {
    expect(readNetworkType({ LewanNative: { getNetworkType: () => 'cellular' }, navigator: { connection: { type: 'wifi' } } })).toBe('cellular');
    expect(readNetworkType({ LewanNative: { getNetworkType: () => 'bogus' }, navigator: { connection: { type: 'ethernet' } } })).toBe('wifi');
    expect(readNetworkType({ LewanNative: { getNetworkType: () => { throw new Error('x'); } } })).toBe('unknown');
    expect(readNetworkType({ navigator: {} })).toBe('unknown');
    expect(mustAskBeforeDownload(true, 'cellular')).toBe(true);
    for (const network of ['wifi', 'none', 'unknown'] as const) expect(mustAskBeforeDownload(true, network)).toBe(false);
    expect(mustAskBeforeDownload(false, 'cellular')).toBe(false);
  });
});
