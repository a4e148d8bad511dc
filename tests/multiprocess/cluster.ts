// The pieces of a several-process deployment as an operator runs it (README "Running on
// several machines"), for tests/multiprocess: web processes and workers as child processes,
// and nginx with the repository's deploy/nginx.conf, its addresses and paths substituted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export { freePort } from '../support/net';

export const ROOT = path.resolve(__dirname, '../..');
export const NGINX_SITE = path.join(ROOT, 'deploy/nginx.conf');

/** nginx on PATH or in /usr/sbin (Debian's), or null. */
export function findNginx(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (fs.existsSync(p)) return p;
  const r = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

/**
 * deploy/nginx.conf with the upstream's server lines replaced by `upstreams` (keeping their
 * parameters), `listen 80` by the given address and the assets root by `clientDir`. Throws if
 * the file no longer has what is substituted, so the test cannot silently run another config.
 */
export function siteConfig(site: string, opts: { upstreams: string[]; listen: string; clientDir: string }): string {
  const serverLine = /^(\s*)server\s+\S+:\d+(\s[^;]*)?;\s*$/gm;
  const lines = [...site.matchAll(serverLine)];
  if (!lines.length) throw new Error('deploy/nginx.conf: no `server host:port …;` line in the upstream');
  const [first] = lines;
  const indent = first[1];
  const params = first[2] ?? '';
  let seen = 0;
  let out = site.replace(serverLine, () => (seen++ === 0 ? opts.upstreams.map((u) => `${indent}server ${u}${params};`).join('\n') : ''));
  if (!/^\s*listen\s+80;/m.test(out)) throw new Error('deploy/nginx.conf: no `listen 80;`');
  out = out.replace(/^(\s*)listen\s+80;/m, `$1listen ${opts.listen};`);
  if (!/^\s*root\s+\S+\/build\/client;/m.test(out)) throw new Error('deploy/nginx.conf: no `root …/build/client;`');
  out = out.replace(/^(\s*)root\s+\S+\/build\/client;/m, `$1root ${opts.clientDir};`);
  return out;
}

/** A main nginx.conf for a non-daemon nginx whose every file lives under `prefix`. */
export function mainConfig(prefix: string, sitePath: string): string {
  const mime = fs.existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    // As root, nginx would switch its workers to `nobody`, who cannot write the temp dirs here.
    asRoot ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    `  ${mime}`,
    '  default_type application/octet-stream;',
    `  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status';`,
    `  access_log ${prefix}/access.log upstream;`,
    `  client_body_temp_path ${prefix}/tmp/body;`,
    `  proxy_temp_path ${prefix}/tmp/proxy;`,
    `  fastcgi_temp_path ${prefix}/tmp/fastcgi;`,
    `  uwsgi_temp_path ${prefix}/tmp/uwsgi;`,
    `  scgi_temp_path ${prefix}/tmp/scgi;`,
    `  include ${sitePath};`,
    '}',
    '',
  ].join('\n');
}

export interface Child {
  name: string;
  proc: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

/**
 * Starts a child with stdout+stderr into `<logDir>/<name>.log`; resolves once `ready` is
 * printed (at once without `ready`), rejects if it exits or times out first.
 */
export async function startChild(
  name: string,
  cmd: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; logDir: string; ready?: RegExp; timeoutMs: number },
): Promise<Child> {
  const log = path.join(opts.logDir, `${name}.log`);
  const out = fs.createWriteStream(log);
  const proc = spawn(cmd, args, { cwd: ROOT, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  let seen = '';
  let ready = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready in ${opts.timeoutMs / 1000} s:\n${tail(seen)}`)), opts.timeoutMs);
    const onData = (b: Buffer) => {
      out.write(b);
      if (ready) return;
      seen += b.toString();
      if (opts.ready?.test(seen)) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`${name}: cannot start ${cmd}: ${e.message}`));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${tail(seen)}`));
    });
    if (!opts.ready) {
      proc.once('spawn', () => {
        ready = true;
        clearTimeout(timer);
        resolve();
      });
    }
  });
  return { name, proc, log, exited };
}

export function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n');
}

/** SIGTERM, then SIGKILL after `graceMs` if still running. */
export async function stopChild(c: Child, graceMs = 10_000): Promise<void> {
  if (c.proc.exitCode !== null || c.proc.signalCode !== null) return;
  c.proc.kill('SIGTERM');
  const killed = await Promise.race([c.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs))]);
  if (killed && c.proc.exitCode === null && c.proc.signalCode === null) {
    c.proc.kill('SIGKILL');
    await c.exited;
  }
}
