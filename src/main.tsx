import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RuntimeProvider } from './app/runtime-context.tsx';
import { startRoute } from './app/route-prefetch.ts';
import { createRuntime } from './app/runtime.ts';
import { warmUpToast } from './app/toast.ts';

const runtime = createRuntime();
// The first page's chunk and data call start now, while React renders the shell.
startRoute(runtime.prefetch, { signedIn: runtime.session.getSnapshot().hasTag('signedIn') });
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RuntimeProvider runtime={runtime}>
        <App />
      </RuntimeProvider>
    </StrictMode>,
  );
render();
warmUpToast();
