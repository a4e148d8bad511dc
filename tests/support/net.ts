// A free TCP port on 127.0.0.1, for the tests that start real servers, and a TCP proxy that
// cuts a server away and brings it back (the outage tests).
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A TCP proxy to a server (MariaDB, Redis) that a test takes down (listener closed, open
 * sockets cut: the app sees its connections drop and new ones refused) and up again on the
 * same port, as if the server went away and came back.
 */
export function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  return {
    get port() {
      return port;
    },
    up: listen,
    async down() {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      if (s) await new Promise((r) => s.close(r));
    },
  };
}

export type TcpProxy = ReturnType<typeof tcpProxy>;
