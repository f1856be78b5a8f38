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
    // Tests of one database's own machinery (SQLite's writer thread; several instances on PostgreSQL)
    // are skipped in the other project, each with its reason.
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/unit/**/*.test.ts', 'test/server/**/*.test.ts', 'server/**/*.test.ts', 'test/postgres/**/*.test.ts', 'test/lint/**/*.test.ts', 'test/bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/server/**/*.test.ts'],
          env: { SHORTLINK_TEST_DB: 'postgres' },
          globalSetup: ['test/postgres/global-setup.ts'],
        },
      },
    ],
  },
});
