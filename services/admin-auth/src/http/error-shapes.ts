import type { ErrorRequestHandler } from 'express';
import { DomainError, TooManyRequestsError, ValidationError } from '@vanhop/platform';

/**
 * The account screens read their own error shapes (docs/WIRE-CONTRACT.md: login `{success:false, message}`,
 * register `{errormessage}`), so these routes answer typed errors in that shape with the same
 * status codes the platform handler would use. Anything else goes on to the platform handler.
 */
function answerDomainErrors(shape: (message: string) => Record<string, unknown>): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (!(err instanceof DomainError) || res.headersSent) return next(err);
    if (err instanceof TooManyRequestsError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    if (err.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
    const fields = err instanceof ValidationError ? { errors: err.fields } : {};
    res.status(err.status).json({ ...shape(err.message), ...fields });
  };
}

export const loginErrors = answerDomainErrors((message) => ({ success: false, message }));
export const registerErrors = answerDomainErrors((errormessage) => ({ errormessage }));
