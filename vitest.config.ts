import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.test.ts', 'test/server/**/*.test.ts', 'lib/**/*.test.ts', 'server/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    // The server suites open real ports and SQLite files; two cores is the limit.
    pool: 'forks',
  },
});
