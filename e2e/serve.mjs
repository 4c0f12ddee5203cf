// Starts the simulator and the production server for the e2e suite, on their own
// ports with a fresh SQLite database (or DATABASE_URL when given).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, startStack } from '../scripts/lib.mjs';

// The server is built once here, before anything starts it; the drills' servers (drill-stack.ts) run the same bundle.
ensureServerBuild();
// E2E_SIM_TOKEN, E2E_DEBUG_CODE and E2E_ADMIN_TOKEN come from playwright.config.ts (the same defaults when run alone).
const { children, stop } = await startStack({
  port: Number(process.env.E2E_PORT ?? 3300),
  simPort: Number(process.env.E2E_SIM_PORT ?? 3400),
  simToken: process.env.E2E_SIM_TOKEN ?? 'e2e-sim-control-token-0123456789',
  env: {
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'scrm-e2e-')),
    DEBUG_LOGIN_CODE: process.env.E2E_DEBUG_CODE ?? 'e2e-debug-login-code-0123456789abcdef',
    ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789abcdef0123',
    SMS_PER_IP_PER_HOUR: '100000',
    SMS_PER_PHONE_PER_DAY: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    FILE_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  },
});
for (const child of children) child.on('exit', (code) => process.exit(code ?? 1));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
