import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { SERVICE_OFFLINE_CHECK_MS, SERVICE_POLL_MS } from './constants.ts';
import { isServicePath, SERVICE_NOTICE_MS } from './service-poll.constants.ts';
import type {
  PersistSeenIdParams,
  ServiceNotice,
  ServicePollContext,
  ServicePollEvent,
  ServicePollInput,
  ServicePollTag,
  ServiceStatusOutcome,
  UnreadMessageOutcome,
} from './service-poll.types.ts';

/** A new message: a valid answer whose id differs from the last one notified. */
export function newNotice(outcome: UnreadMessageOutcome, lastSeenId: string | null): ServiceNotice | null {
  if (outcome.kind !== 'ok' || outcome.data === null || typeof outcome.data !== 'object') return null;
  const { id, content } = outcome.data;
  if ((typeof id !== 'number' && typeof id !== 'string') || String(id) === '' || typeof content !== 'string') return null;
  return String(id) === lastSeenId ? null : { id: String(id), content };
}

type UnreadParams = { outcome: UnreadMessageOutcome };
type UnreadDone = { context: ServicePollContext; event: { output: UnreadMessageOutcome } };
const answer = ({ event }: UnreadDone): UnreadParams => ({ outcome: event.output });
const notifyNew = { type: 'notify', params: ({ context, event }: UnreadDone) => newNotice(event.output, context.lastSeenId)! } as const;
type PersistSeenIdAction = { type: 'persistSeenId'; params: PersistSeenIdParams };

/**
 * Customer-service polling (SPEC §4 "Other", §7 "Polling", §9): while signed in, getUnreadMessage
 * every 20 s with one request in flight at most (the next wait starts when the answer is in),
 * paused while the page is hidden and polled again on return; a new message id raises the
 * '客服消息' banner. Returning to the app on /service checks the service status 2 s later and
 * reloads when it is 'offline'. Three regions under signedIn: poll, offlineCheck, notice.
 */
export const servicePollMachine = setup({
  types: {
    context: {} as ServicePollContext,
    events: {} as ServicePollEvent,
    input: {} as ServicePollInput,
    tags: {} as ServicePollTag,
    children: {} as { getUnreadMessage: 'getUnreadMessage'; getServiceStatus: 'getServiceStatus' },
  },
  actors: {
    /** Replaced by the app with .provide(): /api/user/getUnreadMessage. */
    getUnreadMessage: fromPromise<UnreadMessageOutcome>(async () => {
      throw new Error('getUnreadMessage is not provided');
    }),
    /** Replaced by the app with .provide(): /api/user/getServiceStatus (PROTOCOL §7). */
    getServiceStatus: fromPromise<ServiceStatusOutcome>(async () => {
      throw new Error('getServiceStatus is not provided');
    }),
  },
  actions: {
    /** Provided by the app: write the id under storage 'serviceID' (SPEC §3). */
    persistSeenId: (_, _params: PersistSeenIdParams) => {},
    /** Provided by the app: window.location.reload() (SPEC §4 "data equal to 'offline' triggers a page reload"). */
    reloadPage: () => {},
    /** Provided by the app: go to /service (the banner's tap). */
    openServicePage: () => {},
    /** Remembers the message as seen and raises the banner with it. */
    notify: enqueueActions<ServicePollContext, ServicePollEvent, ServiceNotice, ServicePollEvent, never, PersistSeenIdAction, never, never, never>(
      ({ enqueue }, params) => {
        enqueue.assign({ lastSeenId: params.id });
        enqueue({ type: 'persistSeenId', params: { id: params.id } });
        enqueue.raise({ type: 'notice.show', id: params.id, content: params.content });
      },
    ),
    markHidden: assign({ pageHidden: true }),
    markVisible: assign({ pageHidden: false }),
    storeNotice: assign(({ event }) => {
      assertEvent(event, 'notice.show');
      return { notice: { id: event.id, content: event.content } };
    }),
  },
  guards: {
    isNewMessage: ({ context }, params: UnreadParams) => newNotice(params.outcome, context.lastSeenId) !== null,
    isNewMessageWhileHidden: ({ context }, params: UnreadParams) => context.pageHidden && newNotice(params.outcome, context.lastSeenId) !== null,
    isPageHidden: ({ context }) => context.pageHidden,
    isOnServicePage: ({ event }) => event.type === 'page.visible' && isServicePath(event.path),
    isOffline: (_, params: { outcome: ServiceStatusOutcome }) => params.outcome.kind === 'ok' && params.outcome.data === 'offline',
  },
  delays: {
    servicePoll: SERVICE_POLL_MS,
    serviceOfflineCheck: SERVICE_OFFLINE_CHECK_MS,
    noticeAutoHide: SERVICE_NOTICE_MS,
  },
}).createMachine({
  id: 'servicePoll',
  context: ({ input }) => ({ lastSeenId: input.lastSeenId, notice: null, pageHidden: false }),
  type: 'parallel',
  states: {
    page: {
      initial: 'visible',
      states: {
        visible: { on: { 'page.hidden': { target: 'hidden', actions: 'markHidden' } } },
        hidden: { on: { 'page.visible': { target: 'visible', actions: 'markVisible' } } },
      },
    },
    session: {
      initial: 'signedOut',
      states: {
        signedOut: {
          on: {
            'session.signedIn': [{ guard: 'isPageHidden', target: 'signedIn.poll.paused' }, { target: 'signedIn' }],
          },
        },
        signedIn: {
          type: 'parallel',
          on: {
            'session.signedOut': 'signedOut',
            // Another account: start over (an in-flight poll for the old one is dropped).
            'session.signedIn': [
              { guard: 'isPageHidden', target: 'signedIn.poll.paused', reenter: true },
              { target: 'signedIn', reenter: true },
            ],
          },
          states: {
            poll: {
              initial: 'waiting',
              states: {
                waiting: {
                  after: { servicePoll: 'fetching' },
                  on: { 'page.hidden': 'paused' },
                },
                // One request at most: no timer runs here, so a slow answer delays the next poll.
                fetching: {
                  tags: ['busy'],
                  invoke: {
                    id: 'getUnreadMessage',
                    src: 'getUnreadMessage',
                    onDone: [
                      { guard: { type: 'isNewMessageWhileHidden', params: answer }, target: 'paused', actions: notifyNew },
                      { guard: { type: 'isNewMessage', params: answer }, target: 'waiting', actions: notifyNew },
                      { guard: 'isPageHidden', target: 'paused' },
                      { target: 'waiting' },
                    ],
                    onError: [{ guard: 'isPageHidden', target: 'paused' }, { target: 'waiting' }],
                  },
                },
                paused: {
                  on: { 'page.visible': 'fetching' },
                },
              },
            },
            offlineCheck: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'page.visible': { guard: 'isOnServicePage', target: 'scheduled' } },
                },
                scheduled: {
                  after: { serviceOfflineCheck: 'checking' },
                  on: { 'page.hidden': 'idle' },
                },
                checking: {
                  invoke: {
                    id: 'getServiceStatus',
                    src: 'getServiceStatus',
                    onDone: [
                      {
                        guard: { type: 'isOffline', params: ({ event }) => ({ outcome: event.output }) },
                        target: 'idle',
                        actions: 'reloadPage',
                      },
                      { target: 'idle' },
                    ],
                    onError: { target: 'idle' },
                  },
                },
              },
            },
            notice: {
              initial: 'hidden',
              states: {
                hidden: {
                  on: { 'notice.show': { target: 'shown', actions: 'storeNotice' } },
                },
                shown: {
                  after: { noticeAutoHide: 'hidden' },
                  on: {
                    // A newer message replaces the text and restarts the 5 s.
                    'notice.show': { target: 'shown', reenter: true, actions: 'storeNotice' },
                    'ui.notice.open': { target: 'hidden', actions: 'openServicePage' },
                    'ui.notice.dismiss': 'hidden',
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

