// Starts the built server (build/e2e, with the example partner plugin) once for all browser
// tests, on a fresh MariaDB database, and hands its URL to the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { knexConfig } from '../../core/db/knex.server';
import { freePort } from '../support/net';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** The server's customs EDI exchange folder (receipt files go into <ediDir>/inbox). */
    ediDir: string;
    /** The server's data folder (uploads). */
    dataDir: string;
  }
}

const ROOT = path.resolve(__dirname, '../..');
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';

let server: ChildProcess | undefined;
let dbName = '';

export default async function setup(project: TestProject) {
  dbName = `e2e_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory(knexConfig(TEST_DATABASE_URL));
  await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const dbUrl = new URL(TEST_DATABASE_URL);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-e2e-'));
  const ediDir = path.join(dataDir, 'edi');
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    BUILD_DIR: process.env.E2E_BUILD_DIR || 'build/e2e',
    ENABLE_EXAMPLE_PLUGIN: '1',
    DATA_DIR: dataDir,
    CUSTOMS_EDI_DIR: ediDir,
    SESSION_SECRET: 'e2e-secret',
    // The request log stays on, as `npm start` runs it (it wraps every answer's writeHead).
    NODE_ENV: 'production' as const,
  };
  delete (env as Record<string, string | undefined>).REDIS_URL;
  server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        // From here on its output (the request log) is read and dropped.
        server!.stdout!.off('data', onData).resume();
        resolve();
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', (b: Buffer) => {
      output += b.toString();
      process.stderr.write(b);
    });
    server!.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('databaseUrl', dbUrl.toString());
  project.provide('ediDir', ediDir);
  project.provide('dataDir', dataDir);

  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    const a = knexFactory(knexConfig(TEST_DATABASE_URL));
    await a.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await a.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
