import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
export const E2E_SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 3400);
// Shared with e2e/serve.mjs through the environment (this file is read before the web server starts).
/** The simulator's control token of the suite's stack. */
export const E2E_SIM_TOKEN = (process.env.E2E_SIM_TOKEN ??= 'e2e-sim-control-token-0123456789');
/** DEBUG_LOGIN_CODE of the suite's server (at least 32 characters). */
export const E2E_DEBUG_CODE = (process.env.E2E_DEBUG_CODE ??= 'e2e-debug-login-code-0123456789abcdef');
/** ADMIN_TOKEN of the suite's server: the operators' calls (e.g. creating a distributor). */
export const E2E_ADMIN_TOKEN = (process.env.E2E_ADMIN_TOKEN ??= 'e2e-admin-token-0123456789abcdef0123');

/**
 * How many times longer than on a developer's machine the suite waits (test timeouts, expect timeouts
 * and each spec's own waits, through `patient`): CI machines have run several times slower, with the
 * API tests on the same two cores. E2E_PATIENCE sets it; CI=true makes it 3.
 */
export const E2E_PATIENCE = Number(process.env.E2E_PATIENCE ?? (process.env.CI ? 3 : 1));

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000 * E2E_PATIENCE,
  expect: { timeout: 10_000 * E2E_PATIENCE },
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A click or a fill that cannot happen (a button left disabled) fails after this, not at the test's
    // timeout: a seats test once waited its whole 12 minutes on one click before its retry.
    actionTimeout: 15_000 * E2E_PATIENCE,
    locale: 'zh-CN',
    // Every test is traced and the trace kept when it fails: each action's DOM snapshot, the network and the
    // console, which the trace viewer shows the page from. Not the screencast: its frames took half the
    // browsers' CPU (two specs: 74 against 39 core-seconds, the run 61 against 45 s). `--trace=on` on the
    // command line records it too.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      // Debian's headless shell: Chromium's engine without the desktop browser around it, as Playwright
      // runs headless tests by default. A page load took 2.5 times less CPU in it than in the full
      // /usr/bin/chromium (16 against 40 CPU-seconds for 8 logged-in loads), and the suite is bound by
      // the browsers' CPU on two cores. bench/web.mjs times pages in the full browser, as a user has it.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000 * E2E_PATIENCE,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
