import type { RequestHandler, Response } from 'express';
import type { AnySchema, InferType } from 'yup';
import { ValidationError } from '../errors.js';
import { validate } from '../validation.js';

export type InputSource = 'body' | 'params' | 'query';

export interface ValidatedOptions {
  /** Names the input in messages ("Booking must be a JSON object"); default "Request". */
  what?: string;
  /**
   * One answer for any invalid input, when a route has always refused bad ids or codes with the
   * same words whatever was wrong with them (a wrong shape, a wrong pattern).
   */
  invalid?: { message: string; fields: Record<string, string> };
  /** A request without a body reads as `{}`: for bodies whose every field is optional. */
  emptyWhenAbsent?: boolean;
}

/**
 * A route's declared input: mounted as middleware, it validates the request's `source` with a
 * contracts schema; the handler reads the cast value with `of(res)`, typed by that same schema, so
 * the route names its schema once.
 */
export interface Validated<S extends AnySchema> extends RequestHandler {
  /** The value this validator cast for this request; throws when it was not mounted on the route. */
  of(res: Response): InferType<S>;
}

const BY_VALIDATOR = 'validated';

/**
 * Declares a route's input at the HTTP edge: the request's `source` is validated with a contracts
 * schema before the handler runs, and the handler reads the cast value with `.of(res)` on the value
 * returned here. A failure answers 400 through the error handler, like every ValidationError. Put it
 * after the checks that must come first (rate limits, the staff check), so their answers do not change.
 */
export function validated<S extends AnySchema>(
  schema: S,
  source: InputSource,
  options: ValidatedOptions = {},
): Validated<S> {
  const middleware: RequestHandler = (req, res, next) => {
    const value = req[source] ?? (options.emptyWhenAbsent ? {} : undefined);
    validate(schema, value, options.what).then(
      (value) => {
        res.locals[BY_VALIDATOR] ??= new Map<RequestHandler, unknown>();
        (res.locals[BY_VALIDATOR] as Map<RequestHandler, unknown>).set(middleware, value);
        next();
      },
      (err: unknown) =>
        next(
          err instanceof ValidationError && options.invalid
            ? new ValidationError(options.invalid.message, options.invalid.fields)
            : err,
        ),
    );
  };
  const of = (res: Response): InferType<S> => {
    const byValidator = res.locals[BY_VALIDATOR] as Map<RequestHandler, unknown> | undefined;
    if (!byValidator?.has(middleware))
      throw new Error(`no validated ${source}: mount this validator on the route before the handler`);
    return byValidator.get(middleware) as InferType<S>;
  };
  return Object.assign(middleware, { of });
}
