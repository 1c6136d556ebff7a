// First: the Trusted Types rule antd's style writes need, made before anything renders.
import './style-text-policy.ts';
import 'antd-mobile/es/global';
import { createRoot } from 'react-dom/client';
import { registerAntdRender } from '../app/antd-render.ts';
import { StaffApp } from './App.tsx';
import { StaffKit } from './kit/StaffKit.tsx';
import { createStaffRuntime } from './runtime.ts';
import { StaffRuntimeProvider } from './runtime-context.tsx';
import './staff.css';

/** The staff console: its own Vite build (vite.staff.config.ts), served at /staff. */
registerAntdRender();
createRoot(document.getElementById('staff-root')!).render(
  <StaffKit>
    <StaffRuntimeProvider runtime={createStaffRuntime()}>
      <StaffApp />
    </StaffRuntimeProvider>
  </StaffKit>,
);
