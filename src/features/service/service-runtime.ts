import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { SERVICE_PATH } from '../../../machines/service-poll.constants.ts';
import { servicePollMachine } from '../../../machines/service-poll.machine.ts';
import type { ServiceStatusOutcome, UnreadMessageOutcome } from '../../../machines/service-poll.types.ts';
import type { AppRuntime, RuntimeEnvironment } from '../../app/runtime.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * Wires the customer-service poll (SPEC §4 "Other", §7 "Polling"): the two calls, storage
 * 'serviceID', reload, the banner's way to /service, the page's visibility, and the session
 * (signed in with a token → `session.signedIn`, signed out → `session.signedOut`).
 */

export type ServicePollActor = ActorRefFrom<typeof servicePollMachine>;

export const SERVICE_CALLS = {
  unread: calls.user.getUnreadMessage,
  status: calls.user.getServiceStatus,
} as const;

/** The browser's side: visibility and where the app is. */
export interface ServiceEnvironment {
  isHidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  pathname(): string;
}

export const browserServiceEnvironment = (): ServiceEnvironment => ({
  isHidden: () => document.visibilityState === 'hidden',
  onVisibilityChange(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  pathname: () => window.location.pathname,
});

type ServiceRuntime = Pick<AppRuntime, 'api' | 'session' | 'inspect' | 'navigate'>;

function readSeenId(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(STORAGE_KEYS.serviceId);
  } catch {
    return null;
  }
}

export function createServiceFeature(
  runtime: ServiceRuntime,
  env: Pick<RuntimeEnvironment, 'storage' | 'reload'>,
  browser: ServiceEnvironment = browserServiceEnvironment(),
): ServicePollActor {
  const poll = createActor(
    servicePollMachine.provide({
      actors: {
        getUnreadMessage: fromPromise<UnreadMessageOutcome>(({ signal }) => request(runtime.api, SERVICE_CALLS.unread, {}, { signal })),
        getServiceStatus: fromPromise<ServiceStatusOutcome>(({ signal }) => request(runtime.api, SERVICE_CALLS.status, {}, { signal })),
      },
      actions: {
        persistSeenId: (_, { id }) => {
          try {
            env.storage.setItem(STORAGE_KEYS.serviceId, id);
          } catch {
            // A full or private storage: the same message may be announced once more next start.
          }
        },
        reloadPage: () => env.reload(),
        openServicePage: () => runtime.navigate(SERVICE_PATH),
      },
    }),
    { input: { lastSeenId: readSeenId(env.storage) }, inspect: runtime.inspect },
  ).start();

  if (browser.isHidden()) poll.send({ type: 'page.hidden' });
  browser.onVisibilityChange(() => {
    poll.send(browser.isHidden() ? { type: 'page.hidden' } : { type: 'page.visible', path: browser.pathname() });
  });

  // One event per change of account, starting from the session as it is when this is created.
  let token: string | null = null;
  const follow = (snapshot: ReturnType<ServiceRuntime['session']['getSnapshot']>) => {
    const next = snapshot.hasTag('signedIn') ? (snapshot.context.credentials?.token ?? null) : null;
    if (next === token) return;
    token = next;
    poll.send(next ? { type: 'session.signedIn' } : { type: 'session.signedOut' });
  };
  follow(runtime.session.getSnapshot());
  runtime.session.subscribe(follow);
  return poll;
}
