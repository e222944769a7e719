import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, ServiceUnavailableError, TooManyRequestsError } from '../errors.js';
import type { Logger } from '../logger.js';

/** The one place errors become HTTP answers: typed domain errors keep their status, nothing leaks a stack. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof DomainError) {
      if (err instanceof TooManyRequestsError || err instanceof ServiceUnavailableError)
        res.setHeader('Retry-After', String(err.retryAfterSeconds));
      if (err instanceof ServiceUnavailableError)
        (req as { log?: Logger }).log?.warn(
          { err: String((err as { reason?: unknown }).reason ?? err.message) },
          'dependency unavailable',
        );
      res.status(err.status).json({ message: err.message, code: err.code, ...(err.details ?? {}) });
      return;
    }
    const type = (err as { type?: string })?.type;
    if (type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body too large', code: 'payload_too_large' });
      return;
    }
    if (type === 'entity.parse.failed' || type === 'charset.unsupported' || type === 'encoding.unsupported') {
      res.status(400).json({ message: 'Malformed request body', code: 'bad_request' });
      return;
    }
    const status = (err as { status?: number })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: 'Bad request', code: 'bad_request' });
      return;
    }
    (req as { log?: Logger }).log?.error({ err }, 'unhandled error') ?? logger.error({ err }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error', code: 'internal' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'not_found' });
};
