// What the server tells the web apps at start (injected into index.html as window.__SCRM__).
export interface SisterApp {
  name: string;
  icon: string;
  url: string;
  /** The app's id as the audience of GET /api/get_access_token; unset: its position in the list, from 1. */
  id?: string;
}

/**
 * Four sister marketing platforms, shown when SISTER_APPS is unset (the server's default and the web's
 * when no config is injected, as in a sub-app's own dev server); `icon` is an image URL or an
 * @ant-design/icons name.
 */
export const DEFAULT_SISTER_APPS: SisterApp[] = [
  { name: '广告投放平台', icon: 'FundProjectionScreenOutlined', url: 'https://ads.example.com' },
  { name: '公众号管理平台', icon: 'WechatOutlined', url: 'https://mp.example.com' },
  { name: '营销自动化平台', icon: 'ThunderboltOutlined', url: 'https://automation.example.com' },
  { name: '短信营销平台', icon: 'MessageOutlined', url: 'https://sms.example.com' },
];

export interface PublicConfig {
  sisterApps: SisterApp[];
  /** True when the simulator's SMS outbox and QR login stand in for the real providers. */
  simulator: boolean;
  /** Base URL of the simulator's page for people, when it runs. */
  simulatorUrl?: string;
}

/** A sister app's id as the audience of GET /api/get_access_token: its own, or its position from 1. */
export const sisterAppId = (app: SisterApp, index: number): string => app.id ?? String(index + 1);
