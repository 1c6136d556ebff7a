import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOWN_STATES, type NativeDownloadStatus, type NativeEvent } from './definitions.ts';
import { MAX_DOWNLOAD_STATES, MAX_EVENT_CHARS, MAX_SIZE_BYTES, parseDownloadStates, parseNativeEvent } from './events.ts';

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const size = fc.integer({ min: 0, max: MAX_SIZE_BYTES });
const state = fc.constantFrom(...DOWN_STATES);

const validEvent: fc.Arbitrary<NativeEvent> = fc.oneof(
  fc.record({ type: fc.constant('download.state' as const), platform_game_id: id, state }),
  fc
    .record({ platform_game_id: id, a: size, b: size, speed: fc.oneof(size, fc.double({ min: 0, max: 1e8, noNaN: true })) })
    .map(({ platform_game_id, a, b, speed }) => ({ type: 'download.progress' as const, platform_game_id, cur: Math.min(a, b), total: Math.max(a, b), speed })),
  fc.record({ type: fc.constant('install.result' as const), platform_game_id: id, code: fc.integer({ min: -1_000_000, max: 1_000_000 }) }),
  fc.constant({ type: 'app.resume' as const }),
);

describe('parseNativeEvent', () => {
  it('reads each event type, from a string or an object', () => {
    expect(parseNativeEvent('{"type":"download.state","platform_game_id":12,"state":"3"}')).toEqual({ ok: true, event: { type: 'download.state', platform_game_id: 12, state: '3' } });
    expect(parseNativeEvent({ type: 'download.progress', platform_game_id: '12', cur: '100', total: 1000, speed: '51.5' })).toEqual({
      ok: true,
      event: { type: 'download.progress', platform_game_id: 12, cur: 100, total: 1000, speed: 51.5 },
    });
    expect(parseNativeEvent({ type: 'install.result', platform_game_id: 7, code: '-2' })).toEqual({ ok: true, event: { type: 'install.result', platform_game_id: 7, code: -2 } });
    expect(parseNativeEvent('{"type":"app.resume"}')).toEqual({ ok: true, event: { type: 'app.resume' } });
  });

  it('normalises integer states and drops extra fields', () => {
    expect(parseNativeEvent({ type: 'download.state', platform_game_id: 5, state: 6, evil: '<script>' })).toEqual({ ok: true, event: { type: 'download.state', platform_game_id: 5, state: '6' } });
    expect(parseNativeEvent({ type: 'app.resume', platform_game_id: 'x' })).toEqual({ ok: true, event: { type: 'app.resume' } });
  });

  it('refuses malformed events with a reason', () => {
    const refused = (raw: unknown) => {
      const parsed = parseNativeEvent(raw);
      expect(parsed.ok).toBe(false);
      return parsed.ok ? '' : parsed.reason;
    };
    expect(refused('not json')).toBe('not JSON');
    expect(refused('[1]')).toBe('not an object');
    expect(refused(null)).toBe('not an object');
    expect(refused({ type: 'download.deleted', platform_game_id: 1 })).toMatch(/^type: unknown/);
    expect(refused({ platform_game_id: 1, state: '3' })).toMatch(/^type/);
    expect(refused({ type: 'download.state', platform_game_id: 0, state: '3' })).toMatch(/^platform_game_id/);
    expect(refused({ type: 'download.state', platform_game_id: '0012', state: '3' })).toMatch(/^platform_game_id/);
    expect(refused({ type: 'download.state', platform_game_id: '1234567890123', state: '3' })).toMatch(/^platform_game_id/);
    expect(refused({ type: 'download.state', platform_game_id: 1.5, state: '3' })).toMatch(/^platform_game_id/);
    expect(refused({ type: 'download.state', platform_game_id: 1, state: '7' })).toMatch(/^state/);
    expect(refused({ type: 'download.state', platform_game_id: 1, state: 3.5 })).toMatch(/^state/);
    expect(refused({ type: 'download.progress', platform_game_id: 1, cur: 5, total: 4, speed: 0 })).toBe('cur: above total');
    expect(refused({ type: 'download.progress', platform_game_id: 1, cur: -1, total: 4, speed: 0 })).toMatch(/^cur/);
    expect(refused({ type: 'download.progress', platform_game_id: 1, cur: 1, total: MAX_SIZE_BYTES + 1, speed: 0 })).toMatch(/^total/);
    expect(refused({ type: 'download.progress', platform_game_id: 1, cur: 1, total: 4, speed: Infinity })).toMatch(/^speed/);
    expect(refused({ type: 'download.progress', platform_game_id: 1, cur: '1e3', total: 4000, speed: 0 })).toMatch(/^cur/);
    expect(refused({ type: 'install.result', platform_game_id: 1, code: '1.0' })).toMatch(/^code/);
    expect(refused(`{"type":"app.resume","pad":"${'x'.repeat(MAX_EVENT_CHARS)}"}`)).toMatch(/^longer than/);
  });

  it('accepts cur above total only while the total is unknown (0)', () => {
    expect(parseNativeEvent({ type: 'download.progress', platform_game_id: 1, cur: 10, total: 0, speed: 0 }).ok).toBe(true);
  });

  it('survives hostile objects: throwing getters and revoked proxies', () => {
    const getter = Object.defineProperty({ type: 'download.state' }, 'platform_game_id', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    expect(parseNativeEvent(getter)).toEqual({ ok: false, reason: 'unreadable' });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(parseNativeEvent(proxy)).toEqual({ ok: false, reason: 'unreadable' });
    expect(parseDownloadStates(proxy)).toEqual({ list: [], dropped: 1 });
  });

  it('property: arbitrary JSON, strings and values never throw (10,000 runs)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string({ maxLength: 6000 }), fc.jsonValue(), fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true })), (raw) => {
        const parsed = parseNativeEvent(raw);
        return parsed.ok ? typeof parsed.event.type === 'string' : parsed.reason.length > 0;
      }),
      { numRuns: 10_000 },
    );
  });

  it('property: objects shaped like events, with arbitrary field values, never throw and only pass when valid', () => {
    const anyValue = fc.oneof(fc.anything(), fc.double(), fc.integer(), fc.string({ maxLength: 20 }), fc.constant(NaN));
    fc.assert(
      fc.property(
        fc.record(
          { type: fc.constantFrom('download.state', 'download.progress', 'install.result', 'app.resume', 'x'), platform_game_id: anyValue, state: anyValue, cur: anyValue, total: anyValue, speed: anyValue, code: anyValue },
          { requiredKeys: ['type'] },
        ),
        (raw) => {
          const parsed = parseNativeEvent(raw);
          if (!parsed.ok) return true;
          // Whatever passes is well-formed, and parses again to itself.
          const again = parseNativeEvent(JSON.stringify(parsed.event));
          return again.ok && JSON.stringify(again.event) === JSON.stringify(parsed.event);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('property: valid events round-trip through JSON', () => {
    fc.assert(
      fc.property(validEvent, (event) => {
        expect(parseNativeEvent(JSON.stringify(event))).toEqual({ ok: true, event });
        expect(parseNativeEvent(event)).toEqual({ ok: true, event });
      }),
      { numRuns: 10_000 },
    );
  });

  it('property: mutations of valid events are refused with a reason', () => {
    const badValue = fc.oneof(
      fc.constant(NaN),
      fc.constant(-1),
      fc.constant(Infinity),
      fc.constant(null),
      fc.constant(true),
      fc.constant([]),
      fc.constant({}),
      fc.string({ minLength: 13, maxLength: 5000 }).map((s) => `x${s}`),
      fc.integer({ max: -1 }),
    );
    const mutated = fc
      .tuple(validEvent.filter((e) => e.type !== 'app.resume'), badValue, fc.nat())
      .map(([event, value, pick]) => {
        const keys = Object.keys(event);
        const key = keys[pick % keys.length]!;
        return { event: { ...event, [key]: value } as Record<string, unknown>, key, value };
      })
      // A negative integer is a legitimate install code.
      .filter(({ key, value }) => !(key === 'code' && typeof value === 'number' && Number.isInteger(value)));
    fc.assert(
      fc.property(mutated, ({ event }) => {
        const parsed = parseNativeEvent(JSON.stringify(event));
        const direct = parseNativeEvent(event);
        return !parsed.ok && parsed.reason.length > 0 && !direct.ok && direct.reason.length > 0;
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('parseDownloadStates', () => {
  it('keeps the good items, drops and counts the bad ones and duplicates', () => {
    const raw = JSON.stringify([
      { platform_game_id: 1, state: '6', cur: 10, total: 100, speed: 0 },
      { platform_game_id: 2, state: 3, cur: '100', total: '100' },
      { platform_game_id: 1, state: '2', cur: 20, total: 100, speed: 5 },
      { platform_game_id: 3, state: '9', cur: 0, total: 0, speed: 0 },
      'junk',
    ]);
    expect(parseDownloadStates(raw)).toEqual({
      list: [
        { platform_game_id: 1, state: '6', cur: 10, total: 100, speed: 0 },
        { platform_game_id: 2, state: '3', cur: 100, total: 100, speed: 0 },
      ],
      dropped: 3,
    });
  });

  it('a non-array answer is an empty list with one drop', () => {
    expect(parseDownloadStates('')).toEqual({ list: [], dropped: 1 });
    expect(parseDownloadStates('{"a":1}')).toEqual({ list: [], dropped: 1 });
    expect(parseDownloadStates(undefined)).toEqual({ list: [], dropped: 1 });
    expect(parseDownloadStates('[]')).toEqual({ list: [], dropped: 0 });
  });

  it(`caps the list at ${MAX_DOWNLOAD_STATES} items`, () => {
    const items = Array.from({ length: MAX_DOWNLOAD_STATES + 20 }, (_, i) => ({ platform_game_id: i + 1, state: '3', cur: 1, total: 1, speed: 0 }));
    const parsed = parseDownloadStates(items);
    expect(parsed.list).toHaveLength(MAX_DOWNLOAD_STATES);
    expect(parsed.dropped).toBe(20);
  });

  it('property: never throws; list + dropped accounts for every item', () => {
    const status: fc.Arbitrary<NativeDownloadStatus> = fc
      .record({ platform_game_id: id, state, a: size, b: size, speed: size })
      .map(({ a, b, ...rest }) => ({ ...rest, cur: Math.min(a, b), total: Math.max(a, b) }));
    fc.assert(
      fc.property(fc.array(fc.oneof(status, fc.anything(), fc.jsonValue()), { maxLength: 30 }), fc.boolean(), (items, asString) => {
        const parsed = parseDownloadStates(asString ? JSON.stringify(items) : items);
        expect(parsed.list.length + parsed.dropped).toBe(items.length);
      }),
      { numRuns: 3_000 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.json()), (raw) => {
        const parsed = parseDownloadStates(raw);
        return Array.isArray(parsed.list) && parsed.dropped >= 0;
      }),
      { numRuns: 3_000 },
    );
  });
});
