import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';

export interface RunningServer {
  server: http.Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Listens (port 0 picks a free port) and gives a close() that waits for open requests to end. */
export function listen(handler: RequestListener, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      resolve({
        server,
        port: actual,
        url: `http://${shownHost}:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
