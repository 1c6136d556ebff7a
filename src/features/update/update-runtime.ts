import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { runningVersion } from '../../../api/protocol/versions.ts';
import { request } from '../../../api/typed-call.ts';
import { sharedBridge } from '../../../bridge/adapter.ts';
import { isInsideWrapper } from '../../../bridge/device-info.ts';
import { updateDialogMachine } from '../../../machines/update-dialog.machine.ts';
import { UPDATE_DIALOG_PATH, UPDATE_DISMISSED_STORAGE_KEY, UPDATE_MESSAGES, type UpdateCheckOutcome, type UpdateDialogEvent, type UpdateDownloadInput } from '../../../machines/update-dialog.types.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { appUpdateOf } from './app-version.ts';
import { appVersion } from '../../../api/protocol/calls/down.ts';

/**
 * The update dialog wired to the world: /down/appVersion, the bridge's updateApp
 * (inside the wrapper, after the download feature took the bridge's events: one adapter per page,
 * bridge/adapter.ts sharedBridge), storage for the dismissed version, and the browser for the URL.
 * One actor per app run, shared by the start-up check and the /updatedialog page, so a download
 * keeps its progress whichever of them shows it.
 */

export type UpdateActor = ActorRefFrom<typeof updateDialogMachine>;
export type UpdateRuntime = Pick<AppRuntime, 'api' | 'inspect' | 'device' | 'downloads' | 'navigate' | 'navigation'>;

export interface UpdateEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  host: Record<string, unknown>;
  /** Opens the package URL in the browser (outside the wrapper). */
  open(url: string): void;
}

const browserUpdateEnvironment = (): UpdateEnvironment => ({
  storage: window.localStorage,
  host: window as unknown as Record<string, unknown>,
  open: (url) => window.location.assign(new URL(url, window.location.origin).href),
});

function readDismissed(storage: UpdateEnvironment['storage']): string | null {
  try {
    return storage.getItem(UPDATE_DISMISSED_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function checkAppVersion(runtime: Pick<AppRuntime, 'api'>, running: string): Promise<UpdateCheckOutcome> {
  // The declaration: request() decodes the answer with its schema (an unusable one is an error: the check failed).
  const outcome = await request(runtime.api, appVersion, { version: running });
  if (outcome.kind === 'toast') return { ok: false, message: outcome.msg || UPDATE_MESSAGES.checkFailed };
  if (outcome.kind !== 'ok') return { ok: false, message: UPDATE_MESSAGES.checkFailed };
  return { ok: true, latest: appUpdateOf(outcome.data, running) };
}

const actors = new WeakMap<object, UpdateActor>();

export function updateActorFor(runtime: UpdateRuntime, env: UpdateEnvironment = browserUpdateEnvironment()): UpdateActor {
  const existing = actors.get(runtime);
  if (existing) return existing;
  const insideWrapper = isInsideWrapper(runtime.device);
  const running = runningVersion(runtime.device);
  const actor = createActor(
    updateDialogMachine.provide({
      actors: {
        checkVersion: fromPromise<UpdateCheckOutcome, { running: string }>(({ input }) => checkAppVersion(runtime, input.running)),
        download: fromCallback<UpdateDialogEvent, UpdateDownloadInput>(({ input, sendBack }) => {
          let stopped = false;
          let unsubscribe = () => {};
          void (async () => {
            // The download feature's adapter owns the page's event receiver: wait until it listens.
            await runtime.downloads?.ready.catch(() => undefined);
            if (stopped) return;
            const bridge = sharedBridge(env.host);
            unsubscribe = bridge.onEvent((event) => {
              if (event.type === 'update.progress') sendBack({ type: 'bridge.update.progress', cur: event.cur, total: event.total });
              else if (event.type === 'update.state' && event.state === '3') sendBack({ type: 'bridge.update.installerOpened' });
              else if (event.type === 'update.state' && event.state === '4') sendBack({ type: 'bridge.update.failed', message: UPDATE_MESSAGES.downloadFailed });
            });
            const answer = await bridge.call('updateApp', new URL(input.url, String((env.host.location as Location | undefined)?.href ?? 'http://localhost/')).href, JSON.stringify({ version: input.version, md5: input.md5, size: input.size }));
            if (!stopped && (!answer.ok || answer.value !== '1')) sendBack({ type: 'bridge.update.failed', message: UPDATE_MESSAGES.startFailed });
          })();
          return () => {
            stopped = true;
            unsubscribe();
          };
        }),
      },
      actions: {
        persistDismissed: (_, params) => {
          try {
            env.storage.setItem(UPDATE_DISMISSED_STORAGE_KEY, params.version);
          } catch {
            // Asked again next start: no harm.
          }
        },
        openDownloadUrl: (_, params) => env.open(params.url),
      },
    }),
    { input: { running, insideWrapper, dismissedVersion: readDismissed(env.storage) }, inspect: runtime.inspect },
  ).start();
  // A forced update holds the app: any move away from the dialog comes back to it.
  runtime.navigation.subscribe((snapshot) => {
    if (actor.getSnapshot().matches('forced') && snapshot.context.current.path !== UPDATE_DIALOG_PATH) runtime.navigate(UPDATE_DIALOG_PATH, null, { replace: true });
  });
  actors.set(runtime, actor);
  return actor;
}

/**
 * The check at start-up, inside the wrapper only (a browser always runs the web app's newest
 * code): once, after start-up settled; an optional version the player dismissed is skipped. An
 * update opens /updatedialog.
 */
export function startUpdateCheck(runtime: UpdateRuntime, whenIdle: () => Promise<void>, env?: UpdateEnvironment): void {
  if (!isInsideWrapper(runtime.device)) return;
  void whenIdle().then(() => {
    const actor = updateActorFor(runtime, env);
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.hasTag('busy')) return;
      subscription.unsubscribe();
      if (snapshot.matches('optional') || snapshot.matches('forced')) runtime.navigate(UPDATE_DIALOG_PATH);
    });
    actor.send({ type: 'ui.check', respectDismissed: true });
  });
}
