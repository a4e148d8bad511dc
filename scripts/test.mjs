#!/usr/bin/env node
// `npm test`: everything needed to pass the tests on a fresh machine, then the tests.
//   1 deps        npm ci if node_modules is missing or package-lock.json changed
//   2 chromium    Debian's chromium (+ CJK fonts) for the browser tests and Debian's nginx for
//                 the multi-process test; apt-get when root (and, even with --unit-only,
//                 poppler-utils + libnss3-tools for the pdfsig check of signed PDFs)
//   3 mariadb     start it if installed but stopped; ensure the `test` database
//   4 redis       start it if installed but stopped
//   5 typecheck + lint (code, and the OpenAPI document with Redocly's recommended rules)
//   6 build       (sdk/dist, the widgets; build/e2e, with the example partner plugin; the tests
//                 that start the real server use it)
//   7 unit + integration (vitest, real MariaDB/Redis)  → test-results/unit.json
//     + the integration tests that write documents again on SQLite, the embedded default
//       (TEST_DB=sqlite)                                → test-results/unit-sqlite.json
//   8 browser tests (vitest + playwright-core + chromium) → test-results/e2e.json
//   9 multi-process test: two web processes of the same build behind nginx (deploy/nginx.conf)
//     and two workers on MariaDB + Redis          → test-results/multiprocess.json
// Options: --unit-only (skips 2, 6, 8, 9), --e2e-only (skips 5, 7).
// Ends with one line `N passed, M failed[, K skipped]`; exits 1 on any failure.
// Node built-ins only until step 1 has installed the dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BROUGHT_NODE, bringNode, nativeBuildEnv, nodeMajor, onSupportedNode } from './node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const CHROMIUM = '/usr/bin/chromium';
const NGINX = '/usr/sbin/nginx';
const MARIADBD = '/usr/sbin/mariadbd';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test';
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const testEnv = { ...process.env, TEST_DATABASE_URL, TEST_REDIS_URL };

// ---------------------------------------------------------------- helpers

/** Each step's name and how long it took: a step lasts from its header to the next one. */
const steps = [];

export function header(msg) {
  const now = Date.now();
  if (steps.length) steps[steps.length - 1].ms = now - steps[steps.length - 1].at;
  steps.push({ name: msg, at: now, ms: 0 });
  console.log(`\n=== ${msg} ===`);
}

const clock = (ms) => `${Math.floor(ms / 60000)}:${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}`;

/** How long each step took, and the slowest test files of the vitest reports. */
export function printTimings(reports, slowest = 10) {
  const now = Date.now();
  if (steps.length) steps[steps.length - 1].ms = now - steps[steps.length - 1].at;
  console.log('\ntime per step (m:ss):');
  for (const s of steps) console.log(`  ${clock(s.ms).padStart(6)}  ${s.name}`);
  const files = [];
  for (const { label, file } of reports) {
    try {
      const r = JSON.parse(readFileSync(file, 'utf8'));
      for (const t of r.testResults ?? []) {
        if (t.startTime && t.endTime) files.push({ ms: t.endTime - t.startTime, name: `${t.name.replace(`${root}/`, '')}${label}` });
      }
    } catch {
      /* a step that did not run */
    }
  }
  files.sort((a, b) => b.ms - a.ms);
  if (files.length) {
    console.log(`\nthe ${Math.min(slowest, files.length)} slowest test files (m:ss, the time of their tests, set-up left out; files run in parallel):`);
    for (const f of files.slice(0, slowest)) console.log(`  ${clock(f.ms).padStart(6)}  ${f.name}`);
  }
}

/** Runs a command with inherited stdio; resolves with its exit code (1 if it could not start or died by a signal). */
export function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env, shell: false });
    child.on('error', (err) => {
      console.error(`cannot run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The full path of a command on PATH, or null. */
export function which(cmd) {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, cmd);
    try {
      if (statSync(p).isFile()) return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** True if something accepts a TCP connection on host:port within timeoutMs. */
export function portOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(host, port, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await portOpen(host, port)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const isLocal = (host) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

// ---------------------------------------------------------------- steps

async function ensureDeps() {
  header('1/9 deps');
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  const stale =
    !existsSync(join(root, 'node_modules')) ||
    !existsSync(installed) ||
    statSync(lock).mtimeMs > statSync(installed).mtimeMs;
  if (!stale) {
    console.log('node_modules is up to date');
    return true;
  }
  console.log('installing dependencies… (npm ci)');
  return (await run('npm', ['ci'], nativeBuildEnv())) === 0;
}

function hasCjkFont() {
  const r = spawnSync('fc-list', { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('Noto Sans CJK');
}

/** Debian's nginx, the reverse proxy of the multi-process test (apt-get when root). */
async function ensureNginx() {
  if (existsSync(NGINX) || which('nginx')) {
    console.log(`using ${existsSync(NGINX) ? NGINX : which('nginx')}`);
    return true;
  }
  if (!isRoot()) {
    console.error('the multi-process test needs Debian\'s nginx: run `sudo apt-get install -y nginx`');
    return false;
  }
  console.log('installing nginx… (apt-get)');
  // Only the binary is wanted: the package's own service is not started where there is no
  // init system, and the test runs its own nginx on a free port.
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], aptEnv);
  if (code !== 0) {
    await run('apt-get', ['update'], aptEnv);
    code = await run('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], aptEnv);
  }
  return code === 0 && (existsSync(NGINX) || !!which('nginx'));
}

/** Debian tools the contract PDF tests run (pdftotext, pdffonts, pdfsig: poppler-utils; certutil for pdfsig's NSS database: libnss3-tools); apt-get when root. */
const APT_TOOLS = [
  { bin: 'pdftotext', pkg: 'poppler-utils' },
  { bin: 'certutil', pkg: 'libnss3-tools' },
];

async function ensureAptTools() {
  const missing = APT_TOOLS.filter((t) => !which(t.bin)).map((t) => t.pkg);
  if (!missing.length) return true;
  if (!isRoot()) {
    console.error(`the PDF tests need Debian's ${missing.join(', ')}: run \`sudo apt-get install -y ${missing.join(' ')}\``);
    return false;
  }
  console.log(`installing ${missing.join(', ')}… (apt-get)`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], aptEnv);
  if (code !== 0) {
    await run('apt-get', ['update'], aptEnv);
    code = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], aptEnv);
  }
  return code === 0 && APT_TOOLS.every((t) => !!which(t.bin));
}

async function ensureChromium() {
  header('2/9 chromium + nginx');
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!existsSync(CHROMIUM)) {
    if (!isRoot()) {
      console.error('browser tests need Debian\'s chromium: run `sudo apt-get install -y chromium fonts-noto-cjk`');
      return false;
    }
    console.log('installing chromium and fonts-noto-cjk… (apt-get)');
    if ((await run('apt-get', ['update'], aptEnv)) !== 0) return false;
    if ((await run('apt-get', ['install', '-y', 'chromium', 'fonts-noto-cjk'], aptEnv)) !== 0) return false;
    if (!existsSync(CHROMIUM)) return false;
    return ensureNginx();
  }
  if (!hasCjkFont()) {
    if (isRoot()) {
      console.log('installing fonts-noto-cjk… (apt-get)');
      let code = await run('apt-get', ['install', '-y', 'fonts-noto-cjk'], aptEnv);
      if (code !== 0) {
        await run('apt-get', ['update'], aptEnv);
        code = await run('apt-get', ['install', '-y', 'fonts-noto-cjk'], aptEnv);
      }
      if (code !== 0) console.warn('warning: could not install fonts-noto-cjk; Chinese text may render as boxes');
    } else {
      console.warn('warning: no Noto Sans CJK font; Chinese text may render as boxes (`sudo apt-get install -y fonts-noto-cjk`)');
    }
  }
  console.log(`using ${CHROMIUM}`);
  return ensureNginx();
}

/** mariadbd needs /run/mysqld for its socket; on a fresh container it may be missing. */
function ensureMysqldRunDir() {
  const dir = '/run/mysqld';
  if (existsSync(dir) || !isRoot()) return;
  try {
    mkdirSync(dir, { recursive: true });
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('mysql:'));
    if (line) {
      const [, , uid, gid] = line.split(':');
      chownSync(dir, Number(uid), Number(gid));
    }
  } catch (err) {
    console.warn(`warning: could not prepare ${dir}: ${err.message}`);
  }
}

async function createTestDatabase(db) {
  const mysql = (await import('mysql2/promise')).default;
  const conn = await mysql.createConnection({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    connectTimeout: 10000,
  });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${db.database.replace(/`/g, '``')}\``);
  } finally {
    await conn.end();
  }
}

export async function ensureMariaDB() {
  header('3/9 mariadb');
  const u = new URL(TEST_DATABASE_URL);
  const db = {
    host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(u.port) || 3306,
    user: decodeURIComponent(u.username) || 'root',
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'test',
  };
  const where = `${db.host}:${db.port}`;

  if (!(await portOpen(db.host, db.port))) {
    if (isLocal(db.host) && existsSync(MARIADBD)) {
      console.log(`nothing on ${where}: starting MariaDB…`);
      ensureMysqldRunDir();
      await run('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', MARIADBD]);
      if (!(await waitForPort(db.host, db.port, 60))) {
        console.error(`MariaDB did not open ${where} within 60 s`);
        return false;
      }
    } else {
      console.error(
        `no MariaDB/MySQL on ${where}: install mariadb-server (Debian: \`apt-get install -y mariadb-server\`) ` +
          'or point TEST_DATABASE_URL at a server',
      );
      return false;
    }
  }

  try {
    await createTestDatabase(db);
  } catch (err) {
    console.log(`login as ${db.user} failed (${err.code || err.message})`);
    if (!isLocal(db.host) || !which('mariadb')) {
      console.error(`cannot create database \`${db.database}\` on ${where}: ${err.message}`);
      return false;
    }
    console.log('allowing root with an empty password over TCP (mariadb CLI, socket login)…');
    const name = db.database.replace(/`/g, '``');
    await run('mariadb', [
      '-e',
      "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password USING PASSWORD('') OR unix_socket; " +
        `CREATE DATABASE IF NOT EXISTS \`${name}\`;`,
    ]);
    try {
      await createTestDatabase(db);
    } catch (err2) {
      console.error(`cannot create database \`${db.database}\` on ${where}: ${err2.message}`);
      return false;
    }
  }
  console.log(`MariaDB on ${where}, database \`${db.database}\` ready`);
  return true;
}

export async function ensureRedis() {
  header('4/9 redis');
  const u = new URL(TEST_REDIS_URL);
  const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(u.port) || 6379;
  const where = `${host}:${port}`;
  if (!(await portOpen(host, port))) {
    if (isLocal(host) && which('redis-server')) {
      console.log(`nothing on ${where}: starting Redis…`);
      await run('redis-server', [
        '--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no',
      ]);
      if (!(await waitForPort(host, port, 30))) {
        console.error(`Redis did not open ${where} within 30 s`);
        return false;
      }
    } else {
      console.error(
        `no Redis on ${where}: install redis-server (Debian: \`apt-get install -y redis-server\`) ` +
          'or point TEST_REDIS_URL at a server',
      );
      return false;
    }
  }
  console.log(`Redis on ${where} ready`);
  return true;
}

/** { passed, failed, skipped } from a vitest json report; a missing/unreadable file counts as 1 failed. */
export function readTotals(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0),
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/**
 * The integration tests run a second time on SQLite (TEST_DB=sqlite: tests/support/db.ts makes
 * a temporary SQLite file with the app's one-connection pool), so the default install is
 * tested, not assumed. Left out, MariaDB-only by nature: core/resource/service.server.test.ts
 * (deferred-join deep pages and keyset cursors are the MariaDB list path), core/resource/import
 * (20,000-row timing budgets), core/db (MariaDB administration), core/jobs (BullMQ/Redis and
 * scheduling; their database is MariaDB's), tests/integration (whole-API sweeps that take minutes,
 * and the MariaDB outage test).
 */
export const SQLITE_TESTS = [
  'plugins/customs/declarations/',
  'plugins/customs/declapi/',
  'plugins/customs/manifests/',
  'plugins/customs/orders/',
  'plugins/customs/enterprise/',
  'plugins/customs/resources/codes.test.ts',
  'plugins/customs/resources/hs.test.ts',
  'plugins/customs/seeds/',
  'plugins/finance/bills/',
  'plugins/finance/fees/',
  'plugins/finance/funds/',
  'plugins/finance/fx/',
  'plugins/port-ops/',
  'plugins/contracts/contracts/',
  'plugins/portal/display/',
  'plugins/portal/embed/',
  'plugins/portal/messages/',
  'plugins/portal/news/',
  'plugins/system/routes/',
  'app/routes/',
  'core/rbac/',
  'core/cache/',
  'core/document/',
  'examples/partner-plugin/',
];

/** The other supported major's node, and what runs on it (see README, "Node versions"). */
const OTHER_NODE = { 22: '22.23.5', 24: BROUGHT_NODE };
const OTHER_NODE_TESTS = ['core/db/migrate.server.test.ts', 'core/document/document.server.test.ts', 'plugins/contracts/contracts/contracts.test.ts'];

// ---------------------------------------------------------------- main

async function main() {
  await onSupportedNode(fileURLToPath(import.meta.url));
  console.log(`Node ${process.versions.node} (${process.execPath})`);
  const argv = process.argv.slice(2);
  const unitOnly = argv.includes('--unit-only');
  const e2eOnly = argv.includes('--e2e-only');
  if (unitOnly && e2eOnly) {
    console.error('use at most one of --unit-only and --e2e-only');
    process.exit(2);
  }
  const started = Date.now();
  const failures = [];
  const fatal = (what) => {
    console.error(`\n${what} failed: stopping.`);
    process.exit(1);
  };

  if (!(await ensureDeps())) fatal('installing dependencies');
  if (unitOnly) header('2/9 chromium + nginx (skipped: --unit-only)');
  else if (!(await ensureChromium())) fatal('installing chromium and nginx');
  if (!(await ensureAptTools())) fatal('installing poppler-utils and libnss3-tools');
  if (!(await ensureMariaDB())) fatal('MariaDB');
  if (!(await ensureRedis())) fatal('Redis');

  const resultsDir = join(root, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const unitJson = join(resultsDir, 'unit.json');
  const sqliteJson = join(resultsDir, 'unit-sqlite.json');
  const otherNodeJson = join(resultsDir, 'unit-node.json');
  const e2eJson = join(resultsDir, 'e2e.json');
  const multiprocessJson = join(resultsDir, 'multiprocess.json');
  // Never count a previous run's results.
  for (const f of [unitJson, sqliteJson, otherNodeJson, e2eJson, multiprocessJson]) rmSync(f, { force: true });

  if (!e2eOnly) {
    header('5/9 typecheck + lint');
    if ((await run('npm', ['run', 'typecheck'])) !== 0) failures.push('typecheck');
    if ((await run('npm', ['run', 'lint'])) !== 0) failures.push('lint');
    if ((await run('npm', ['run', 'lint:openapi'])) !== 0) failures.push('OpenAPI lint');
  }

  // One build, made before the tests: the integration tests that start the real server
  // (tests/integration/shutdown.test.ts), the browser tests and the multi-process test use it.
  const buildEnv = { ...testEnv, BUILD_DIR: 'build/e2e', ENABLE_EXAMPLE_PLUGIN: '1' };
  let built = false;
  if (!unitOnly) {
    header('6/9 build (build/e2e, with the example partner plugin)');
    // The widgets first (sdk/dist): the portal's browser test serves them from a demo page.
    built = (await run('npm', ['run', 'build:sdk'], buildEnv)) === 0 && (await run(bin('remix'), ['vite:build'], buildEnv)) === 0;
    if (!built) failures.push('build');
  }
  const builtEnv = built ? { E2E_BUILD_DIR: 'build/e2e' } : {};

  if (!e2eOnly) {
    header('7/9 unit + integration tests');
    const code = await run(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile=${join('test-results', 'unit.json')}`],
      { ...testEnv, ...builtEnv },
    );
    if (code !== 0) failures.push('unit + integration tests');

    header('7/9 integration tests on SQLite (the embedded default)');
    const sqliteCode = await run(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile=${join('test-results', 'unit-sqlite.json')}`, ...SQLITE_TESTS],
      { ...testEnv, ...builtEnv, TEST_DB: 'sqlite' },
    );
    if (sqliteCode !== 0) failures.push('integration tests on SQLite');

    // The suite runs on one node (24 when this machine's is older); the other supported major
    // runs what depends on the node: the SQLite addon, migrations and seed, PDF signing.
    const other = nodeMajor() === 24 ? OTHER_NODE[22] : OTHER_NODE[24];
    header(`7/9 the other supported Node (${other}): SQLite, migrations, seed, contracts`);
    let otherCode = 1;
    try {
      const dir = bringNode(other);
      const otherBin = join(dir, 'bin');
      otherCode = await run(
        join(otherBin, 'node'),
        [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${join('test-results', 'unit-node.json')}`, ...OTHER_NODE_TESTS],
        { ...testEnv, ...builtEnv, TEST_DB: 'sqlite', PATH: `${otherBin}${delimiter}${process.env.PATH || ''}` },
      );
    } catch (err) {
      console.error(err.message);
    }
    if (otherCode !== 0) failures.push(`tests on Node ${other}`);
  }

  if (!unitOnly) {
    if (!built) {
      header('8/9 browser tests (skipped: the build failed)');
      header('9/9 multi-process test (skipped: the build failed)');
    } else {
      header('8/9 browser tests');
      const e2eEnv = { ...buildEnv, E2E_BUILD_DIR: 'build/e2e', CHROMIUM_PATH: CHROMIUM };
      const code = await run(
        bin('vitest'),
        [
          'run',
          '--config',
          'vitest.e2e.config.ts',
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${join('test-results', 'e2e.json')}`,
        ],
        e2eEnv,
      );
      if (code !== 0) failures.push('browser tests');

      // The same build, run as several processes behind nginx (tests/multiprocess).
      header('9/9 multi-process test');
      const mpCode = await run(
        bin('vitest'),
        [
          'run',
          '--config',
          'vitest.multiprocess.config.ts',
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${join('test-results', 'multiprocess.json')}`,
        ],
        { ...testEnv, E2E_BUILD_DIR: 'build/e2e' },
      );
      if (mpCode !== 0) failures.push('multi-process tests');
    }
  }

  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of [...(e2eOnly ? [] : [unitJson, sqliteJson, otherNodeJson]), ...(unitOnly ? [] : [e2eJson, multiprocessJson])]) {
    const t = readTotals(file);
    totals.passed += t.passed;
    totals.failed += t.failed;
    totals.skipped += t.skipped;
  }
  if (totals.failed > 0 && !failures.some((f) => f.includes('tests'))) failures.push('tests');

  printTimings([
    { label: '', file: unitJson },
    { label: ' (SQLite)', file: sqliteJson },
    { label: ' (the other Node)', file: otherNodeJson },
    { label: '', file: e2eJson },
    { label: '', file: multiprocessJson },
  ]);
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`\n${failures.length ? `FAILED: ${failures.join(', ')}` : 'all steps passed'} (${minutes} min)`);
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped > 0 ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(failures.length ? 1 : 0);
}

// Run main() only when executed (not when imported, e.g. to try one step by itself).
function invokedDirectly() {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
