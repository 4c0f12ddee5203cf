// Exposed to the shell as `./app`: the routes of /data, with full paths.
import type { SubAppModule } from '@scrm/web-kit';
import { routes } from './routes';

const app: SubAppModule = { routes };

export default app;
export { routes };
