import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RuntimeProvider } from './app/runtime-context.tsx';
import { startRoute } from './app/route-prefetch.ts';
import { createRuntime } from './app/runtime.ts';
import { warmUpToast } from './app/toast.ts';
import { simulatorOptionsFromLocation } from '../bridge/simulator-activation.ts';

function start(): void {
  const runtime = createRuntime();
  // The first page's chunk and data call start now, while React renders the shell.
  startRoute(runtime.prefetch);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RuntimeProvider runtime={runtime}>
        <App />
      </RuntimeProvider>
    </StrictMode>,
  );
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
