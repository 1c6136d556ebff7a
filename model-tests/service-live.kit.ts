import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import type { ChatMessage, ServiceQueue } from '../api/protocol/service-chat.ts';
import { serviceLiveMachine } from '../machines/service-live.machine.ts';
import type { QueueOutcome, ServiceLiveEvent, ServiceLiveInput, StreamInput, StreamTicketOutcome } from '../machines/service-live.types.ts';
import { createDeferredActors } from './deferred-actors.ts';

/** Test kit of the /service connection machine: deferred calls, a stream stand-in, a simulated clock, what the machine asked of the app. */

export const LIVE_CALLS = ['getStreamTicket', 'getQueue'] as const;
export type LiveCall = (typeof LIVE_CALLS)[number];

const ok = <T>(data: T) => ({ kind: 'ok' as const, code: 1, msg: 'success', data });

export const queueOf = (overrides: Partial<ServiceQueue> = {}): ServiceQueue => ({
  state: 'queued',
  conversation_id: 4,
  position: 2,
  agent: null,
  last_message_id: 10,
  status: 'online',
  text: '排队中 第2位',
  ...overrides,
});

export const messageOf = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  direction: 'out',
  kind: 'agent',
  content: `回复${id}`,
  image: null,
  agent: '客服007',
  created_at: '2026-03-02T02:00:00.000Z',
  ...overrides,
});

export const TICKETS = {
  online: ok({ url: '/api/service/stream?ticket=t', expires_in: 60, status: 'online' as const }),
  offline: ok({ url: null, expires_in: 0, status: 'offline' as const }),
  refused: { kind: 'error', reason: 'network', code: null, msg: '网络异常' },
} satisfies Record<string, StreamTicketOutcome>;

export const POLLS = {
  same: ok(queueOf({ last_message_id: 10 })),
  newer: ok(queueOf({ last_message_id: 12 })),
  offline: ok(queueOf({ status: 'offline' })),
} satisfies Record<string, QueueOutcome>;

export interface StreamHandle {
  input: StreamInput;
  send: (event: ServiceLiveEvent) => void;
  stopped: boolean;
}

export function createLiveHarness(input: ServiceLiveInput = { streamSupported: true }, inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const calls = createDeferredActors(serviceLiveMachine, LIVE_CALLS);
  const streams: StreamHandle[] = [];
  const effects: string[] = [];
  const delivered: ChatMessage[] = [];
  const actor = createActor(
    serviceLiveMachine.provide({
      actors: {
        ...calls.actors,
        stream: fromPromise<void, StreamInput>(
          ({ input: streamInput, signal }) =>
            new Promise<void>((resolve) => {
              const handle: StreamHandle = { input: streamInput, send: (event) => void (!handle.stopped && streamInput.receiver.send(event)), stopped: false };
              streams.push(handle);
              signal.addEventListener('abort', () => {
                handle.stopped = true;
                resolve();
              });
            }),
        ),
      },
      actions: {
        deliver: (_, { message }) => {
          delivered.push(message);
          effects.push(`deliver ${message.id}`);
        },
        refreshChat: () => void effects.push('refresh chat'),
      },
    }),
    { clock, input, ...(inspect ? { inspect } : {}) },
  );
  /** Moves the simulated clock in steps of at most `step` ms, so each due timer fires in turn. */
  function advance(ms: number, step = 500) {
    for (let passed = 0; passed < ms; passed += step) clock.increment(Math.min(step, ms - passed));
  }
  return { actor, clock, calls, streams, effects, delivered, advance, currentStream: () => streams.at(-1) };
}
