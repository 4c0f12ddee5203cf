import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
    // The files share one worker's modules: each file builds its own app, database and simulator, and no
    // test mocks a module, so nothing of one file is seen by the next. Importing the server afresh for
    // each of the ~76 files took about half the suite's time (SQLite: 301 s isolated, 158 s shared).
    isolate: false,
  },
});
