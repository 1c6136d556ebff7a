import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RuntimeProvider } from './app/runtime-context.tsx';
import { createRuntime } from './app/runtime.ts';
import { warmUpToast } from './app/toast.ts';

const runtime = createRuntime();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeProvider runtime={runtime}>
      <App />
    </RuntimeProvider>
  </StrictMode>,
);
warmUpToast();
