// Standalone development only; in the product the shell loads `./app` (src/app.tsx).
import { mountStandalone } from '@scrm/web-kit/standalone';
import app from './app';

mountStandalone(app);
