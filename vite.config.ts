import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import remixConfig from './remix.config.js';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig), tsconfigPaths()],
  optimizeDeps: {
    exclude: ['knex', 'objection', 'mysql2', 'better-sqlite3', 'bullmq', 'ioredis', '@node-rs/argon2'],
  },
  server: { fs: { allow: ['.'] } },
});
