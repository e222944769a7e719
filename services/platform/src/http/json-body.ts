import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';

/** The content types read here: JSON, in UTF-8 or with no charset named (anything else goes to body-parser). */
const PLAIN_JSON = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** A body that is not JSON text, as body-parser reports one, so the error handler answers both alike. */
class MalformedJsonError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.parse.failed';
}

/**
 * The body when it has arrived whole before anything read it (the usual small request: the HTTP
 * parser takes headers and body from one packet; the embedded gateway hands it over whole), as
 * plain JSON of a declared length within the limit, not compressed; otherwise null.
 */
function arrivedWhole(req: IncomingMessage, limit: number): Buffer | null {
  const { headers } = req;
  if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return null;
  const type = headers['content-type'];
  if (type === undefined || !PLAIN_JSON.test(type)) return null;
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length) || length <= 0 || length > limit) return null;
  if (!req.complete || req.readableDidRead || req.readableLength !== length) return null;
  const body = req.read() as Buffer | null;
  return body?.length === length ? body : null;
}

/** body-parser's strict JSON: an object or an array, a byte-order mark ignored, nothing at all read as {}. */
function parseStrict(body: Buffer): unknown {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (text.length === 0) return {};
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') throw new MalformedJsonError('JSON body must be an object or an array');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new MalformedJsonError(err instanceof Error ? err.message : 'Invalid JSON');
  }
}

/**
 * `express.json` (body-parser), with a short way for the common case: a plain JSON body already
 * whole in memory is read and parsed at once, without body-parser's stream reader, decoder and
 * checks (most of a small request's parsing cost). Everything else (a body still arriving, chunked,
 * compressed, another charset, over the limit) goes to body-parser, which answers it as before.
 * Both keep the raw bytes for signature checks (`verify`) and refuse the same bodies.
 */
export function jsonBody(options: {
  limit: number;
  verify: (req: IncomingMessage, body: Buffer) => void;
}): RequestHandler {
  const bodyParser = express.json({
    limit: options.limit,
    verify: (req, _res, buf) => options.verify(req, buf),
  });
  return (req, res, next) => {
    const body = arrivedWhole(req, options.limit);
    if (!body) return bodyParser(req, res, next);
    try {
      options.verify(req, body);
      req.body = parseStrict(body);
    } catch (err) {
      return next(err);
    }
    next();
  };
}
