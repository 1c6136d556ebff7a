import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { serviceLiveMachine } from '../machines/service-live.machine.ts';
import type { ServiceLiveContext, ServiceLiveEvent, ServiceLiveInput } from '../machines/service-live.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath } from './coverage.ts';
import { messageOf, POLLS, queueOf, TICKETS } from './service-live.kit.ts';

/** The /service connection machine's model: event table, generated paths (both inputs), what each event means outside. */

export const LIVE_INPUTS: Record<'supported' | 'unsupported', ServiceLiveInput> = {
  supported: { streamSupported: true },
  unsupported: { streamSupported: false },
};

const externalEvents: ServiceLiveEvent[] = [
  { type: 'chat.synced', lastMessageId: 10 },
  { type: 'chat.queue', queue: queueOf({ position: 3, text: '排队中 第3位' }) },
  { type: 'stream.open' },
  { type: 'stream.message', id: 11, message: messageOf(11) },
  { type: 'stream.queue', id: 11, queue: queueOf({ state: 'open', position: null, agent: '客服007', text: '客服007为您服务' }) },
  { type: 'stream.closed', id: 11, queue: queueOf({ state: 'closed', position: null, agent: '客服007', text: '已结束' }) },
  { type: 'stream.error' },
  // Raised by the machine itself from a poll answer; in the table so the walk reaches their
  // transitions, which the raising step hides.
  { type: 'service.offline' },
  { type: 'service.online' },
];

export const serviceLiveEventTable: readonly AnyEventObject[] = [
  ...externalEvents,
  ...Object.values(TICKETS).map((output) => ({ type: 'xstate.done.actor.getStreamTicket', output })),
  { type: 'xstate.error.actor.getStreamTicket', error: new Error('getStreamTicket failed') },
  ...Object.values(POLLS).map((output) => ({ type: 'xstate.done.actor.getQueue', output })),
  { type: 'xstate.error.actor.getQueue', error: new Error('getQueue failed') },
  ...delayedEventsOf(serviceLiveMachine),
];

/** The state value plus what the guards and the refresh read: the cursor (the attempt count only sets a delay). */
export function serializeServiceLive(snapshot: AnyMachineSnapshot): string {
  const { cursor } = snapshot.context as ServiceLiveContext;
  return JSON.stringify([snapshot.value, cursor]);
}

export interface LivePath {
  input: ServiceLiveInput;
  path: MachinePath;
}

let paths: LivePath[] | undefined;

export function getServiceLivePaths(): LivePath[] {
  paths ??= Object.values(LIVE_INPUTS).flatMap((input) =>
    generateCoveringPaths(serviceLiveMachine, { events: serviceLiveEventTable, serializeState: serializeServiceLive, input }).map((path) => ({ input, path })),
  );
  return paths;
}

const ACTIONS: Record<string, string> = {
  'chat.synced': 'the chat shows message 10',
  'chat.queue': "the chat's answer says 排队中 第3位",
  'stream.open': 'the stream opens',
  'stream.message': 'the stream pushes message 11',
  'stream.queue': 'the stream says 客服007为您服务',
  'stream.closed': 'the stream says 已结束',
  'stream.error': 'the stream fails',
  'service.offline': 'the service goes off hours',
  'service.online': 'the service is back',
};

const DELAYS: Record<string, string> = {
  livePoll: '20 s pass (poll)',
  streamOpenTimeout: '10 s pass without the stream opening',
  retryBackoff: 'the retry backoff passes',
};

export function describeServiceLiveEvent(event: AnyEventObject): { actor: 'chat' | 'stream' | 'machine' | 'server' | 'clock'; action: string } {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return { actor: 'clock', action: DELAYS[type.split('.')[2]!] ?? type };
  const call = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.done.actor.')) return { actor: 'server', action: `${call} answers ${JSON.stringify((event.output as ApiOutcome & { data?: unknown }).data ?? (event.output as ApiOutcome).kind)}` };
  if (type.startsWith('xstate.error.actor.')) return { actor: 'server', action: `${call} rejects (network failure)` };
  const action = ACTIONS[type];
  if (!action) throw new Error(`no action for ${type}`);
  return { actor: type.startsWith('chat.') ? 'chat' : type.startsWith('stream.') ? 'stream' : 'machine', action };
}
