import { EventEmitter } from 'node:events';
import { IncomingMessage, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger, ServiceName } from '@vanhop/platform';
import { badGateway, type Forwarding } from './forwarding.js';

/** A service running in this process: its request handler (its Express app) and whether it still takes requests. */
export interface LocalService {
  /** Called as Express calls a mounted app: `next` is reached only by what the app did not answer. */
  handler: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;
  serving(): boolean;
}

/**
 * The peer a service sees: the gateway on loopback, as over HTTP, so the service's own `trust
 * proxy` reads the one X-Forwarded-For the gateway wrote (never the client's socket, which it may
 * not trust). Reading the body from it reads the client's request.
 */
class GatewayPeer extends EventEmitter {
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly localAddress = '127.0.0.1';
  readonly encrypted = undefined;
  readable = true;
  writable = true;
  destroyed = false;
  constructor(private readonly client: IncomingMessage) {
    super();
  }
  get remotePort() {
    return this.client.socket?.remotePort;
  }
  get localPort() {
    return this.client.socket?.localPort;
  }
  resume() {
    this.client.resume();
    return this;
  }
  pause() {
    this.client.pause();
    return this;
  }
  destroy() {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.readable = this.writable = false;
    this.emit('close', false);
    return this;
  }
  setTimeout() {
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  address() {
    return { address: this.localAddress, family: this.remoteFamily, port: this.localPort };
  }
}

const rawHeadersOf = (headers: IncomingHttpHeaders): string[] => {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const v of value) raw.push(name, v);
    else if (value !== undefined) raw.push(name, value);
  }
  return raw;
};

/**
 * The request the service handles: a request of its own (Express gives it the service's
 * prototype, settings, `req.query`, `req.ip`, params and logs, none of which may leak into the
 * gateway's), with the headers as the gateway forwards them and the client's body streamed into it
 * as it arrives, with the client's back-pressure. The gateway never reads the body (body-limit.ts
 * only watches it flow), so every byte reaches the service untouched, as over HTTP.
 */
function serviceRequest(client: IncomingMessage): IncomingMessage {
  const peer = new GatewayPeer(client);
  const req = new IncomingMessage(peer as unknown as Socket);
  req.method = client.method;
  req.url = client.url;
  req.headers = { ...client.headers };
  req.rawHeaders = rawHeadersOf(req.headers);
  // The proxy speaks HTTP/1.1 to a service whatever the client spoke.
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req._read = () => {
    client.resume();
  };
  // The peer is no stream: it is marked gone first, so destroying the request never waits on it.
  req._destroy = (err, cb) => {
    peer.destroy();
    IncomingMessage.prototype._destroy.call(req, err, cb);
  };
  const end = () => {
    req.complete = true;
    req.push(null);
  };
  if (client.readableEnded) end();
  else if (client.complete) {
    // The whole body is already here (a small request comes in one packet): handed over at once,
    // so the service reads it as a body that has arrived (json-body.ts), with no stream hops.
    // Reading emits 'data' as flowing would, so the gateway's body checks (body-limit.ts) see it too.
    for (let chunk = client.read() as Buffer | null; chunk !== null; chunk = client.read() as Buffer | null)
      req.push(chunk);
    end();
    client.once('close', () => peer.destroy());
  } else {
    client.on('data', (chunk: Buffer) => {
      if (!req.push(chunk)) client.pause();
    });
    client.once('end', end);
    // The client went away mid-body: the service's body parser sees an aborted request, as over HTTP.
    client.once('close', () => {
      if (!req.complete) req.destroy();
      else peer.destroy();
    });
  }
  return req;
}

type SharedState = { locals: unknown; log?: unknown; allLogs?: unknown; req: unknown };

/**
 * The embedded adapter: the owning service's own Express app answers the request in this process,
 * with no loopback HTTP hop (no second parse of the request, no second write of the answer). The
 * service gets a request of its own (serviceRequest) and writes its answer straight onto the
 * client's response, so its status, headers (content type, its rate-limit headers, request id)
 * and body stream out as they would through the proxy, which copies all of them. What Express and
 * the request logs keep on the response while the service answers (its prototype, `locals`,
 * `log`) is the service's, and the gateway's again once it is done.
 *
 * As over HTTP: a service that is stopped, lets an error escape its own error handler, or has not
 * begun its answer within `timeoutMs` gets the caller the proxy's 502.
 */
export function inProcessForwarding(
  services: Partial<Record<ServiceName, LocalService>>,
  timeoutMs: number,
  logger: Logger,
): Forwarding {
  return (service) => (clientReq, res) => {
    const local = services[service];
    const fail = (err: unknown) => {
      logger.warn({ service, err: err instanceof Error ? err.message : String(err) }, 'upstream error');
      badGateway(service, res);
    };
    if (!local?.serving()) return fail(new Error(`the ${service} service is not running`));

    const r = res as unknown as Record<string, unknown>;
    const gateway: SharedState & { proto: object } = {
      proto: Object.getPrototypeOf(res) as object,
      locals: r.locals,
      log: r.log,
      allLogs: r.allLogs,
      req: r.req,
    };
    let handedBack = false;
    const handBack = () => {
      if (handedBack) return;
      handedBack = true;
      clearTimeout(timer);
      Object.setPrototypeOf(res, gateway.proto);
      Object.assign(r, { locals: gateway.locals, log: gateway.log, allLogs: gateway.allLogs, req: gateway.req });
    };
    const timer = setTimeout(() => {
      if (!res.headersSent) fail(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    res.once('close', handBack);

    // Fresh for the service, as on a response of its own (Express and pino-http fill them in).
    // Cleared by assignment, not `delete`, which would turn the response into a slow dictionary object.
    r.locals = Object.create(null);
    r.log = undefined;
    r.allLogs = undefined;
    const done = (err?: unknown) => {
      // Only an error the service's own error handler let through (or a route it did not end) gets here.
      handBack();
      fail(err ?? new Error('the service did not answer'));
    };
    try {
      const req = serviceRequest(clientReq);
      // The gateway's own body checks refused what was just handed over: its answer is the one sent.
      if (res.headersSent) return handBack();
      local.handler(req, res, done);
    } catch (err) {
      done(err);
    }
  };
}
