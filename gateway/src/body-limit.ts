import type { RequestHandler } from 'express';

const tooLarge = { message: 'Request body too large', code: 'payload_too_large' };

/**
 * Enforces the body size limit without parsing (bodies are streamed to services untouched):
 * declared lengths are checked up front, chunked bodies are counted as they stream.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes) {
      res.status(413).set('Connection', 'close').json(tooLarge);
      req.resume();
      return;
    }
    if (declared === undefined && req.headers['transfer-encoding']) {
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > maxBytes && !res.headersSent) {
          // Part of the body may already be on its way upstream: answer, then cut the connection so
          // the proxied request is aborted rather than left waiting for the rest.
          res.once('finish', () => req.destroy());
          res.status(413).set('Connection', 'close').json(tooLarge);
        }
      });
    }
    next();
  };
}
