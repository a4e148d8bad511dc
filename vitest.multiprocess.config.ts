import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

// The several-process deployment test: tests/multiprocess/global-setup.ts starts two web
// processes of the built app (build/e2e) and two workers on MariaDB + Redis behind nginx
// (deploy/nginx.conf), once; the tests talk to them over HTTP like a browser or an operator.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['tests/multiprocess/**/*.test.ts'],
    globalSetup: ['tests/multiprocess/global-setup.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 150000,
    fileParallelism: false,
    pool: 'forks',
  },
});
