#!/usr/bin/env node
// `npm start`: everything needed to use the app on a fresh clone.
//   1. `npm ci` if node_modules is missing,
//   2. the app's build (remix vite:build) if build/server/index.js is missing or older than the sources,
//   3. `node server.mjs` (migrates + seeds the database, serves on PORT, prints the demo logins).
// `npm run setup` (= this script with --setup-only) does 1–3 but the server exits after seeding.
// Node built-ins only: node_modules may not exist yet.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heapFlags } from './heap.mjs';
import { isSupported, nativeBuildEnv, onSupportedNode } from './node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2); // e.g. --setup-only, passed on to server.mjs

const SOURCE_DIRS = ['app', 'core', 'plugins', 'examples'];
const SOURCE_FILES = ['remix.config.js', 'vite.config.ts', 'plugins.config.ts', 'package-lock.json'];
const BUILD_OUTPUT = join(root, 'build', 'server', 'index.js');

function log(msg) {
  console.log(`[start] ${msg}`);
}

/** Runs a command with inherited stdio; resolves with its exit code (signal → 1). */
function run(cmd, cmdArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env, shell: false });
    child.on('error', (err) => {
      console.error(`[start] cannot run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}


/** True when any file under dir (recursively, skipping node_modules and dot folders) is newer than t. */
function newerUnder(dir, t) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      if (newerUnder(p, t)) return true;
    } else {
      try {
        if (statSync(p).mtimeMs > t) return true;
      } catch {
        /* vanished while walking */
      }
    }
  }
  return false;
}

function buildNeeded() {
  if (!existsSync(BUILD_OUTPUT)) return true;
  const built = statSync(BUILD_OUTPUT).mtimeMs;
  for (const f of SOURCE_FILES) {
    const p = join(root, f);
    if (existsSync(p) && statSync(p).mtimeMs > built) return true;
  }
  return SOURCE_DIRS.some((d) => newerUnder(join(root, d), built));
}

async function main() {
  await onSupportedNode(fileURLToPath(import.meta.url), args, log);
  if (!isSupported()) process.exit(1);
  log(`Node ${process.versions.node} (${process.execPath})`);

  if (!existsSync(join(root, 'node_modules'))) {
    log('installing dependencies… (npm ci, a few minutes the first time)');
    const code = await run('npm', ['ci'], nativeBuildEnv());
    if (code !== 0) {
      console.error('[start] npm ci failed');
      process.exit(code);
    }
  }

  if (buildNeeded()) {
    log('building…');
    // The app only: the widget SDK (sdk/dist, `npm run build:sdk`) is for portals embedding
    // them and the demo portal page, not for the app itself.
    const code = await run(join(root, 'node_modules', '.bin', 'remix'), ['vite:build']);
    if (code !== 0) {
      console.error('[start] build failed');
      process.exit(code);
    }
  }

  log(args.includes('--setup-only') ? 'migrating and seeding the database…' : 'starting the server…');
  const server = spawn(process.execPath, [...heapFlags(), 'server.mjs', ...args], { cwd: root, stdio: 'inherit', env: process.env, shell: false });
  const forward = (sig) => {
    if (server.exitCode === null && server.signalCode === null) server.kill(sig);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  server.on('error', (err) => {
    console.error(`[start] cannot run server.mjs: ${err.message}`);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    process.exit(128 + (constants.signals[signal] ?? 0)); // the shell convention, e.g. 130 after Ctrl-C
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
