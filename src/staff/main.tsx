import 'antd-mobile/es/global';
import { createRoot } from 'react-dom/client';
import { registerAntdRender } from '../app/antd-render.ts';
import { StaffApp } from './App.tsx';
import './staff.css';

/** The staff console: its own Vite build (vite.staff.config.ts), served at /staff. */
registerAntdRender();
createRoot(document.getElementById('staff-root')!).render(<StaffApp />);
