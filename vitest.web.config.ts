// Unit tests of the web apps (web-kit, the shell, the sub-apps) in jsdom.
// Run: npx vitest run -c vitest.web.config.ts  (or list this file in a root `test.projects`).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { __SCRM_SHARED_GLOBAL__: JSON.stringify('__scrmShared') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['packages/web-build/*.test.ts', 'packages/web-kit/src/**/*.test.{ts,tsx}', 'packages/web-parts/src/**/*.test.{ts,tsx}', 'apps/!(server)/src/**/*.test.{ts,tsx}'],
    setupFiles: ['packages/web-kit/test/setup.ts'],
    // One worker process serves many files, each with fresh modules and mocks (see the runner): the
    // suite loaded React and antd once per file before, and took three times the CPU.
    isolate: false,
    runner: 'packages/web-kit/test/runner.ts',
    restoreMocks: true,
    // Vitest runs cores − 1 files at once: one on this project's two-core machines. These tests use the
    // CPU alone (jsdom, no database), so both cores serve them.
    maxWorkers: 2,
    // In CI this suite runs beside the API suites and the browsers: a page test that takes 2–4 s alone took
    // 6–7 s there when the machine was busier still, past Vitest's 5 s default.
    testTimeout: 15_000,
  },
});
