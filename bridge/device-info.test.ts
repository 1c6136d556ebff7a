import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isInsideWrapper, parseDeviceInfo, readBasicDeviceInfo, readDeviceInfo, tellPrivacyConsent } from './device-info.ts';
import { IDENTIFIER_FIELDS } from '../api/device.ts';

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
  it('basic info keeps no identifier whatever native answers; an older wrapper without the method gives null', () => {
    const everything = JSON.stringify({ StatusHeight: 24, system: 'Android 13', imei: '860000000000001', oaid: 'o', android_id: 'a', mac: 'm', idfa: 'i', uid: 'u', address: 'x', media_id: '1' });
    expect(readBasicDeviceInfo({ LewanNative: { getBasicDeviceInfo: () => everything } })).toEqual({ StatusHeight: 24, system: 'Android 13', media_id: '1' });
    expect(readBasicDeviceInfo({ LewanNative: { getDeviceInfo: () => everything } })).toBeNull();
    expect(readBasicDeviceInfo({})).toBeNull();
  });
  it('property: basic info never holds an identifier field', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...IDENTIFIER_FIELDS, 'system', 'StatusHeight', 'ua'), fc.oneof(fc.string(), fc.integer())), (raw) => {
        const info = readBasicDeviceInfo({ LewanNative: { getBasicDeviceInfo: () => JSON.stringify(raw) } });
        for (const field of IDENTIFIER_FIELDS) expect(info ?? {}).not.toHaveProperty(field);
      }),
      { numRuns: 500 },
    );
  });
  it('tells native the consent as "1" / "0"; false without a wrapper or when it throws', () => {
    const told: string[] = [];
    expect(tellPrivacyConsent({ LewanNative: { setPrivacyConsent: (v: string) => told.push(v) } }, true)).toBe(true);
    expect(tellPrivacyConsent({ LewanNative: { setPrivacyConsent: (v: string) => told.push(v) } }, false)).toBe(true);
    expect(told).toEqual(['1', '0']);
    expect(tellPrivacyConsent({}, true)).toBe(false);
    expect(tellPrivacyConsent({ LewanNative: { setPrivacyConsent: () => { throw new Error('x'); } } }, true)).toBe(false);
  });
});
