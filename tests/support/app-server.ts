// The built app (server.mjs) in a child process, as `npm run serve` runs it: for the browser
// tests' shared server (tests/e2e/global-setup.ts) and a test that needs one of its own (other
// settings, or a server it stops mid-session).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface AppServer {
  readonly process: ChildProcess;
  /** Stops it (SIGTERM, as a supervisor does) and waits until it has exited. */
  stop(): Promise<void>;
}

/** Starts server.mjs with `env` over this process's (REDIS_URL left out), resolving once it listens. */
export async function startAppServer(env: Record<string, string>, timeoutMs = 180_000): Promise<AppServer> {
  const full: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!('REDIS_URL' in env)) delete full.REDIS_URL;
  const server: ChildProcess = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        // From here on its output (the request log) is read and dropped.
        server.stdout!.off('data', onData).resume();
        resolve();
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', (b: Buffer) => {
      output += b.toString();
      process.stderr.write(b);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return {
    process: server,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
