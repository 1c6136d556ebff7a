import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEventLog, EVENT_LOG_FORMAT, EVENT_LOG_MAX_BYTES, EVENT_LOG_VERSION, parseEventLogJson, type EventLogFile, type LogEntry } from './event-log.ts';

/** Property tests: a valid log round-trips; anything else gets a clear error, never an exception. */

const name = fc.stringMatching(/^[a-zA-Z][\w/#.-]{0,20}$/);
const stateValue: fc.Arbitrary<string | Record<string, unknown>> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, name, fc.dictionary(name, tie('value'), { minKeys: 1, maxKeys: 3 })),
})).value as fc.Arbitrary<string | Record<string, unknown>>;
const isoTime = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString());

const entryBody = fc.record(
  {
    actor: name,
    machine: fc.option(name, { nil: null }),
    sessionId: fc.stringMatching(/^x:\d{1,4}$/),
    systemId: name,
    source: fc.option(name, { nil: null }),
    sourceMachine: fc.option(name, { nil: null }),
    event: fc.record({ type: name, payload: fc.jsonValue({ maxDepth: 4 }) }),
    redacted: fc.array(name, { maxLength: 3 }),
    state: stateValue,
    status: fc.constantFrom('active', 'done', 'error', 'stopped' as const),
    at: isoTime,
  },
  { requiredKeys: ['actor', 'machine', 'sessionId', 'source', 'sourceMachine', 'event', 'at'] },
);

const validLog: fc.Arbitrary<EventLogFile> = fc
  .record({
    startedAt: isoTime,
    exportedAt: isoTime,
    capacity: fc.integer({ min: 1, max: 10_000 }),
    dropped: fc.nat(),
    bodies: fc.array(entryBody, { maxLength: 12 }),
    gaps: fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.double({ min: 0, max: 5_000, noNaN: true })), { minLength: 12, maxLength: 12 }),
    actors: fc.dictionary(name, fc.record({ machine: fc.option(name, { nil: null }), parent: fc.option(name, { nil: null }), sessionId: fc.constant('x:1'), status: fc.constantFrom('active', 'stopped' as const), state: fc.option(stateValue, { nil: null }), lastSeq: fc.nat() }), { maxKeys: 4 }),
  })
  .map(({ bodies, gaps, ...rest }) => {
    let seq = 0;
    let t = 0;
    const entries = bodies.map((body, index) => {
      const [step, wait] = gaps[index]!;
      seq += step;
      t += wait;
      return { seq, t, ...body } as LogEntry;
    });
    return { format: EVENT_LOG_FORMAT, version: EVENT_LOG_VERSION, ...rest, entries } as EventLogFile;
  });

describe('event log decoder', () => {
  it('accepts every valid log and gives it back unchanged (through JSON)', () => {
    fc.assert(
      fc.property(validLog, (log) => {
        const text = JSON.stringify(log);
        expect(parseEventLogJson(text)).toEqual({ ok: true, log: JSON.parse(text) });
      }),
    );
  });

  it('never throws on any JSON value, and explains what it refuses', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = decodeEventLog(value);
        if (!result.ok) expect(result.error).toMatch(/\S/);
      }),
    );
  });

  it('never throws on any value at all (what IndexedDB might hand back)', () => {
    fc.assert(
      fc.property(fc.anything({ withDate: true, withMap: true, withSet: true, withBigInt: true, withTypedArray: true, withNullPrototype: true }), (value) => {
        expect(() => decodeEventLog(value)).not.toThrow();
      }),
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const result = parseEventLogJson(text);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('names the field when one field of one entry is wrong', () => {
    const fields = ['seq', 't', 'at', 'actor', 'machine', 'sessionId', 'source', 'event'] as const;
    const wrong = fc.constantFrom<unknown>('13', -1, null, [], {}, 1.5, true, '');
    fc.assert(
      fc.property(
        validLog.filter((log) => log.entries.length > 0),
        fc.nat(),
        fc.constantFrom(...fields),
        wrong,
        (log, pick, field, value) => {
          const index = pick % log.entries.length;
          const entries = log.entries.map((entry, position) => (position === index ? { ...entry, [field]: value } : entry));
          const result = decodeEventLog(JSON.parse(JSON.stringify({ ...log, entries })));
          // Some replacements are still valid (a null machine); the rest point at the entry, or at
          // the next one when the change breaks the order of seq / t.
          if (!result.ok) expect(result.error).toMatch(new RegExp(`^entries\\[(${index}|${index + 1})\\]\\.`));
        },
      ),
    );
  });

  it('refuses other files with a plain message', () => {
    expect(parseEventLogJson('')).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON/) });
    expect(parseEventLogJson('{"format":"x"}')).toEqual({ ok: false, error: 'not an event log: format is "x", expected "game-platform/event-log"' });
    expect(parseEventLogJson(JSON.stringify({ format: EVENT_LOG_FORMAT, version: 3 }))).toEqual({ ok: false, error: 'version 3 is newer than what this build reads (version 2)' });
    expect(parseEventLogJson('x'.repeat(EVENT_LOG_MAX_BYTES + 1))).toMatchObject({ ok: false, error: expect.stringMatching(/^file too large/) });
  });

  it('refuses every version 1 log, whatever it holds, saying why and what to do', () => {
    fc.assert(
      fc.property(validLog, (log) => {
        const result = decodeEventLog(JSON.parse(JSON.stringify({ ...log, version: 1 })));
        expect(result).toEqual({ ok: false, error: expect.stringMatching(/^version 1 is not read by this build \(version 2\): .*did not log actor stops and restarts.*export the log again/) });
      }),
    );
  });

  it('checks order: seq increases and t never goes back', () => {
    const base = { format: EVENT_LOG_FORMAT, version: EVENT_LOG_VERSION, startedAt: '2025-01-01T00:00:00.000Z', exportedAt: '2025-01-01T00:00:01.000Z', capacity: 5000, dropped: 0, actors: {} };
    const entry = (seq: number, t: number) => ({ seq, t, at: '2025-01-01T00:00:00.000Z', actor: 'a', machine: 'a', sessionId: 'x:0', source: null, sourceMachine: null, event: { type: 'e' } });
    expect(decodeEventLog({ ...base, entries: [entry(2, 0), entry(2, 1)] })).toEqual({ ok: false, error: 'entries[1].seq: 2 does not follow 2 (seq must increase)' });
    expect(decodeEventLog({ ...base, entries: [entry(1, 5), entry(2, 4)] })).toEqual({ ok: false, error: 'entries[1].t: 4 is earlier than 5 (t must not decrease)' });
  });

  it('survives hostile nesting and keys', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 10_000; level++) deep = [deep];
    const base = { format: EVENT_LOG_FORMAT, version: EVENT_LOG_VERSION, startedAt: '2025-01-01T00:00:00.000Z', exportedAt: '2025-01-01T00:00:00.000Z', capacity: 1, dropped: 0, actors: {} };
    const entry = { seq: 1, t: 0, at: '2025-01-01T00:00:00.000Z', actor: 'a', machine: null, sessionId: '', source: null, sourceMachine: null };
    expect(decodeEventLog({ ...base, entries: [{ ...entry, event: { type: 'e', deep } }] })).toMatchObject({ ok: false, error: expect.stringContaining('nested deeper') });
    const polluted = parseEventLogJson(JSON.stringify({ ...base, entries: [{ ...entry, event: { type: 'e' } }] }).replace('"type":"e"', '"type":"e","__proto__":{"polluted":true}'));
    expect(polluted.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
