import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RuntimeProvider } from './app/runtime-context.tsx';
import { loadFirstPage, prefetchFirstCall } from './app/route-prefetch.ts';
import { createRuntime } from './app/runtime.ts';
import { warmUpToast } from './app/toast.ts';
import { simulatorOptionsFromLocation } from '../bridge/simulator-activation.ts';

/**
 * How long the first render waits for the first page's chunk (requested as soon as the entry runs).
 * Rendered together, the page paints with the shell in one go: no loading fallback first, and no
 * reveal held back by React's Suspense throttling (up to 300 ms after a fallback was shown).
 */
const FIRST_PAGE_WAIT_MS = 1_500;

function start(): void {
  const firstPage = loadFirstPage();
  const runtime = createRuntime();
  prefetchFirstCall(runtime.prefetch, { signedIn: runtime.session.getSnapshot().hasTag('signedIn') });
  const render = () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <RuntimeProvider runtime={runtime}>
          <App />
        </RuntimeProvider>
      </StrictMode>,
    );
  void Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(render);
  warmUpToast();
}

// The wrapper simulator (?wrapper=sim, bridge/simulator.ts) must answer before createRuntime reads the device info.
const simulator = simulatorOptionsFromLocation(window.location.search, import.meta.env.VITE_WRAPPER_SIM);
if (simulator) {
  import('../bridge/simulator.ts')
    .then(({ installWrapperSimulator }) => installWrapperSimulator({ host: window, ...simulator }))
    .catch((error: unknown) => console.error('[wrapper-sim] not installed', error))
    .finally(start);
} else start();
