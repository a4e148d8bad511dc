import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

// Browser tests: playwright-core drives Debian's chromium against the built server,
// which tests/e2e/global-setup.ts starts once on MariaDB with the example partner plugin.
export default defineConfig({
  // Browser tests also call plugin code (receipts, seeds), which imports core as @core/….
  plugins: [tsconfigPaths()],
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
    fileParallelism: false,
    pool: 'forks',
  },
});
