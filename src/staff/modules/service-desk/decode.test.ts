import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../api/protocol/service-chat.ts';
import { decodeDeskStreamEvent, readUploaded } from './decode.ts';

/** Property tests of what the desk reads that is no call's answer: the agents' stream events and the picture upload's answer. (The calls' answer schemas: api/protocol/staff/service.property.test.ts.) */

const RUNS = 2_000;
const id = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const time = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms).toISOString());
const kind = fc.constantFrom('user', 'welcome', 'auto', 'agent', 'system') as fc.Arbitrary<ChatMessage['kind']>;
const direction = fc.constantFrom('in', 'out') as fc.Arbitrary<'in' | 'out'>;

const message: fc.Arbitrary<ChatMessage> = fc.record({ id, direction, kind, content: fc.string(), image: fc.option(fc.webUrl(), { nil: null }), agent: fc.option(fc.string(), { nil: null }), created_at: time });

describe('the picture upload answer', () => {
  it('is read only when whole', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        readUploaded(value);
        return true;
      }),
      { numRuns: RUNS },
    );
    expect(readUploaded({ key: 'service/a.webp', url: '/media/service/a.webp' })).toEqual({ key: 'service/a.webp', url: '/media/service/a.webp' });
    expect(readUploaded({ key: '', url: '/media/x' })).toBeNull();
  });
});

describe('decodeDeskStreamEvent', () => {
  it('never throws on any name and text', () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify(value)), fc.anything()), (name, data) => {
        const event = decodeDeskStreamEvent(name, data);
        return event === null || event.type === name;
      }),
      { numRuns: RUNS },
    );
  });

  it('reads the events the server writes', () => {
    fc.assert(
      fc.property(id, id, fc.constantFrom('queued', 'open', 'closed') as fc.Arbitrary<'queued' | 'open' | 'closed'>, fc.option(id, { nil: null }), fc.option(fc.string(), { nil: null }), (conversationId, userId, status, agentId, agent) => {
        const data = { conversation_id: conversationId, user_id: userId, status, agent_id: agentId, agent };
        expect(decodeDeskStreamEvent('conversation', JSON.stringify(data))).toEqual({ type: 'conversation', data });
      }),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(id, id, message, (conversationId, userId, m) => {
        const data = { conversation_id: conversationId, user_id: userId, message: m };
        expect(decodeDeskStreamEvent('message', JSON.stringify(data))).toEqual({ type: 'message', data });
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses unknown names, broken JSON and damaged fields', () => {
    const good = { conversation_id: 3, user_id: 4, status: 'open', agent_id: 7, agent: '客服007' };
    expect(decodeDeskStreamEvent('queue', JSON.stringify(good))).toBeNull();
    expect(decodeDeskStreamEvent('conversation', '{')).toBeNull();
    expect(decodeDeskStreamEvent('conversation', JSON.stringify({ ...good, status: 'lost' }))).toBeNull();
    expect(decodeDeskStreamEvent('conversation', JSON.stringify({ ...good, conversation_id: 0 }))).toBeNull();
    expect(decodeDeskStreamEvent('message', JSON.stringify({ conversation_id: 3, user_id: 4, message: { id: 1 } }))).toBeNull();
    expect(decodeDeskStreamEvent('message', 'x'.repeat(1_000_001))).toBeNull();
  });
});
