// antd's settings for the shell's two apps (the console after login, the distributors' portal): zh_CN, no
// space inserted between two Chinese characters of a button, and antd's styles from a stylesheet
// (antd.css) instead of its style engine (`theme.zeroRuntime`): the components generate no CSS in the browser.
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import './antd.css';

const THEME = { zeroRuntime: true };
const BUTTON = { autoInsertSpace: false };

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
}
