import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import { ConfigError } from '../errors.js';

export interface RunningServer {
  server: http.Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Listens (port 0 picks a free port) and gives a close() that waits for open requests to end. A port
 * already taken (a second copy running, another program on it) is a start-up error naming
 * `portVariable`, the setting that chose the port.
 */
export function listen(
  handler: RequestListener,
  port: number,
  host = '127.0.0.1',
  portVariable = 'PORT',
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.keepAliveTimeout = 65_000;
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        reject(
          new ConfigError(
            portVariable,
            `is ${port}, but ${host}:${port} is already in use (another copy running?): free it or choose another port`,
          ),
        );
      else if (err.code === 'EACCES')
        reject(
          new ConfigError(portVariable, `is ${port}, which this user may not listen on: choose a port above 1023`),
        );
      else reject(err);
    });
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
