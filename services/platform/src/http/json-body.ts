import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { isUtf8JsonBody } from './utf8-json.js';

/**
 * A body refused as body-parser and raw-body report one (status, `type`, exposed message), so the
 * error handler answers both readers alike.
 */
class BodyError extends Error {
  readonly expose = true;
  constructor(
    readonly status: 400 | 403,
    readonly type: 'entity.parse.failed' | 'entity.verify.failed' | 'request.aborted' | 'request.size.invalid',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const malformed = (message: string) => new BodyError(400, 'entity.parse.failed', message);

/** The declared length of a plain JSON body this reader takes (uncompressed, not chunked, within the limit), else null. */
function plainJsonLength(req: IncomingMessage, limit: number): number | null {
  const { headers } = req;
  if (headers['transfer-encoding'] !== undefined || !isUtf8JsonBody(headers)) return null;
  const length = Number(headers['content-length']);
  return Number.isInteger(length) && length > 0 && length <= limit ? length : null;
}

/**
 * The body when it is already whole in memory and unread (the embedded gateway hands a small
 * request over whole), else null.
 */
function arrivedWhole(req: IncomingMessage, length: number): Buffer | null {
  if (!req.complete || req.readableDidRead || req.readableLength !== length) return null;
  const body = req.read() as Buffer | null;
  return body?.length === length ? body : null;
}

/** Collects a body of a known length as it arrives: one listener per event, no decoder, one copy at the end. */
function collect(req: IncomingMessage, length: number, done: (err: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const finish = (err: Error | null, body?: Buffer) => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onGone);
    req.off('close', onGone);
    done(err, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
  };
  const onEnd = () =>
    received === length
      ? finish(null, Buffer.concat(chunks, received))
      : finish(new BodyError(400, 'request.size.invalid', 'request size did not match content length'));
  // The client went away mid-body: Node reports it as an error on the request or as a close before
  // its end; either is a 400, as body-parser answers any read error.
  const onGone = () => finish(new BodyError(400, 'request.aborted', 'request aborted'));
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('error', onGone);
  req.once('close', onGone);
}

/** body-parser's strict JSON: an object or an array, a byte-order mark ignored, nothing at all read as {}. */
function parseStrict(body: Buffer): unknown {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (text.length === 0) return {};
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') throw malformed('JSON body must be an object or an array');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw malformed(err instanceof Error ? err.message : 'Invalid JSON');
  }
}

/**
 * `express.json` (body-parser), with a short way for the common case, a plain JSON body of a
 * declared length within the limit: read at once when it is already whole in memory, else
 * collected as it arrives, and parsed, without body-parser's stream reader, decoder and checks
 * (most of a small request's parsing cost). Everything else (chunked, compressed, another
 * charset, over the limit) goes to body-parser, which answers it as before. Both keep the raw
 * bytes for signature checks (`verify`) and refuse the same bodies.
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
    const length = plainJsonLength(req, options.limit);
    if (length === null || req.readableDidRead) return bodyParser(req, res, next);
    const parse = (body: Buffer) => {
      try {
        options.verify(req, body);
      } catch (err) {
        const message = err instanceof Error ? err.message : 'Body verification failed';
        return next(new BodyError(403, 'entity.verify.failed', message, { cause: err }));
      }
      try {
        req.body = parseStrict(body);
      } catch (err) {
        return next(err);
      }
      next();
    };
    const whole = arrivedWhole(req, length);
    if (whole) return parse(whole);
    collect(req, length, (err, body) => (err ? next(err) : parse(body!)));
  };
}
