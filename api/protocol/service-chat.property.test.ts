import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentName,
  CHAT_MESSAGE_KINDS,
  decodeStreamEvent,
  encodeStreamEvent,
  parseEventId,
  QUEUE_STATES,
  queueText,
  readChatMessage,
  readServiceQueue,
  type ChatMessage,
  type ServiceQueue,
  type ServiceStreamEvent,
} from './service-chat.ts';

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const cursor = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const iso = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

export const chatMessage: fc.Arbitrary<ChatMessage> = fc.record({
  id,
  direction: fc.constantFrom('in' as const, 'out' as const),
  kind: fc.constantFrom(...CHAT_MESSAGE_KINDS),
  // Any text, line breaks and all: JSON keeps a frame's data on one line.
  content: fc.string({ unit: 'grapheme', maxLength: 60 }),
  image: fc.option(fc.webUrl(), { nil: null }),
  agent: fc.option(fc.integer({ min: 1, max: 9999 }).map(agentName), { nil: null }),
  created_at: iso,
});

export const serviceQueue: fc.Arbitrary<ServiceQueue> = fc
  .record({
    state: fc.constantFrom(...QUEUE_STATES),
    conversation_id: fc.option(id, { nil: null }),
    position: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
    agent: fc.option(fc.integer({ min: 1, max: 9999 }).map(agentName), { nil: null }),
    last_message_id: fc.option(id, { nil: null }),
    status: fc.constantFrom('online' as const, 'offline' as const),
  })
  .map((queue) => ({ ...queue, text: queueText(queue) }));

const streamEvent: fc.Arbitrary<ServiceStreamEvent> = fc.oneof(
  fc.record({ type: fc.constant('message' as const), id: cursor, message: chatMessage }),
  fc.record({ type: fc.constant('queue' as const), id: cursor, queue: serviceQueue }),
  fc.record({ type: fc.constant('closed' as const), id: cursor, queue: serviceQueue.map((queue) => ({ ...queue, state: 'closed' as const, text: '已结束' })) }),
);

/** What an EventSource hands over for one frame: its name, data and lastEventId. */
function asBrowserSees(frame: string): { name: string; data: string; lastEventId: string } {
  const fields = new Map<string, string>();
  expect(frame.endsWith('\n\n')).toBe(true);
  for (const line of frame.slice(0, -2).split('\n')) {
    const colon = line.indexOf(':');
    fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
  }
  return { name: fields.get('event') ?? 'message', data: fields.get('data') ?? '', lastEventId: fields.get('id') ?? '' };
}

describe('the /service stream: encoder (server) and decoder (browser)', () => {
  it('every event the server encodes decodes to itself, in three lines', () => {
    fc.assert(
      fc.property(streamEvent, (event) => {
        const frame = encodeStreamEvent(event);
        expect(frame.split('\n')).toHaveLength(5);
        const seen = asBrowserSees(frame);
        expect(decodeStreamEvent(seen.name, seen.data, seen.lastEventId)).toEqual(event);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never throws on what arrives; what it accepts is well formed', () => {
    const name = fc.oneof(fc.constantFrom('message', 'queue', 'closed', 'error', ''), fc.string());
    const data = fc.oneof(
      fc.string(),
      fc.json(),
      fc.anything(),
      chatMessage.map((message) => JSON.stringify({ message })),
      serviceQueue.map((queue) => JSON.stringify({ queue })),
      fc.record({ message: fc.anything() }).map((value) => JSON.stringify(value)),
      fc.record({ queue: fc.dictionary(fc.constantFrom('state', 'position', 'agent', 'status', 'conversation_id', 'last_message_id'), fc.anything()) }).map((value) => JSON.stringify(value)),
    );
    const lastEventId = fc.oneof(fc.string(), fc.nat().map(String), fc.anything());
    fc.assert(
      fc.property(name, data, lastEventId, (n, d, l) => {
        const event = decodeStreamEvent(n, d, l);
        if (event === null) return;
        const again = asBrowserSees(encodeStreamEvent(event));
        expect(decodeStreamEvent(again.name, again.data, again.lastEventId)).toEqual(event);
        if (event.type === 'closed') expect(event.queue.state).toBe('closed');
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses the near misses', () => {
    const message: ChatMessage = { id: 3, direction: 'out', kind: 'agent', content: '您好', image: null, agent: '客服007', created_at: '2026-03-02T02:00:00.000Z' };
    const good = JSON.stringify({ message });
    expect(decodeStreamEvent('message', good, '3')).toEqual({ type: 'message', id: 3, message });
    expect(decodeStreamEvent('message', good, '')).toBeNull();
    expect(decodeStreamEvent('message', good, '-1')).toBeNull();
    expect(decodeStreamEvent('message', good, '1e3')).toBeNull();
    expect(decodeStreamEvent('queue', good, '3')).toBeNull();
    expect(decodeStreamEvent('other', good, '3')).toBeNull();
    for (const bad of [{ ...message, id: 0 }, { ...message, id: 1.5 }, { ...message, direction: 'up' }, { ...message, kind: 'bot' }, { ...message, content: 1 }, { ...message, created_at: 'yesterday' }, { ...message, image: 5 }]) {
      expect(decodeStreamEvent('message', JSON.stringify({ message: bad }), '3')).toBeNull();
    }
    const queue = { state: 'open', conversation_id: 1, position: null, agent: '客服007', last_message_id: 3, status: 'online', text: 'ignored' };
    expect(decodeStreamEvent('queue', JSON.stringify({ queue }), '3')).toEqual({ type: 'queue', id: 3, queue: { ...queue, text: '客服007为您服务' } });
    expect(decodeStreamEvent('closed', JSON.stringify({ queue }), '3')).toBeNull();
    expect(decodeStreamEvent('queue', JSON.stringify({ queue: { ...queue, status: 'busy' } }), '3')).toBeNull();
    expect(decodeStreamEvent('queue', '{"queue":', '3')).toBeNull();
  });

  it('reads messages from before conversations (no kind, image or agent)', () => {
    expect(readChatMessage({ id: 1, direction: 'in', content: '旧消息', created_at: '2026-01-01T00:00:00.000Z' })).toEqual({
      id: 1,
      direction: 'in',
      kind: 'user',
      content: '旧消息',
      image: null,
      agent: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    fc.assert(
      fc.property(fc.anything(), (value) => {
        readChatMessage(value);
        readServiceQueue(value);
      }),
    );
  });

  it('the cursor: digits only, a safe integer', () => {
    expect(parseEventId('0')).toBe(0);
    expect(parseEventId('42')).toBe(42);
    for (const bad of ['', ' 1', '1 ', '-1', '1.0', 'x', '9'.repeat(16), 42, null]) expect(parseEventId(bad)).toBeNull();
    fc.assert(
      fc.property(cursor, (n) => {
        expect(parseEventId(String(n))).toBe(n);
      }),
    );
  });

  it('what the player reads for each state', () => {
    expect(queueText({ state: 'none', position: null, agent: null })).toBe('');
    expect(queueText({ state: 'queued', position: 3, agent: null })).toBe('排队中 第3位');
    expect(queueText({ state: 'open', position: null, agent: agentName(7) })).toBe('客服007为您服务');
    expect(queueText({ state: 'closed', position: null, agent: agentName(1234) })).toBe('已结束');
    expect(agentName(1234)).toBe('客服1234');
  });
});
