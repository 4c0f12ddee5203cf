// What the server injects into index.html as window.__SCRM__, with the defaults used when it is absent (dev).
import { DEFAULT_SISTER_APPS, type PublicConfig } from '@scrm/contracts/config';

export { DEFAULT_SISTER_APPS };

declare global {
  interface Window {
    __SCRM__?: Partial<PublicConfig>;
  }
}

export const PRODUCT_NAME = '企微SCRM';

export function getPublicConfig(): PublicConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__SCRM__;
  return {
    sisterApps: injected?.sisterApps?.length ? injected.sisterApps : DEFAULT_SISTER_APPS,
    simulator: injected?.simulator ?? false,
    simulatorUrl: injected?.simulatorUrl,
  };
}
