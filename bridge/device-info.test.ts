import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isInsideWrapper, parseDeviceInfo, readDeviceInfo } from './device-info.ts';

describe('device info', () => {
  const quiet = () => {};
  it('parses the wrapper JSON, keeping known fields only', () => {
    expect(parseDeviceInfo('{"system":"Android 12","media_id":98,"StatusHeight":"24","evil":"x"}', quiet)).toEqual({ system: 'Android 12', media_id: 98, StatusHeight: '24' });
  });
  it('drops malformed values and non-objects', () => {
    expect(parseDeviceInfo('{"media_id":{"a":1},"uid":"u1"}', quiet)).toEqual({ uid: 'u1' });
    expect(parseDeviceInfo('not json', quiet)).toBeNull();
    expect(parseDeviceInfo('[1,2]', quiet)).toBeNull();
    expect(parseDeviceInfo(42, quiet)).toBeNull();
  });
  it('reads from the native object, null in a plain browser or when it throws', () => {
    expect(readDeviceInfo({})).toBeNull();
    expect(readDeviceInfo({ LewanNative: { getDeviceInfo: () => '{"StatusHeight":30}' } })).toEqual({ StatusHeight: 30 });
    expect(readDeviceInfo({ LewanNative: { getDeviceInfo: () => { throw new Error('x'); } } })).toBeNull();
    expect(isInsideWrapper({ StatusHeight: 30 })).toBe(true);
    expect(isInsideWrapper({})).toBe(false);
    expect(isInsideWrapper(null)).toBe(false);
  });
  it('property: never throws, and every kept value is a short string or finite number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue(), fc.json(), fc.anything()), (raw) => {
        const info = parseDeviceInfo(raw, quiet);
        return info === null || Object.values(info).every((v) => (typeof v === 'string' && v.length <= 512) || (typeof v === 'number' && Number.isFinite(v)));
      }),
      { numRuns: 3000 },
    );
  });
});
