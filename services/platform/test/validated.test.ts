import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import type { Request, Response } from 'express';
import { validated, ValidationError } from '../src/index.js';

const schema = yup.object({ id: yup.string().strict(true).required('Invalid id').matches(/^\w+$/, 'Invalid id') });

/** Runs the middleware on a fake request; resolves with what it passed to next() and the response. */
function run(handler: ReturnType<typeof validated>, req: Partial<Request>): Promise<{ err: unknown; res: Response }> {
  const res = { locals: {} } as Response;
  return new Promise((resolve) => handler(req as Request, res, (err?: unknown) => resolve({ err, res })));
}

describe('validated(schema, source)', () => {
  it('hands the cast value to the handler through the validator itself', async () => {
    const byId = validated(schema, 'params');
    const { err, res } = await run(byId, { params: { id: 'abc', other: 'x' } });
    expect(err).toBeUndefined();
    const value: { id: string } = byId.of(res);
    expect(value).toEqual({ id: 'abc' });
  });

  it('a validator not mounted on the route has nothing to hand over', async () => {
    const mounted = validated(schema, 'params');
    const other = validated(schema, 'params');
    const { res } = await run(mounted, { params: { id: 'abc' } });
    expect(() => other.of(res)).toThrow(/mount this validator/);
  });

  it("refuses bad input with the schema's messages", async () => {
    const { err } = await run(validated(schema, 'params'), { params: { id: 'a b' } });
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ message: 'Invalid id', fields: { id: 'Invalid id' } });
  });

  it('answers one fixed refusal whatever was wrong, when told to', async () => {
    const invalid = { message: 'Invalid booking id', fields: { id: 'Invalid booking id' } };
    const { err } = await run(validated(schema, 'query', { invalid }), { query: { id: { $gt: '' } } as never });
    expect(err).toMatchObject(invalid);
  });

  it('reads an absent body as {} only when told to', async () => {
    const optional = yup.object({ reason: yup.string().optional() });
    const body = validated(optional, 'body', { emptyWhenAbsent: true });
    const told = await run(body, {});
    expect(told.err).toBeUndefined();
    expect(body.of(told.res)).toEqual({});
    const { err } = await run(validated(optional, 'body', { what: 'Suspension' }), {});
    expect(err).toMatchObject({ message: 'Suspension must be a JSON object' });
  });

  it('a handler without the middleware fails loudly', () => {
    expect(() => validated(schema, 'body').of({ locals: {} } as Response)).toThrow(/mount this validator/);
  });
});

describe('validated query defaults', () => {
  it('a schema default fills an absent query value', async () => {
    const q = yup.object({ status: yup.string().oneOf(['a', 'all']).default('all') });
    const query = validated(q, 'query');
    const { err, res } = await run(query, { query: {} });
    expect(err).toBeUndefined();
    expect(query.of(res)).toEqual({ status: 'all' });
  });
});
