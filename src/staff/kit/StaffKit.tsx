import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

/** The console's brand colour: the players' orange darkened to 4.5:1 on white (docs/decisions.md). */
/**
 * antd's defaults fail WCAG AA contrast (axe, tests/e2e/a11y.spec.ts): secondary text #8c8c8c on
 * white is 3.4:1, the success tag's #52c41a on #f6ffed 2.2:1, a danger button's #ff4d4f 3.3:1.
 * The console's tokens keep every text at 4.5:1 or more.
 */
const THEME = {
  token: {
    colorPrimary: '#b84a00',
    colorLink: '#b84a00',
    borderRadius: 6,
    colorTextSecondary: '#595959',
    colorTextDescription: '#595959',
    colorSuccess: '#237804',
    // Set apart from colorSuccess, which antd would otherwise darken them from.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorError: '#cf1322',
  },
};

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
