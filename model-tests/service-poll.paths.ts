import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { servicePollMachine } from '../machines/service-poll.machine.ts';
import type { ServicePollContext, ServicePollEvent, ServicePollInput, ServiceStatus, UnreadMessage } from '../machines/service-poll.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The customer-service poll's model: event table, generated paths, what each event means outside. */

export const SERVICE_POLL_CALLS = ['getUnreadMessage', 'getServiceStatus'] as const;
export type ServicePollCall = (typeof SERVICE_POLL_CALLS)[number];

export const SERVICE_POLL_INPUT: ServicePollInput = { lastSeenId: null };

export const MESSAGE: UnreadMessage = { id: 1, content: '欢迎来到乐玩游戏盒！有任何问题都可以在这里联系客服。' };

export const UNREAD_OUTCOMES = {
  message: { kind: 'ok', code: 1, msg: 'success', data: MESSAGE },
  none: { kind: 'ok', code: 1, msg: 'success', data: null },
} satisfies Record<string, ApiOutcome<UnreadMessage | null>>;

export const STATUS_OUTCOMES = {
  offline: { kind: 'ok', code: 1, msg: 'success', data: 'offline' },
  online: { kind: 'ok', code: 1, msg: 'success', data: 'online' },
} satisfies Record<string, ApiOutcome<ServiceStatus>>;

const externalEvents: ServicePollEvent[] = [
  { type: 'session.signedIn' },
  { type: 'session.signedOut' },
  { type: 'page.hidden' },
  { type: 'page.visible', path: '/' },
  { type: 'page.visible', path: '/service' },
  { type: 'ui.notice.open' },
  { type: 'ui.notice.dismiss' },
  // Raised by the machine itself on a new message; in the table so the walk also reaches the
  // banner's own transitions (a newer message while it shows), which the raising step hides.
  { type: 'notice.show', id: '2', content: '您好，客服已收到您的消息，将尽快为您处理。' },
];

export const servicePollEventTable: readonly AnyEventObject[] = [
  ...externalEvents,
  ...Object.values(UNREAD_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.getUnreadMessage', output })),
  { type: 'xstate.error.actor.getUnreadMessage', error: new Error('getUnreadMessage failed') },
  ...Object.values(STATUS_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.getServiceStatus', output })),
  { type: 'xstate.error.actor.getServiceStatus', error: new Error('getServiceStatus failed') },
  ...delayedEventsOf(servicePollMachine),
];

/** The state value plus what the guards read: the last seen message id. */
export function serializeServicePoll(snapshot: AnyMachineSnapshot): string {
  const { lastSeenId } = snapshot.context as ServicePollContext;
  return JSON.stringify([snapshot.value, lastSeenId]);
}

let paths: MachinePath[] | undefined;

export function getServicePollPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(servicePollMachine, { events: servicePollEventTable, serializeState: serializeServicePoll, input: SERVICE_POLL_INPUT });
  return paths;
}

const ACTIONS: Record<string, string> = {
  'session.signedIn': 'sign in (or start the app with a stored token)',
  'session.signedOut': 'sign out (or the session ends)',
  'page.hidden': 'leave the app (page hidden)',
  'page.visible': 'return to the app',
  'ui.notice.open': "tap the '客服消息' banner",
  'ui.notice.dismiss': 'swipe the banner away',
  'notice.show': 'a newer message raises the banner',
};

const DELAYS: Record<string, string> = {
  servicePoll: '20 s pass (poll interval)',
  serviceOfflineCheck: '2 s pass (offline check)',
  noticeAutoHide: '5 s pass (banner hides)',
};

export function describeServicePollEvent(event: AnyEventObject): { actor: 'session' | 'user' | 'machine' | 'server' | 'clock'; action: string } {
  const { type } = event;
  if (type.startsWith('xstate.after.')) return { actor: 'clock', action: DELAYS[type.split('.')[2]!] ?? type };
  const call = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.done.actor.')) {
    const output = event.output as ApiOutcome;
    return { actor: 'server', action: `${call} answers ${JSON.stringify('data' in output ? output.data : null)}` };
  }
  if (type.startsWith('xstate.error.actor.')) return { actor: 'server', action: `${call} rejects (network failure)` };
  const action = ACTIONS[type];
  if (!action) throw new Error(`no action for ${type}`);
  const actor = type.startsWith('session.') ? 'session' : type === 'notice.show' ? 'machine' : 'user';
  return { actor, action: type === 'page.visible' ? `${action} on ${String(event.path)}` : action };
}
