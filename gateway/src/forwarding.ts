import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { ServiceName } from '@vanhop/platform';

/**
 * The gateway's forwarding port: hands a request it has checked (route, token, body limits) to the
 * service that owns the route, path, headers and body unchanged, and the service's answer back.
 * Two adapters: over HTTP (forwarding-http.ts, every deployment with services in their own
 * processes) and in process (forwarding-in-process.ts, the embedded product).
 */
export type Forwarding = (service: ServiceName) => RequestHandler;

/** What a caller gets when the owning service cannot answer (down, failed, no answer in time), whichever adapter forwarded. */
export function badGateway(service: string, res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      message: `The ${service} service is unavailable, please try again shortly.`,
      code: 'bad_gateway',
    }),
  );
}
