// Real HTTP servers on a free port of 127.0.0.1, for the tests that call the app over HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** An HTTP server listening on a free port of 127.0.0.1, and its base URL (`http://127.0.0.1:<port>`). */
export async function listen(listener: http.RequestListener): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A server for the file's (or describe block's) tests: listening before them, closed after them; `base` is its URL. */
export function setUpServer(listener: () => http.RequestListener | Promise<http.RequestListener>): { readonly base: string } {
  let started: { server: http.Server; base: string } | undefined;
  beforeAll(async () => {
    started = await listen(await listener());
  });
  afterAll(() => void started?.server.close());
  return {
    get base() {
      return started?.base ?? '';
    },
  };
}
