import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { createApiClient, type ApiClient } from '../../api/client.ts';
import { browserCrypto } from '../../api/crypto-browser.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { ActiveRecordInput } from '../../machines/session.types.ts';
import { readCredentials, writeCredentials } from './credentials-storage.ts';
import { apiBase, encryptRequests, secrets } from './env.ts';
import { showToast } from './toast.ts';

export interface AppRuntime {
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
  /** Every actor the app creates is inspected through this (event log, /testview). */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * Wires the pure machines to the world: storage, toasts, navigation, reload and the api client.
 * Created once at start-up (src/main.tsx); tests build their own with fakes.
 */
export function createRuntime(): AppRuntime {
  let session: AppRuntime['session'] | null = null;
  const api = createApiClient({
    baseUrl: apiBase,
    secrets,
    crypto: browserCrypto,
    encrypt: encryptRequests,
    getCredentials: () => {
      const credentials = session?.getSnapshot().context.credentials;
      return credentials ? { token: credentials.token, uuid: credentials.uuid } : null;
    },
    onOutcome: (outcome) => session?.send({ type: 'api.outcome', outcome }),
  });

  session = createActor(
    sessionMachine.provide({
      actions: {
        persistCredentials: (_, params) => writeCredentials(window.localStorage, params.credentials),
        showToast: (_, params) => showToast(params.message),
        reloadPage: () => window.location.reload(),
        navigateTo: (_, params) => navigate(params.path),
      },
      actors: {
        activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => {
          await api.call('/api/user/changeActiveRecord');
        }),
      },
    }),
    { input: { credentials: readCredentials(window.localStorage) } },
  );
  session.start();
  return { api, session };
}
