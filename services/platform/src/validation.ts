import type { AnySchema, InferType, ValidationError as YupValidationError } from 'yup';
import { ValidationError } from './errors.js';

/**
 * Validates and casts a value with a contracts schema. All failures are collected so a form can show
 * each field's message; the first one is the error's message.
 */
export async function validate<S extends AnySchema>(schema: S, value: unknown, what = 'Request'): Promise<InferType<S>> {
  try {
    return await schema.validate(value, { abortEarly: false, stripUnknown: false });
  } catch (err) {
    const e = err as YupValidationError;
    if (e?.name !== 'ValidationError') throw err;
    const fields: Record<string, string> = {};
    for (const inner of e.inner.length ? e.inner : [e]) {
      const path = inner.path || '_';
      if (!(path in fields)) fields[path] = inner.message;
    }
    const first = Object.values(fields)[0] ?? `${what} is invalid`;
    throw new ValidationError(first, fields);
  }
}
