import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../service-chat.ts';
import type { DeskConversation, DeskQueue } from '../service-desk.ts';
import { DeskConversationSchema, messages, queue as queueCall, quickReplies } from './service.ts';

/** Property tests of the desk's answer schemas, as the console's client reads them: never throw on anything; read back exactly what the server sends; refuse a damaged field. */

const by =
  <T,>(schema: v.GenericSchema<unknown, T>) =>
  (value: unknown): T | null => {
    const result = v.safeParse(schema, value);
    return result.success ? result.output : null;
  };
const readDeskConversation = by(DeskConversationSchema);
const readDeskQueue = by(queueCall.answer.schema);
const readDeskMessages = by(messages.answer.schema);
const readQuickReplies = (value: unknown) => by(quickReplies.answer.schema)(value)?.list ?? null;

const RUNS = 2_000;
const id = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const time = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms).toISOString());
const kind = fc.constantFrom('user', 'welcome', 'auto', 'agent', 'system') as fc.Arbitrary<ChatMessage['kind']>;
const direction = fc.constantFrom('in', 'out') as fc.Arbitrary<'in' | 'out'>;

const message: fc.Arbitrary<ChatMessage> = fc.record({ id, direction, kind, content: fc.string(), image: fc.option(fc.webUrl(), { nil: null }), agent: fc.option(fc.string(), { nil: null }), created_at: time });

const conversation: fc.Arbitrary<DeskConversation> = fc.record({
  id,
  user_id: id,
  user_uuid: fc.uuid(),
  nickname: fc.string(),
  status: fc.constantFrom('queued', 'open', 'closed') as fc.Arbitrary<DeskConversation['status']>,
  agent_id: fc.option(id, { nil: null }),
  agent: fc.option(fc.string(), { nil: null }),
  agent_name: fc.option(fc.string(), { nil: null }),
  mine: fc.boolean(),
  readable: fc.boolean(),
  position: fc.option(id, { nil: null }),
  created_at: time,
  taken_at: fc.option(time, { nil: null }),
  closed_at: fc.option(time, { nil: null }),
  last_message_at: time,
  last_message: fc.option(fc.record({ direction, kind, content: fc.string(), has_image: fc.boolean() }), { nil: null }),
});

const counts = fc.record({ queued: fc.nat(), mine: fc.nat(), open: fc.nat() });
const queue: fc.Arbitrary<DeskQueue> = fc.record({ list: fc.array(conversation, { maxLength: 5 }), counts, server_time: time });

/** Through JSON, as it travels. */
const wire = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

/** Values a field must refuse, by field. */
const BAD_ID = [undefined, 'x', '7', 0, -1, 1.5, true, [], {}];
const BAD_TEXT = [undefined, 1, true, [], {}];
const BAD_TIME = [undefined, 'x', '2020-13-45', 1, true];
const WRONG: Record<keyof DeskConversation, readonly unknown[]> = {
  id: [...BAD_ID, null],
  user_id: [...BAD_ID, null],
  user_uuid: [...BAD_TEXT, null],
  nickname: [...BAD_TEXT, null],
  status: [undefined, 'lost', 1, null],
  agent_id: BAD_ID,
  agent: BAD_TEXT,
  agent_name: BAD_TEXT,
  mine: [undefined, 'x', 1, null, []],
  readable: [undefined, 'true', 0, null, {}],
  position: BAD_ID,
  created_at: [...BAD_TIME, null],
  taken_at: BAD_TIME,
  closed_at: BAD_TIME,
  last_message_at: [...BAD_TIME, null],
  last_message: [undefined, 'x', 1, {}, [], { direction: 'in', kind: 'user', content: 'x' }, { direction: 'up', kind: 'user', content: 'x', has_image: false }],
};

describe('the desk answer schemas (property)', () => {
  it('never throw, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        readDeskConversation(value);
        readDeskQueue(value);
        readDeskMessages(value);
        readQuickReplies(value);
        return true;
      }),
      { numRuns: RUNS },
    );
  });

  it('read back exactly what the server sends', () => {
    fc.assert(
      fc.property(conversation, (c) => {
        expect(readDeskConversation(wire(c))).toEqual(c);
      }),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(queue, (q) => {
        expect(readDeskQueue(wire(q))).toEqual(q);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(conversation, fc.array(message, { maxLength: 5 }), fc.boolean(), time, (c, list, more, serverTime) => {
        expect(readDeskMessages(wire({ conversation: c, list, has_more: more, server_time: serverTime }))).toEqual({ conversation: c, list, has_more: more, server_time: serverTime });
      }),
      { numRuns: 500 },
    );
  });

  it('refuse a conversation with any field missing or of the wrong kind (and the lists holding it)', () => {
    fc.assert(
      fc.property(
        conversation.chain((c) => fc.tuple(fc.constant(c), fc.constantFrom(...(Object.keys(WRONG) as Array<keyof DeskConversation>)))).chain(([c, key]) => fc.tuple(fc.constant(c), fc.constant(key), fc.constantFrom(...WRONG[key]))),
        counts,
        time,
        ([c, key, wrong], n, serverTime) => {
          const damaged = { ...wire(c) as Record<string, unknown>, [key]: wrong };
          if (wrong === undefined) delete damaged[key];
          expect(readDeskConversation(damaged)).toBeNull();
          expect(readDeskQueue({ list: [wire(c), damaged], counts: n, server_time: serverTime })).toBeNull();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('read quick replies only when whole', () => {
    expect(readQuickReplies({ list: [{ id: 1, content: '您好', sort: 0 }] })).toEqual([{ id: 1, content: '您好', sort: 0 }]);
    expect(readQuickReplies({ list: [{ id: 1, content: '您好', sort: -1 }] })).toBeNull();
    expect(readQuickReplies({ list: [{ id: 0, content: '您好', sort: 1 }] })).toBeNull();
  });
});

