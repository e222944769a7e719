import { describe, expect, it } from 'vitest';
import { adminLoginSchema, bookingCompleteSchema, contactMessageSchema } from '@vanhop/contracts';
import { validate, ValidationError } from '../src/index.js';

const fieldsOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }
  throw new Error('expected a ValidationError');
};

describe('validate at the boundary', () => {
  it('refuses operator objects where text belongs, naming the field', async () => {
    const fields = await fieldsOf(validate(adminLoginSchema, { username: { $ne: 'x' }, password: 'p' }));
    expect(fields).toEqual({ username: 'username must be a string, not an object' });
  });

  it('refuses nested wrong shapes inside arrays of objects', async () => {
    const fields = await fieldsOf(validate(bookingCompleteSchema, { addresses: [{ id: 'a', location: ['x'] }, { id: 'b', location: 'NW2' }] }));
    expect(fields['addresses[0].location']).toMatch(/not a list/);
  });

  it('refuses a body that is not an object', async () => {
    await expect(validate(contactMessageSchema, [1, 2])).rejects.toThrow(/must be a JSON object/);
    await expect(validate(contactMessageSchema, 'hello')).rejects.toThrow(/must be a JSON object/);
  });

  it('collects every field message with the SPEC texts', async () => {
    const fields = await fieldsOf(validate(contactMessageSchema, { name: 'Al', email: 'nope', phone: '07a', title: '', message: '', agree: false }));
    expect(fields).toEqual({
      name: 'Need at least 3 characters',
      email: 'Invalid email address',
      phone: 'Phone number must contain only digits',
      title: 'Title is required',
      message: 'Message is required',
      agree: 'You must agree to the terms and conditions',
    });
  });
});
