import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyEventObject } from 'xstate';
import { encodeStreamEvent, type ServiceStreamEvent } from '../api/protocol/service-chat.ts';
import { messageOf, queueOf } from '../model-tests/service-live.kit.ts';
import { createStreamActor, streamAddress, type EventSourceLike } from './service-live.stream.ts';
import type { StreamInput } from './service-live.types.ts';

/** An EventSource the test drives: open, named events with data and lastEventId, errors. */
class FakeEventSource implements EventSourceLike {
  onopen: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, Array<(event: { data?: unknown; lastEventId?: unknown }) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown; lastEventId?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId });
  }
}

/** The actor under a parent that records what it sends back. */
function run(input: Omit<StreamInput, 'receiver'> = { url: '/api/service/stream?ticket=t', lastEventId: 7 }) {
  const sources: FakeEventSource[] = [];
  const logic = createStreamActor((url) => {
    const source = new FakeEventSource(url);
    sources.push(source);
    return source;
  }, 'https://app.example.com');
  const parent = setup({ types: { context: {} as { events: AnyEventObject[] } }, actors: { stream: logic } }).createMachine({
    context: { events: [] },
    invoke: { src: 'stream', input: ({ self }) => ({ ...input, receiver: self }) },
    on: { '*': { actions: assign(({ context, event }) => ({ events: [...context.events, event] })) } },
  });
  const actor = createActor(parent).start();
  return { actor, source: sources[0]!, events: () => actor.getSnapshot().context.events };
}

/** What the browser hands over for an encoded frame. */
function browserSees(event: ServiceStreamEvent) {
  const frame = encodeStreamEvent(event);
  const field = (name: string) => frame.split('\n').find((line) => line.startsWith(`${name}: `))!.slice(name.length + 2);
  return { name: field('event'), data: field('data'), lastEventId: field('id') };
}

describe('the stream actor (owner of the EventSource)', () => {
  it('opens the ticket url against the api base, resuming after the cursor', () => {
    expect(streamAddress({ url: '/api/service/stream?ticket=abc', lastEventId: 12 }, 'https://app.example.com')).toBe('https://app.example.com/api/service/stream?ticket=abc&last_event_id=12');
    expect(streamAddress({ url: '/api/service/stream?ticket=abc', lastEventId: null }, 'https://app.example.com')).toBe('https://app.example.com/api/service/stream?ticket=abc');
    const { source } = run();
    expect(source.url).toBe('https://app.example.com/api/service/stream?ticket=t&last_event_id=7');
  });

  it('forwards open and every valid event, typed for the machine', () => {
    const { source, events } = run();
    source.onopen!({});
    const message = browserSees({ type: 'message', id: 8, message: messageOf(8) });
    source.emit(message.name, message.data, message.lastEventId);
    const queue = browserSees({ type: 'queue', id: 8, queue: queueOf() });
    source.emit(queue.name, queue.data, queue.lastEventId);
    const closed = browserSees({ type: 'closed', id: 8, queue: queueOf({ state: 'closed', position: null, text: '已结束' }) });
    source.emit(closed.name, closed.data, closed.lastEventId);
    expect(events()).toEqual([
      { type: 'stream.open' },
      { type: 'stream.message', id: 8, message: messageOf(8) },
      { type: 'stream.queue', id: 8, queue: queueOf() },
      { type: 'stream.closed', id: 8, queue: queueOf({ state: 'closed', position: null, text: '已结束' }) },
    ]);
  });

  it('an error or an event that does not decode closes the source and reports one failure; nothing after it', () => {
    const broken = run();
    broken.source.emit('message', '{"message":{"id":"x"}}', '8');
    broken.source.onerror!({});
    broken.source.onopen!({});
    expect(broken.source.closed).toBe(true);
    expect(broken.events()).toEqual([{ type: 'stream.error' }]);
    const failed = run();
    failed.source.onerror!({});
    expect(failed.source.closed).toBe(true);
    expect(failed.events()).toEqual([{ type: 'stream.error' }]);
  });

  it('stopping it closes the source, and nothing is sent after', () => {
    const { actor, source, events } = run();
    expect(source.closed).toBe(false);
    actor.stop();
    expect(source.closed).toBe(true);
    source.onopen!({});
    expect(events()).toEqual([]);
  });

  it('whatever arrives, the machine gets only decoded events, or one failure and then silence', () => {
    const valid = fc.oneof(
      fc.integer({ min: 1, max: 1e6 }).map((id) => browserSees({ type: 'message', id, message: messageOf(id) })),
      fc.integer({ min: 0, max: 1e6 }).map((id) => browserSees({ type: 'queue', id, queue: queueOf() })),
    );
    const garbage = fc.record({ name: fc.constantFrom('message', 'queue', 'closed'), data: fc.oneof(fc.string(), fc.anything()), lastEventId: fc.oneof(fc.string(), fc.anything()) });
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: garbage }), { maxLength: 12 }), (frames) => {
        const { source, events, actor } = run();
        for (const frame of frames) source.emit(frame.name, frame.data, frame.lastEventId);
        const seen = events();
        const failure = seen.findIndex((event) => event.type === 'stream.error');
        // At most one failure, and it is the last thing the machine hears.
        expect(failure === -1 || failure === seen.length - 1).toBe(true);
        if (failure >= 0) expect(source.closed).toBe(true);
        for (const event of seen) expect(['stream.message', 'stream.queue', 'stream.error']).toContain(event.type);
        actor.stop();
      }),
      { numRuns: 300 },
    );
  });
});
