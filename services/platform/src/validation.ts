import type { AnySchema, InferType, ValidationError as YupValidationError } from 'yup';
import { ValidationError } from './errors.js';

interface DescribedField {
  type?: string;
  fields?: Record<string, DescribedField>;
  innerType?: DescribedField;
}

/**
 * Finds values whose JSON type cannot be what the schema expects (an object or array where text or
 * a number belongs). yup's transforms such as trim() would throw a TypeError on them, and such
 * values are how operator injection ({"$gt": 0}) arrives, so they are refused up front by name.
 */
function wrongShapes(description: DescribedField, value: unknown, prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  if (!description.fields || value === null || typeof value !== 'object' || Array.isArray(value)) return found;
  for (const [key, field] of Object.entries(description.fields)) {
    const v = (value as Record<string, unknown>)[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (v === null || v === undefined) continue;
    const scalar =
      field.type === 'string' || field.type === 'number' || field.type === 'boolean' || field.type === 'date';
    if (scalar && typeof v === 'object')
      found[path] = `${key} must be a ${field.type}, not ${Array.isArray(v) ? 'a list' : 'an object'}`;
    else if (field.type === 'object') Object.assign(found, wrongShapes(field, v, path));
    else if (field.type === 'array' && Array.isArray(v) && field.innerType?.type === 'object') {
      for (const [i, item] of v.entries()) Object.assign(found, wrongShapes(field.innerType!, item, `${path}[${i}]`));
    }
  }
  return found;
}

/**
 * The value with only the fields the schema names, at every depth; an object schema without fields
 * (an opaque payload such as a saved quote) keeps its value whole. Keys a client adds on its own never
 * get past the boundary: a "$set" or "a.b" key would otherwise reach a store, which refuses it with a
 * server error, and "constructor" or "__proto__" would make yup look the key up on its plain `fields`
 * object and throw.
 */
function describedOnly(description: DescribedField, value: unknown): unknown {
  if (Array.isArray(value))
    return description.type === 'array' && description.innerType
      ? value.map((item) => describedOnly(description.innerType!, item))
      : value;
  if (
    value === null ||
    typeof value !== 'object' ||
    description.type !== 'object' ||
    !description.fields ||
    Object.keys(description.fields).length === 0
  )
    return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(description.fields)) {
    if (Object.hasOwn(value, key)) out[key] = describedOnly(field, (value as Record<string, unknown>)[key]);
  }
  return out;
}

// A schema's description is fixed once built: worked out once per schema, not on every request.
const descriptions = new WeakMap<AnySchema, DescribedField>();
function describe(schema: AnySchema): DescribedField {
  let description = descriptions.get(schema);
  if (!description) {
    description = schema.describe() as DescribedField;
    descriptions.set(schema, description);
  }
  return description;
}

/**
 * Validates and casts a value with a contracts schema. All failures are collected so a form can show
 * each field's message; the first one is the error's message. The result holds only the fields the
 * schema describes. Synchronous: the contracts' schemas have no asynchronous tests, and yup's
 * promise per field was a measurable share of a quote request (bench/quote.ts).
 */
export function validateNow<S extends AnySchema>(
  schema: S,
  value: unknown,
  what = 'Request',
  abortEarly = false,
): InferType<S> {
  const description = describe(schema);
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    if (description.type === 'object')
      throw new ValidationError(`${what} must be a JSON object`, { _: `${what} must be a JSON object` });
  }
  const shapes = wrongShapes(description, value);
  const [firstShape] = Object.values(shapes);
  if (firstShape !== undefined) throw new ValidationError(firstShape, shapes);
  try {
    // yup's errors are read for their paths and messages only: capturing a stack trace for each was
    // two fifths of a failing validation (a draft booking fails the complete schema first).
    return schema.validateSync(describedOnly(description, value), {
      abortEarly,
      stripUnknown: false,
      disableStackTrace: true,
    });
  } catch (err) {
    const e = err as YupValidationError;
    if (e instanceof TypeError)
      throw new ValidationError(`${what} has a field of the wrong type`, {
        _: `${what} has a field of the wrong type`,
      });
    if (e?.name !== 'ValidationError') throw err;
    const fields: Record<string, string> = {};
    for (const inner of e.inner.length ? e.inner : [e]) {
      const path = inner.path || '_';
      if (!Object.hasOwn(fields, path)) fields[path] = inner.message;
    }
    const first = Object.values(fields)[0] ?? `${what} is invalid`;
    throw new ValidationError(first, fields);
  }
}

/** `validateNow` for callers that await. */
export async function validate<S extends AnySchema>(
  schema: S,
  value: unknown,
  what = 'Request',
): Promise<InferType<S>> {
  return validateNow(schema, value, what);
}

/** The cast value when it passes `schema`, null when it does not (a second schema may then apply). */
export function passes<S extends AnySchema>(schema: S, value: unknown): InferType<S> | null {
  try {
    // The first failure is enough to know it does not pass.
    return validateNow(schema, value, 'Request', true);
  } catch (err) {
    if (err instanceof ValidationError) return null;
    throw err;
  }
}
