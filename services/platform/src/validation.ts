import type { AnySchema, InferType, ValidationError as YupValidationError } from 'yup';
import { ValidationError } from './errors.js';

/**
 * Validates and casts a value with a contracts schema. All failures are collected so a form can show
 * each field's message; the first one is the error's message.
 */
export async function validate<S extends AnySchema>(schema: S, value: unknown, what = 'Request'): Promise<InferType<S>> {
  const objects = scalarFieldsGivenObjects(schema, value);
  if (Object.keys(objects).length > 0) throw new ValidationError(Object.values(objects)[0], objects);
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

const SCALAR_TYPES = ['string', 'number', 'boolean', 'date'];

/**
 * A scalar field given an object or list (`{"email": {"$gt": ""}}`) is refused up front, naming the
 * field: yup's string transforms (trim) would otherwise throw a TypeError and answer 500.
 */
function scalarFieldsGivenObjects(schema: AnySchema, value: unknown): Record<string, string> {
  const fields = (schema as { fields?: Record<string, { type?: string }> }).fields;
  if (!fields || typeof value !== 'object' || value === null) return {};
  const bad: Record<string, string> = {};
  for (const [key, field] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[key];
    if (SCALAR_TYPES.includes(field?.type ?? '') && typeof v === 'object' && v !== null) bad[key] = `${key} must be a single value, not an object or list`;
  }
  return bad;
}
