// A test file's (or describe block's) set-up registered as vitest hooks, so each file states
// what it needs in one line instead of repeating beforeAll/afterAll: its own fresh database
// (tests/support/db.ts), optionally handed to core as the registry, an upload directory of its
// own, and demo users signed in. The object returned reads the live database (`db.knex`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { PortPlugin } from '../../core/plugin';
import { setRegistry, type Registry } from '../../core/registry.server';
import { createTestDb, type TestDb } from './db';
import { live } from './live';
import { loginAs } from './session';

export interface SuiteOptions {
  plugins?: PortPlugin[];
  /** false: migrated only. */
  seed?: boolean;
  /** SQLite whatever TEST_DB says (the embedded default). */
  sqlite?: boolean;
  /** Install the database's registry as core's for the file (needed with `plugins`), restored after. */
  registry?: boolean;
  /** DATA_DIR (uploads, import files) in a temporary directory of the file's own. */
  dataDir?: boolean;
  /** Users signed in once the database is ready: their Cookie headers land in `cookies`. */
  logins?: string[];
}

export interface Suite extends TestDb {
  /** Cookie headers of the users named in `logins`. */
  cookies: Record<string, string>;
  /** The temporary DATA_DIR (with `dataDir`). */
  readonly dataDir: string;
  /** A caller for resourceApi() signed in as one of `logins` (its cookie is read at each call). */
  as(username: string): { readonly cookie: string };
}

export function setUpTestDb(opts: SuiteOptions = {}): Suite {
  let db: TestDb | undefined;
  let previous: Registry | undefined;
  const dir = opts.dataDir ? setUpTempDir('port-test-data-', 'DATA_DIR') : undefined;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    db = await createTestDb({ plugins: opts.plugins, seed: opts.seed, sqlite: opts.sqlite });
    if (opts.registry) previous = setRegistry(db.registry);
    for (const u of opts.logins ?? []) cookies[u] = await loginAs(u);
  }, 120_000);
  afterAll(async () => {
    if (opts.registry) setRegistry(previous);
    await db?.destroy();
  });
  const own: Pick<Suite, 'cookies' | 'dataDir' | 'as'> = {
    cookies,
    get dataDir() {
      return dir?.path ?? '';
    },
    as: (username) => ({
      get cookie() {
        return cookies[username];
      },
    }),
  };
  return live(() => db as Suite | undefined, 'test database', own);
}

/** A temporary directory of the file's own, made before its tests and removed after them; with `env`, that variable names it meanwhile. */
export function setUpTempDir(prefix: string, env?: string): { readonly path: string } {
  let dir = '';
  const previous = env ? process.env[env] : undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    if (env) process.env[env] = dir;
  });
  afterAll(() => {
    if (env && previous === undefined) delete process.env[env];
    else if (env) process.env[env] = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get path() {
      return dir;
    },
  };
}

/** The id of a user by name. */
export async function userId(db: Pick<TestDb, 'knex'>, username: string): Promise<number> {
  const row = await db.knex('sys_user').where({ username }).first('id');
  if (!row) throw new Error(`no user ${username}`);
  return Number(row.id);
}

/** Puts process.env back after each test as it was when the file started. */
export function restoreEnvAfterEach(): void {
  const before = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in before)) delete process.env[k];
    Object.assign(process.env, before);
  });
}
