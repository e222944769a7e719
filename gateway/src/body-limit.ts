import type { Request, RequestHandler, Response } from 'express';
import { isUtf8JsonBody, JsonDepthScanner, JsonTooDeepError } from '@vanhop/platform';

const tooLarge = { message: 'Request body too large', code: 'payload_too_large' };

/**
 * Part of the body may already be on its way upstream: answer, then cut the connection so the
 * proxied request is aborted rather than left waiting for the rest.
 */
function refuse(req: Request, res: Response, status: number, body: object): void {
  if (res.headersSent) return;
  res.once('finish', () => req.destroy());
  res.status(status).set('Connection', 'close').json(body);
}

/**
 * Checks request bodies without parsing them (bodies are streamed to services untouched): the size
 * limit (declared lengths up front, chunked bodies counted as they stream) and, for the UTF-8
 * JSON the services parse, the nesting depth (each service checks both again after parsing). The body is
 * watched as it flows to the service: the stream is paused first, so nothing flows before the
 * proxy pipes it and every chunk reaches both.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes) {
      res.status(413).set('Connection', 'close').json(tooLarge);
      req.resume();
      return;
    }
    const countBytes = declared === undefined && !!req.headers['transfer-encoding'];
    const depth = isUtf8JsonBody(req.headers) ? new JsonDepthScanner() : null;
    if (countBytes || depth) {
      let seen = 0;
      req.pause();
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (countBytes && seen > maxBytes) refuse(req, res, 413, tooLarge);
        else if (depth && !depth.feed(chunk)) {
          const err = new JsonTooDeepError();
          refuse(req, res, err.status, { message: err.message, code: err.code });
        }
      });
    }
    next();
  };
}
