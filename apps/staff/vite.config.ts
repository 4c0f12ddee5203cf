// Vite externalizes bare imports of a config file and Node cannot load TypeScript, so the shared
// factory is imported by path (it gets bundled with this file).
import { subAppConfig } from '../../packages/web-build/index';

export default subAppConfig({ prefix: '/staff', port: 7005 });
