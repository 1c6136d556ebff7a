import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RuntimeProvider } from './app/runtime-context.tsx';
import { createRuntime } from './app/runtime.ts';
import { warmUpToast } from './app/toast.ts';

// antd-mobile renders Toast and Dialog through this on React 19 (STACK.md).
unstableSetRender((node, container) => {
  const root = createRoot(container as Element);
  root.render(node);
  return async () => root.unmount();
});

const runtime = createRuntime();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeProvider runtime={runtime}>
      <App />
    </RuntimeProvider>
  </StrictMode>,
);
warmUpToast();
