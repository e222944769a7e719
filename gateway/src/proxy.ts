import http from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { clientIp, type Logger } from '@vanhop/platform';
import { badGateway } from './forwarding.js';

/**
 * The forwarding headers a service sees are the gateway's alone: X-Forwarded-For is the client
 * address the gateway determined (TRUST_PROXY), replacing whatever the client sent, so a service
 * that trusts the gateway hop rate-limits the same client the gateway does.
 */
export function forwardedHeaders(req: Request): void {
  req.headers['x-forwarded-for'] = clientIp(req);
  req.headers['x-forwarded-proto'] = req.protocol;
  delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
  delete req.headers.forwarded;
}

/** A streaming reverse proxy to one service; the path is forwarded unchanged. */
export function serviceProxy(service: string, target: string, timeoutMs: number, logger: Logger): RequestHandler {
  // Reused upstream connections: without keep-alive every request pays a TCP handshake and
  // sockets pile up in TIME_WAIT under load.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000 });
  return createProxyMiddleware({
    target,
    agent,
    changeOrigin: false,
    // X-Forwarded-* are set by forwardedHeaders (appending would pass a client's forgeries on).
    xfwd: false,
    proxyTimeout: timeoutMs,
    timeout: timeoutMs,
    logger: undefined,
    on: {
      error: (err, _req, res) => {
        logger.warn({ service, err: (err as Error).message }, 'upstream error');
        // A socket (an upgrade) rather than a response: nothing can be answered on it.
        if (!('headersSent' in res)) res.destroy?.();
        else badGateway(service, res as http.ServerResponse);
      },
    },
  });
}
