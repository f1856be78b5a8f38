import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    // The server suites open real ports and SQLite files; two cores is the limit.
    pool: 'forks',
    // Every server suite runs twice: on SQLite (the default) and on PostgreSQL, on one throwaway
    // cluster for the whole run (test/postgres/global-setup.ts) with a fresh database per harness.
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/unit/**/*.test.ts', 'test/server/**/*.test.ts', 'lib/**/*.test.ts', 'server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/server/**/*.test.ts'],
          // SQLite's own click writer (its thread, a full disk, the file the CLI writes): nothing of PostgreSQL in them.
          exclude: [
            'test/server/clicks-recorder.test.ts',
            'test/server/clicks-worker.test.ts',
            'test/server/click-flush-option.test.ts',
          ],
          env: { SHORTLINK_TEST_DB: 'postgres' },
          globalSetup: ['test/postgres/global-setup.ts'],
        },
      },
    ],
  },
});
