// Starts the built server (build/e2e, with the example partner plugin) once for all browser
// tests, on a fresh MariaDB database, and hands its URL to the tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { knexConfig } from '../../core/db/knex.server';
import { startAppServer, type AppServer } from '../support/app-server';
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

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';

let server: AppServer | undefined;
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
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    BUILD_DIR: process.env.E2E_BUILD_DIR || 'build/e2e',
    ENABLE_EXAMPLE_PLUGIN: '1',
    DATA_DIR: dataDir,
    CUSTOMS_EDI_DIR: ediDir,
    SESSION_SECRET: 'e2e-secret',
    // The request log stays on, as `npm start` runs it (it wraps every answer's writeHead).
    NODE_ENV: 'production',
  };
  server = await startAppServer(env);
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('databaseUrl', dbUrl.toString());
  project.provide('ediDir', ediDir);
  project.provide('dataDir', dataDir);

  return async () => {
    await server?.stop();
    const a = knexFactory(knexConfig(TEST_DATABASE_URL));
    await a.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await a.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
