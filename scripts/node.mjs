// The Node.js the two README commands run on. Node 22 and 24 are supported (better-sqlite3 13
// needs 22; Node 20 is past its end of life). On a machine whose node is older, `npm start` and
// `npm test` bring Node 24 from the npm registry (the package `node-<platform>-<arch>`, which
// holds the binary and its headers) into a cache folder shared by every checkout, and run
// themselves again on it, with it first on PATH so that npm, vitest and the server use it too.
// better-sqlite3 13 ships Node-API binaries (one for every node from 22 on); any addon that
// npm still compiles is built against the headers of the node that runs, never /usr's under
// another node (it would then load with a NODE_MODULE_VERSION mismatch).
// Node built-ins only: node_modules may not exist yet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const SUPPORTED_MAJORS = [22, 24];
/** The Node brought when the machine's is too old: the current LTS. */
export const BROUGHT_NODE = '24.22.3';

export function nodeMajor(version = process.versions.node) {
  return Number(version.split('.')[0]);
}

export function isSupported(version = process.versions.node) {
  return nodeMajor(version) >= SUPPORTED_MAJORS[0];
}

/** Where brought nodes are kept: $PORT_NODE_CACHE, else $XDG_CACHE_HOME or ~/.cache, /port-platform/node. */
export function nodeCacheDir() {
  if (process.env.PORT_NODE_CACHE) return process.env.PORT_NODE_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'port-platform', 'node');
}

/** The folder (with bin/node and include/node) of the brought node, fetched from the npm registry if absent. */
export function bringNode(version = BROUGHT_NODE, log = console.log) {
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const dir = join(nodeCacheDir(), `${pkg}-${version}`);
  const binary = join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary)) return dir;
  log(`Node ${process.versions.node} is older than ${SUPPORTED_MAJORS.join(' or ')}: bringing Node ${version} from the npm registry (${pkg}) into ${dir}…`);
  mkdirSync(dirname(dir), { recursive: true });
  const tmp = mkdtempSync(join(dirname(dir), '.fetch-'));
  try {
    const packed = spawnSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', tmp, '--silent'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    const tgz = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (packed.status !== 0 || !tgz) throw new Error(`npm pack ${pkg}@${version} failed`);
    const untar = spawnSync('tar', ['xzf', join(tmp, tgz), '-C', tmp], { stdio: 'inherit' });
    if (untar.status !== 0 || !existsSync(join(tmp, 'package', 'bin'))) throw new Error(`cannot unpack ${tgz}`);
    // A rename is atomic: two commands bringing it at once never see half a folder.
    try {
      renameSync(join(tmp, 'package'), dir);
    } catch (err) {
      if (!existsSync(binary)) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

/** The environment for npm and node-gyp: native addons built against the running node's headers. */
export function nativeBuildEnv(env = process.env) {
  const out = { ...env };
  const dir = dirname(dirname(process.execPath));
  if (existsSync(join(dir, 'include', 'node', 'node.h'))) out.npm_config_nodedir = dir;
  else delete out.npm_config_nodedir; // node-gyp then finds the headers for this very version
  return out;
}

/**
 * Runs the calling script again on a supported node when this one is older (and returns only
 * when the running node is supported). `script` is the caller's file, `args` its arguments.
 */
export async function onSupportedNode(script, args = process.argv.slice(2), log = console.log) {
  if (isSupported()) return;
  if (process.env.PORT_NODE_REEXEC) throw new Error(`re-running on the brought node still ran Node ${process.versions.node}`);
  const dir = bringNode(BROUGHT_NODE, log);
  const bin = join(dir, 'bin');
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH || ''}`, PORT_NODE_REEXEC: '1' };
  const child = spawn(join(bin, 'node'), [script, ...args], { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.exitCode === null && child.kill(sig));
  const code = await new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`cannot run ${join(bin, 'node')}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  process.exit(code);
}

