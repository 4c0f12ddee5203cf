// What the server injects into index.html as window.__SCRM__, with the defaults used when it is absent (dev).
import type { PublicConfig, SisterApp } from '@scrm/contracts/config';

declare global {
  interface Window {
    __SCRM__?: Partial<PublicConfig>;
  }
}

export const PRODUCT_NAME = '企微SCRM';

/** Four sister marketing platforms; `icon` is an image URL or an @ant-design/icons name. */
export const DEFAULT_SISTER_APPS: SisterApp[] = [
  { name: '广告投放平台', icon: 'FundProjectionScreenOutlined', url: 'https://ads.example.com' },
  { name: '公众号管理平台', icon: 'WechatOutlined', url: 'https://mp.example.com' },
  { name: '营销自动化平台', icon: 'ThunderboltOutlined', url: 'https://automation.example.com' },
  { name: '短信营销平台', icon: 'MessageOutlined', url: 'https://sms.example.com' },
];

export function getPublicConfig(): PublicConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__SCRM__;
  return {
    sisterApps: injected?.sisterApps?.length ? injected.sisterApps : DEFAULT_SISTER_APPS,
    simulator: injected?.simulator ?? false,
    simulatorUrl: injected?.simulatorUrl,
  };
}
