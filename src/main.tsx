import 'antd-mobile/es/global';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RuntimeProvider } from './app/runtime-context.tsx';
import { loadFirstPage, prefetchFirstCall } from './app/route-prefetch.ts';
import { createRuntime } from './app/runtime.ts';
import { warmUpToast } from './app/toast.ts';
import { warmUp } from './app/warm-up.ts';
import { simulatorHinted } from '../bridge/simulator-hint.ts';
import { captureInvite } from './features/invite/invite-capture.ts';
import { claimStart, THIS_BUNDLE } from './boot/bundle-guard.ts';

/**
 * How long the first render waits for the first page's chunk (requested as soon as the entry runs).
 * Rendered together, the page paints with the shell in one go: no loading fallback first, and no
 * reveal held back by React's Suspense throttling (up to 300 ms after a fallback was shown).
 */
const FIRST_PAGE_WAIT_MS = 1_500;

/**
 * Ends the current task: the browser may paint or take input before the next start-up stage. On a
 * slow phone each stage is tens of milliseconds; run as one, they would hold the main thread for
 * a few hundred while the player already sees the boot skeleton (server/first-paint.ts).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The longest the start waits for a frame (a WebView that paints none while starting). */
const FIRST_FRAME_WAIT_MS = 100;

/**
 * Ends the current task once the browser has had a frame to paint: the boot skeleton the server
 * drew (server/first-paint.ts) is then on screen while the runtime is built, rather than after.
 * A hidden tab paints no frame: there, just the next task.
 */
function afterNextFrame(): Promise<void> {
  if (document.visibilityState !== 'visible') return nextTask();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

async function start(): Promise<void> {
  const firstPage = loadFirstPage();
  await afterNextFrame();
  const runtime = createRuntime();
  await nextTask();
  prefetchFirstCall(runtime.prefetch, { signedIn: runtime.session.getSnapshot().hasTag('signedIn') });
  await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser every few milliseconds; only the
  // commit (the DOM put in place of the boot skeleton) is one task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <RuntimeProvider runtime={runtime}>
          <App />
        </RuntimeProvider>
      </StrictMode>,
    ),
  );
  warmUpToast();
  // The page table (src/app/page-table.ts): the first visit to a page beyond the landing ones.
  warmUp('pages');
  // The offline shell: the worker's registration, the offline state; in its own
  // chunk once the page has loaded, so the first paint never waits for it.
  const offline = () =>
    import('./app/offline/offline-shell.ts')
      .then((m) => m.startOfflineShell(runtime, { registerWorker: import.meta.env.PROD }))
      .catch((error: unknown) => console.error('[offline] not started', error));
  if (document.readyState === 'complete') void offline();
  else window.addEventListener('load', () => void offline(), { once: true });
}

// src/boot/boot-check.js chose the build for this browser (or the message page below the minimum).
if (claimStart(THIS_BUNDLE)) {
  // A share link's ?invite=, kept for the registration the login overlay makes later.
  captureInvite(window.location.search, () => window.localStorage, Date.now());

  // The wrapper simulator (?wrapper=sim, bridge/simulator.ts) must answer before createRuntime reads the device info.
  // Its activation (reading the options, remembering them) loads only when there is a sign of it (bridge/simulator-hint.ts).
  if (simulatorHinted(window.location.search, import.meta.env.VITE_WRAPPER_SIM)) {
    import('../bridge/simulator-activation.ts')
      .then(({ simulatorOptionsFromLocation }) => simulatorOptionsFromLocation(window.location.search, import.meta.env.VITE_WRAPPER_SIM))
      .then((simulator) => simulator && import('../bridge/simulator.ts').then(({ installWrapperSimulator }) => installWrapperSimulator({ host: window, ...simulator })))
      .catch((error: unknown) => console.error('[wrapper-sim] not installed', error))
      .finally(() => void start());
  } else void start();
}
