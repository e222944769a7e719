import http from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@vanhop/platform';

/** A streaming reverse proxy to one service; the path is forwarded unchanged. */
export function serviceProxy(service: string, target: string, timeoutMs: number, logger: Logger): RequestHandler {
  // Reused upstream connections: without keep-alive every request pays a TCP handshake and
  // sockets pile up in TIME_WAIT under load.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000 });
  return createProxyMiddleware({
    target,
    agent,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: timeoutMs,
    timeout: timeoutMs,
    logger: undefined,
    on: {
      error: (err, _req, res) => {
        logger.warn({ service, err: (err as Error).message }, 'upstream error');
        const r = res as import('node:http').ServerResponse;
        if ('headersSent' in r && !r.headersSent) {
          r.writeHead(502, { 'Content-Type': 'application/json' });
          r.end(JSON.stringify({ message: `The ${service} service is unavailable, please try again shortly.`, code: 'bad_gateway' }));
        } else {
          r.destroy?.();
        }
      },
    },
  });
}
