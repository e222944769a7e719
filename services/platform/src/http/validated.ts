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

const KEY = 'validated';

/**
 * Declares a route's input at the HTTP edge: the request's `source` is validated with a contracts
 * schema before the handler runs, and the handler reads the cast value with `input(res, source)`.
 * A failure answers 400 through the error handler, like every ValidationError. Put it after the
 * checks that must come first (rate limits, the staff check), so their answers do not change.
 */
export function validated<S extends AnySchema>(
  schema: S,
  source: InputSource,
  options: ValidatedOptions = {},
): RequestHandler {
  return (req, res, next) => {
    const value = req[source] ?? (options.emptyWhenAbsent ? {} : undefined);
    validate(schema, value, options.what).then(
      (value) => {
        res.locals[KEY] ??= {};
        const store = res.locals[KEY] as Partial<Record<InputSource, unknown>>;
        store[source] = value;
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
}

/** The value `validated(schema, source)` cast for this request. */
export function input<S extends AnySchema>(res: Response, source: InputSource, _schema?: S): InferType<S> {
  const store = res.locals[KEY] as Partial<Record<InputSource, unknown>> | undefined;
  if (!store || !(source in store))
    throw new Error(`no validated ${source}: mount validated(schema, '${source}') before the handler`);
  return store[source] as InferType<S>;
}
