import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

// Unit and integration tests (real MariaDB and Redis). Browser tests: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['core/**/*.test.ts', 'plugins/**/*.test.ts', 'app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'examples/**/*.test.ts', 'jobs/**/*.test.ts', 'clients/**/*.test.ts', 'sdk/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // The app's plugin list, handed to core's registry as server.ts does.
    setupFiles: ['tests/support/registry.setup.ts'],
    // Each database a test file asks for is migrated and seeded once per run, then copied.
    globalSetup: ['tests/support/templates.global.ts'],
    // Tests change grants straight in the database and expect them at once; the identity
    // cache (core/rbac/access.server.ts) has its own test.
    // The session secret is fixed: the contracts' keys in a database template are encrypted
    // under a key derived from it (tests/support/http.ts used this one already).
    env: { USER_CACHE_MS: '0', SESSION_SECRET: 'test-session-secret-0123456789abcdef' },
  },
});
