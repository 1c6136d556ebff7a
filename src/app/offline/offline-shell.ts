import { isInsideWrapper } from '../../../bridge/device-info.ts';
import type { AppRuntime } from '../runtime.ts';
import { trustedScriptUrl } from '../trusted-types.ts';
import { listenForInstallPrompt } from './install-prompt.ts';
import { forgetUnless, onLastSeen } from './last-seen.ts';
import { ownerOf } from './owner.ts';
import './offline-banner.css';

/**
 * The offline shell's page side, loaded after start-up settles (src/main.tsx):
 * the service worker's registration, the offline state, and the last-seen lists kept for the
 * player who saw them only.
 */

export const OFFLINE_TEXT = '网络已断开，当前显示的是离线内容';
/** Online as far as the browser knows, but the server did not answer: the kept lists stand in. */
export const UNREACHABLE_TEXT = '无法连接服务器，当前显示的是上次浏览的内容';

export interface OfflineShellOptions {
  /** Production builds only (import.meta.env.PROD): a dev server's modules are not a shell. */
  registerWorker: boolean;
  host?: Window;
}

export function startOfflineShell(runtime: AppRuntime, { registerWorker, host = window }: OfflineShellOptions): void {
  const doc = host.document;
  const banner = doc.createElement('div');
  banner.className = 'offline-banner';
  banner.setAttribute('role', 'status');
  banner.hidden = true;
  doc.body.append(banner);

  /** A kept answer stood in for a live one since the last live answer: back online, the page reloads its data. */
  let stale = false;
  const show = (text: string) => {
    banner.textContent = text;
    banner.hidden = false;
  };
  const update = () => {
    if (!host.navigator.onLine) show(OFFLINE_TEXT);
    else if (stale) show(UNREACHABLE_TEXT);
    else banner.hidden = true;
  };
  onLastSeen((event) => {
    stale = event === 'served';
    update();
  });
  host.addEventListener('offline', update);
  host.addEventListener('online', () => {
    const reload = stale;
    stale = false;
    update();
    // The page shows what was kept: it asks the server again (a soft reload, SPEC §4's after login).
    if (reload) runtime.reloadView();
  });
  update();

  // Nothing of a signed-out player or another player stays (src/app/offline/last-seen.ts).
  let owner = ownerOf(runtime.session);
  const forget = () => void forgetUnless(owner).catch((error: unknown) => console.warn('[last-seen] not cleared', error));
  forget();
  runtime.session.subscribe(() => {
    const now = ownerOf(runtime.session);
    if (now === owner) return;
    owner = now;
    forget();
  });

  // Inside the native wrapper the app has its own update path (the version check, update-dialog)
  // and its own cache (系统设置 清除缓存): a worker would serve an old shell past both.
  if (registerWorker && 'serviceWorker' in host.navigator && !isInsideWrapper(runtime.device)) {
    listenForInstallPrompt(host);
    try {
      // SPEC §8: service-worker registration errors are only logged.
      host.navigator.serviceWorker.register(trustedScriptUrl('/sw.js'), { scope: '/' }).catch((error: unknown) => console.error('[sw] registration failed', error));
    } catch (error) {
      console.error('[sw] registration failed', error);
    }
  }
}
