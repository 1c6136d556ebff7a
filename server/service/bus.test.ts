import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../tests/helpers/eventually.ts';
import { decodeBusEvent, encodeBusEvent, isServiceTopic, MemoryServiceBus, RedisServiceBus, userTopic, type ServiceBus, type ServiceBusEvent } from './bus.ts';
import { redisReachable, TEST_REDIS_URL } from '../../tests/helpers/test-redis.ts';

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const busEvent: fc.Arbitrary<ServiceBusEvent> = fc.oneof(
  fc.constant({ type: 'queue' as const }),
  fc.record({ type: fc.constant('message' as const), userId: id, conversationId: fc.option(id, { nil: null }), messageId: id, from: fc.constantFrom('player' as const, 'agent' as const, 'service' as const) }),
  fc.record({ type: fc.constant('conversation' as const), userId: id, conversationId: id, status: fc.constantFrom('queued' as const, 'open' as const, 'closed' as const), agentId: fc.option(id, { nil: null }) }),
);

describe('bus messages on the wire', () => {
  it('every event survives encoding and decoding', () => {
    fc.assert(
      fc.property(busEvent, (event) => {
        expect(decodeBusEvent(encodeBusEvent(event))).toEqual(event);
      }),
    );
  });

  it('anything else decodes to null, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (raw) => {
        const decoded = decodeBusEvent(raw);
        if (decoded !== null) expect(decodeBusEvent(encodeBusEvent(decoded))).toEqual(decoded);
      }),
      { numRuns: 2_000 },
    );
    for (const raw of ['', '{', 'null', '[]', '{"type":"message","userId":0,"conversationId":1,"messageId":1,"from":"agent"}', '{"type":"conversation","userId":1,"conversationId":1,"status":"gone","agentId":null}']) {
      expect(decodeBusEvent(raw)).toBeNull();
    }
  });

  it('topics: user:<id>, queue, agents', () => {
    expect(userTopic(12)).toBe('user:12');
    for (const topic of ['user:1', 'user:42', 'queue', 'agents']) expect(isServiceTopic(topic)).toBe(true);
    for (const topic of ['user:0', 'user:', 'user:1x', 'Queue', 'agents ', '']) expect(isServiceTopic(topic)).toBe(false);
  });
});

/** The same contract for both buses. */
function contract(name: string, create: () => ServiceBus) {
  describe(name, () => {
    it('delivers to subscribers of the topic only, until they unsubscribe', async () => {
      const bus = create();
      try {
        const alice: ServiceBusEvent[] = [];
        const bob: ServiceBusEvent[] = [];
        const queue: ServiceBusEvent[] = [];
        const stopAlice = await bus.subscribe(userTopic(1), (event) => alice.push(event));
        const stopBob = await bus.subscribe(userTopic(2), (event) => bob.push(event));
        await bus.subscribe('queue', (event) => queue.push(event));
        const toAlice: ServiceBusEvent = { type: 'message', userId: 1, conversationId: 5, messageId: 9, from: 'agent' };
        await bus.publish(userTopic(1), toAlice);
        await bus.publish('queue', { type: 'queue' });
        await eventually(() => {
          expect(alice).toEqual([toAlice]);
          expect(queue).toEqual([{ type: 'queue' }]);
        });
        expect(bob).toEqual([]);
        await stopAlice();
        await bus.publish(userTopic(1), toAlice);
        await bus.publish(userTopic(2), { ...toAlice, userId: 2 });
        await eventually(() => expect(bob).toHaveLength(1));
        expect(alice).toHaveLength(1);
        await stopBob();
      } finally {
        await bus.close();
      }
    });

    it('several listeners on one topic each hear every event, in order', async () => {
      const bus = create();
      try {
        const heard: number[][] = [[], []];
        const stops = await Promise.all(heard.map((list) => bus.subscribe('agents', (event) => event.type === 'message' && list.push(event.messageId))));
        for (let messageId = 1; messageId <= 20; messageId++) await bus.publish('agents', { type: 'message', userId: 1, conversationId: null, messageId, from: 'player' });
        const all = Array.from({ length: 20 }, (_, i) => i + 1);
        await eventually(() => expect(heard).toEqual([all, all]));
        // One listener leaving keeps the topic for the other.
        await stops[0]!();
        await bus.publish('agents', { type: 'message', userId: 1, conversationId: null, messageId: 21, from: 'player' });
        await eventually(() => expect(heard[1]).toHaveLength(21));
        expect(heard[0]).toHaveLength(20);
      } finally {
        await bus.close();
      }
    });
  });
}

contract('MemoryServiceBus', () => new MemoryServiceBus());

it('MemoryServiceBus forgets a topic once its last listener leaves', async () => {
  const bus = new MemoryServiceBus();
  const stop = await bus.subscribe(userTopic(3), () => {});
  expect(bus.topicCount).toBe(1);
  await stop();
  expect(bus.topicCount).toBe(0);
  await bus.close();
});

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable();

describe.skipIf(!redisUp)(`RedisServiceBus (${REDIS_URL})`, () => {
  const prefix = `gp-test:${randomBytes(6).toString('hex')}:bus:`;
  contract('one process', () => new RedisServiceBus(REDIS_URL, prefix));

  it('carries events between two processes (two buses on one Redis), and ignores garbage on its channels', async () => {
    const sender = new RedisServiceBus(REDIS_URL, `${prefix}x:`);
    const receiver = new RedisServiceBus(REDIS_URL, `${prefix}x:`);
    const { Redis } = await import('ioredis');
    const raw = new Redis(REDIS_URL);
    try {
      const heard: ServiceBusEvent[] = [];
      await receiver.subscribe(userTopic(7), (event) => heard.push(event));
      await raw.publish(`${prefix}x:user:7`, 'not json');
      await raw.publish(`${prefix}x:user:7`, '{"type":"message"}');
      const event: ServiceBusEvent = { type: 'conversation', userId: 7, conversationId: 3, status: 'open', agentId: 2 };
      await sender.publish(userTopic(7), event);
      await eventually(() => expect(heard).toEqual([event]));
    } finally {
      raw.disconnect();
      await Promise.all([sender.close(), receiver.close()]);
    }
  });
});
