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
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message, 400, 'validation_failed', { errors: fields });
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') {
    super(message, 401, 'unauthorized');
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(message, 403, 'forbidden');
  }
}
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message, 404, 'not_found');
  }
}
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409, 'conflict');
  }
}
export class TooManyRequestsError extends DomainError {
  constructor(
    message = 'Too many requests, please try again later.',
    readonly retryAfterSeconds = 60,
  ) {
    super(message, 429, 'rate_limited');
  }
}
export class UpstreamError extends DomainError {
  /** `transient`: the peer could not be reached or said it was busy (502/503/504), so asking again later may work. */
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message, 502, 'upstream_failed');
  }
}
export class ServiceUnavailableError extends DomainError {
  constructor(
    message = 'Service unavailable',
    readonly retryAfterSeconds = 2,
  ) {
    super(message, 503, 'unavailable');
  }
}

/** The store could not be reached (a restart, a failover): nothing was decided, the caller may try again. */
export class StoreUnavailableError extends ServiceUnavailableError {
  constructor(readonly reason: unknown) {
    super('The service is briefly unavailable, please try again shortly.');
  }
}

/**
 * A failure of something this process depends on, not of the work itself: an event handler that
 * meets one waits and tries again for as long as it lasts, instead of dead-lettering the event
 * (dead letters are for events that can never be handled, not for a store that is restarting).
 */
export function isTransientFailure(err: unknown): boolean {
  return err instanceof ServiceUnavailableError || (err instanceof UpstreamError && err.transient);
}

/** Thrown for a duplicate value on a unique index, by every DocumentStore adapter. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    detail?: string,
  ) {
    super(`Duplicate key in ${collection}${detail ? `: ${detail}` : ''}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A bad or missing environment variable: services refuse to start and name it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}
