import { describe, expect, it } from 'vitest';
import { adminLoginSchema, bookingCompleteSchema, contactMessageSchema, saveRetrieveSchema } from '@vanhop/contracts';
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
    const fields = await fieldsOf(
      validate(bookingCompleteSchema, {
        addresses: [
          { id: 'a', location: ['x'] },
          { id: 'b', location: 'NW2' },
        ],
      }),
    );
    expect(fields['addresses[0].location']).toMatch(/not a list/);
  });

  it('refuses a body that is not an object', async () => {
    await expect(validate(contactMessageSchema, [1, 2])).rejects.toThrow(/must be a JSON object/);
    await expect(validate(contactMessageSchema, 'hello')).rejects.toThrow(/must be a JSON object/);
  });

  it('passes on only the fields the schema names, so stray keys never reach a store', async () => {
    const message = {
      name: 'Ann Mover',
      email: 'ann@example.com',
      phone: '07700900123',
      title: 'Hi',
      message: 'Hello',
      agree: true,
    };
    const sent = JSON.parse(
      JSON.stringify({ ...message, $set: { paymentStatus: 'paid' }, 'a.b': 1 }).replace(
        '{',
        '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}},',
      ),
    );
    expect(await validate(contactMessageSchema, sent)).toEqual(message);
    const address = (id: string) => ({ id, location: 'London NW2, UK', physicalAddress: '1 Road', stair: 0 });
    const booking = {
      addresses: [{ ...address('a'), $where: 'x' }, address('b')],
      vanSize: 'Large',
      driverHelp: 'Driver-Help',
      hour: 3,
      date: '2026-02-20T10:00:00.000Z',
      description: 'd',
      name: 'Ann Mover',
      email: 'ann@example.com',
      phone: '07700900123',
    };
    const valid = await validate(bookingCompleteSchema, booking);
    expect(valid.addresses[0]).toEqual(address('a'));
  });

  it('keeps an opaque object (a schema object without fields) whole', async () => {
    const valid = await validate(saveRetrieveSchema, { quote: { name: 'Ann', totalPrice: 10 }, extra: 1 });
    expect(valid).toEqual({ quote: { name: 'Ann', totalPrice: 10 } });
  });

  it('collects every field message with the contract texts', async () => {
    const fields = await fieldsOf(
      validate(contactMessageSchema, { name: 'Al', email: 'nope', phone: '07a', title: '', message: '', agree: false }),
    );
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
