import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

/** The console's brand colour: the players' orange darkened to 4.5:1 on white (docs/decisions.md). */
const THEME = { token: { colorPrimary: '#b84a00', colorLink: '#b84a00', borderRadius: 6 } };

/**
 * The console's desktop kit: antd in Chinese with the console's colours. AntdApp gives
 * App.useApp()'s message, modal and notification the theme and the locale. main.tsx wraps the
 * console in it once; view tests render inside it too (staff.test-helper.tsx).
 */
export function StaffKit({ children }: { children: ReactNode }) {
  return (
    // No space between two Chinese characters of a button (antd's default 确 定): a button is named
    // by its text, as the pages and their tests write it.
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
