import { defineConfig } from 'vitest/config';

// Browser tests: playwright-core drives Debian's chromium against the built server,
// which tests/e2e/global-setup.ts starts once on MariaDB with the example partner plugin.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
    fileParallelism: false,
    pool: 'forks',
  },
});
