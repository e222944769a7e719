/** Typed domain errors; the one HTTP error middleware maps them to status codes. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, readonly fields: Record<string, string> = {}) {
    super(message, 400, 'validation_failed', { errors: fields });
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') { super(message, 401, 'unauthorized'); }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') { super(message, 403, 'forbidden'); }
}
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') { super(message, 404, 'not_found'); }
}
export class ConflictError extends DomainError {
  constructor(message: string) { super(message, 409, 'conflict'); }
}
export class PayloadTooLargeError extends DomainError {
  constructor(message = 'Request body too large') { super(message, 413, 'payload_too_large'); }
}
export class TooManyRequestsError extends DomainError {
  constructor(message = 'Too many requests, please try again later.', readonly retryAfterSeconds = 60) {
    super(message, 429, 'rate_limited');
  }
}
export class UpstreamError extends DomainError {
  constructor(message: string) { super(message, 502, 'upstream_failed'); }
}
export class ServiceUnavailableError extends DomainError {
  constructor(message = 'Service unavailable') { super(message, 503, 'unavailable'); }
}

/** Thrown for a duplicate value on a unique index, by every DocumentStore adapter. */
export class DuplicateKeyError extends Error {
  constructor(readonly collection: string, detail?: string) {
    super(`Duplicate key in ${collection}${detail ? `: ${detail}` : ''}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A bad or missing environment variable: services refuse to start and name it. */
export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}
