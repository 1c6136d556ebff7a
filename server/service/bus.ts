import { Redis } from 'ioredis';
import type { ServiceConversationStatus } from '../db/schema.ts';

/**
 * The customer-service bus: who must hear of a change in a conversation. Changes are written to
 * the database first; the bus only says "look again" to the open streams, which then read the
 * database (server/service/stream.ts). So a lost or duplicated bus message costs a delay
 * (the next heartbeat's catch-up), never a lost or doubled chat message.
 *
 * Topics:
 *   user:<id>   one player's own conversation: their stream listens here and nowhere else of the kind
 *   queue       the order of the queue changed (a conversation joined or left it): every queued player's position may have moved
 *   agents      every change any agent's console cares about (the agent stream of the staff console listens here)
 *
 * In-process (MemoryServiceBus) by default; Redis pub/sub (RedisServiceBus) when REDIS_URL is
 * set, so that a reply written by one server process reaches a stream held by another.
 */

export type ServiceTopic = `user:${number}` | 'queue' | 'agents';

export type ServiceBusEvent =
  /** A message was written to the conversation (from: who wrote it). */
  | { type: 'message'; userId: number; conversationId: number | null; messageId: number; from: 'player' | 'agent' | 'service' }
  /** A conversation changed status: queued (opened by the player), open (an agent took it), closed. */
  | { type: 'conversation'; userId: number; conversationId: number; status: ServiceConversationStatus; agentId: number | null }
  /** The queue's order changed. */
  | { type: 'queue' };

export type ServiceBusListener = (event: ServiceBusEvent) => void;

export interface ServiceBus {
  /** Delivers to every current subscriber of the topic, in this process and (Redis) the others. Never throws. */
  publish(topic: ServiceTopic, event: ServiceBusEvent): Promise<void>;
  /** Resolves once the subscription is live (for Redis: confirmed by the server); the function ends it. */
  subscribe(topic: ServiceTopic, listener: ServiceBusListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const userTopic = (userId: number): ServiceTopic => `user:${userId}`;

const TOPIC = /^(user:[1-9]\d{0,14}|queue|agents)$/;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const STATUSES: readonly unknown[] = ['queued', 'open', 'closed'];
const FROM: readonly unknown[] = ['player', 'agent', 'service'];

export function isServiceTopic(value: unknown): value is ServiceTopic {
  return typeof value === 'string' && TOPIC.test(value);
}

/** A bus message as it travels through Redis, checked: the event or null. Never throws. */
export function decodeBusEvent(raw: unknown): ServiceBusEvent | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const e = value as Record<string, unknown>;
  if (e.type === 'queue') return { type: 'queue' };
  if (e.type === 'message') {
    if (!isCount(e.userId) || !(e.conversationId === null || isCount(e.conversationId)) || !isCount(e.messageId) || !FROM.includes(e.from)) return null;
    return { type: 'message', userId: e.userId, conversationId: e.conversationId, messageId: e.messageId, from: e.from as 'player' | 'agent' | 'service' };
  }
  if (e.type === 'conversation') {
    if (!isCount(e.userId) || !isCount(e.conversationId) || !STATUSES.includes(e.status) || !(e.agentId === null || isCount(e.agentId))) return null;
    return { type: 'conversation', userId: e.userId, conversationId: e.conversationId, status: e.status as ServiceConversationStatus, agentId: e.agentId };
  }
  return null;
}

export function encodeBusEvent(event: ServiceBusEvent): string {
  return JSON.stringify(event);
}

/** Fan-out inside one process. Listeners run on a later tick, never inside publish. */
export class MemoryServiceBus implements ServiceBus {
  private readonly listeners = new Map<ServiceTopic, Set<ServiceBusListener>>();
  private closed = false;

  async publish(topic: ServiceTopic, event: ServiceBusEvent): Promise<void> {
    if (this.closed) return;
    for (const listener of [...(this.listeners.get(topic) ?? [])]) {
      queueMicrotask(() => {
        try {
          listener(event);
        } catch {
          // One stream's failure is its own.
        }
      });
    }
  }

  async subscribe(topic: ServiceTopic, listener: ServiceBusListener): Promise<() => Promise<void>> {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(topic) === set) this.listeners.delete(topic);
    };
  }

  /** Topics with a listener (tests: nothing leaks when streams end). */
  get topicCount(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do
 * nothing else). A Redis channel per topic, subscribed while this process has a listener on it.
 * Pub/sub keeps nothing: a process that was disconnected misses what was said meanwhile, which
 * the streams' periodic catch-up covers (see the top of this file).
 */
export class RedisServiceBus implements ServiceBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<ServiceTopic, Set<ServiceBusListener>>();
  /** The SUBSCRIBE / UNSUBSCRIBE of each channel, in order. */
  private pending = new Map<ServiceTopic, Promise<unknown>>();

  constructor(
    url: string,
    private readonly prefix = 'gp:service-bus:',
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(this.prefix)) return;
      const topic = channel.slice(this.prefix.length);
      const event = decodeBusEvent(raw);
      if (!isServiceTopic(topic) || !event) return;
      for (const listener of [...(this.listeners.get(topic) ?? [])]) {
        try {
          listener(event);
        } catch {
          // One stream's failure is its own.
        }
      }
    });
  }

  async publish(topic: ServiceTopic, event: ServiceBusEvent): Promise<void> {
    try {
      await this.publisher.publish(this.prefix + topic, encodeBusEvent(event));
    } catch (error) {
      this.onError(error);
    }
  }

  private serially(topic: ServiceTopic, step: () => Promise<unknown>): Promise<unknown> {
    const next = (this.pending.get(topic) ?? Promise.resolve()).then(step, step);
    this.pending.set(topic, next);
    return next;
  }

  async subscribe(topic: ServiceTopic, listener: ServiceBusListener): Promise<() => Promise<void>> {
    let set = this.listeners.get(topic);
    const first = !set;
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    if (first) await this.serially(topic, () => this.subscriber.subscribe(this.prefix + topic));
    else await this.pending.get(topic);
    return async () => {
      if (!set.delete(listener) || set.size > 0 || this.listeners.get(topic) !== set) return;
      this.listeners.delete(topic);
      await this.serially(topic, () => (this.listeners.has(topic) ? Promise.resolve() : this.subscriber.unsubscribe(this.prefix + topic)));
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}

/** keyPrefix: the deployment's REDIS_KEY_PREFIX ('gp:' → channels gp:service-bus:<topic>). */
export function createServiceBus(redisUrl: string | null, onError?: (error: unknown) => void, keyPrefix = 'gp:'): ServiceBus {
  return redisUrl ? new RedisServiceBus(redisUrl, `${keyPrefix}service-bus:`, onError) : new MemoryServiceBus();
}
