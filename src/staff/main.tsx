import 'antd-mobile/es/global';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { registerAntdRender } from '../app/antd-render.ts';
import { StaffApp } from './App.tsx';
import { createStaffRuntime } from './runtime.ts';
import { styleTextThroughTextContent } from './style-text.ts';
import { StaffRuntimeProvider } from './runtime-context.tsx';
import './staff.css';

/** The staff console: its own Vite build (vite.staff.config.ts), served at /staff. */
registerAntdRender();
// Before antd writes its first <style>: the console's Trusted Types refuse style text through innerHTML.
styleTextThroughTextContent();
createRoot(document.getElementById('staff-root')!).render(
  <ConfigProvider locale={zhCN}>
    {/* AntdApp gives App.useApp()'s message, notification and modal the theme and the locale. */}
    <AntdApp>
      <StaffRuntimeProvider runtime={createStaffRuntime()}>
        <StaffApp />
      </StaffRuntimeProvider>
    </AntdApp>
  </ConfigProvider>,
);
