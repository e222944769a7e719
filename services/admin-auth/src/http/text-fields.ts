import type { RequestHandler } from 'express';
import { ValidationError } from '@vanhop/platform';

/**
 * Refuses objects and arrays where text is expected, naming the field. Done before the yup schema
 * because its `.trim()` transform throws a TypeError on non-strings (which would surface as a 500),
 * and it also keeps query operators such as `{"$ne": ""}` away from any lookup.
 */
function requireTextFields(body: unknown, fields: readonly string[]): void {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ValidationError('The request body must be a JSON object', { _: 'must be a JSON object' });
  const values = body as Record<string, unknown>;
  for (const field of fields) {
    const v = values[field];
    if (v !== undefined && v !== null && typeof v !== 'string')
      throw new ValidationError(`${field} must be text`, { [field]: `${field} must be text` });
  }
}

/**
 * `requireTextFields` as a route's step, before `validated(schema, 'body')`: its words ("password
 * must be text") are what the account screens have always been answered.
 */
export const textFields =
  (fields: readonly string[]): RequestHandler =>
  (req, _res, next) => {
    try {
      requireTextFields(req.body, fields);
      next();
    } catch (err) {
      next(err);
    }
  };
