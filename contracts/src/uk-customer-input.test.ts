import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import {
  bookingCompleteSchema,
  bookingDraftSchema,
  bookingFormSchema,
  contactMessageSchema,
  MSG,
  normaliseUkPhone,
  viaStopProblems,
} from './index.js';

const b = MSG.booking;
const ends = [
  { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 0 },
  { id: 'c', location: 'London SE1, UK', physicalAddress: '2 Low Road', stair: 1 },
];
const booking = {
  addresses: ends,
  vanSize: 'Large',
  driverHelp: 'Driver-Help',
  hour: 3,
  date: '2026-01-20T10:00:00.000Z',
  description: 'Flat move',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '07700900123',
};
const form = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '07700900123',
  collection_address: '1 High Road',
  collection_stair: '0',
  delivery_address: '2 Low Road',
  delivery_stair: '0',
  moving_date: '2026-01-20',
  how_many_hour: '03hr:00Min',
  descriContent: 'Flat move',
};
const contact = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '07700900123',
  title: 'Hello',
  message: 'A question',
  agree: true,
};

/** The first message per field (as the services answer them), or null when the body passes. */
const errorsOf = (schema: ObjectSchema<AnyObject>, body: Record<string, unknown>) =>
  schema.validate(body, { abortEarly: false }).then(
    () => null,
    (e: { inner: { path?: string; message: string }[] }) =>
      Object.fromEntries(e.inner.reverse().map((i) => [i.path, i.message])),
  );

describe('UK phone numbers as people type them', () => {
  it.each([
    ['07700 900123', '07700900123'],
    ['07700-900-123', '07700900123'],
    ['+44 7700 900123', '07700900123'],
    ['+44 (0)7700 900123', '07700900123'],
    ['0044 7700 900123', '07700900123'],
    // The country code typed without its + (as phones and contacts often copy it): read as +44.
    ['447700900123', '07700900123'],
    ['44 7700 900123', '07700900123'],
    ['442079460018', '02079460018'],
    ['020 7946 0018', '02079460018'],
    [' 07700900123 ', '07700900123'],
  ])('%j becomes %j', (typed, plain) => expect(normaliseUkPhone(typed)).toBe(plain));

  it('is accepted by the form, the draft, the complete booking and the contact form, and stored plain', async () => {
    for (const phone of ['07700 900123', '+44 7700 900123', '0161 496 0000']) {
      expect(await errorsOf(bookingFormSchema, { ...form, phone })).toBeNull();
      expect(await errorsOf(bookingDraftSchema, { ...booking, phone })).toBeNull();
      expect(await errorsOf(bookingCompleteSchema, { ...booking, phone })).toBeNull();
      expect(await errorsOf(contactMessageSchema, { ...contact, phone })).toBeNull();
    }
    expect(bookingCompleteSchema.cast({ ...booking, phone: '+44 7700 900123' }).phone).toBe('07700900123');
  });

  it('keeps the digits-only message for letters and says 10 or 11 digits for a wrong length, alike everywhere', async () => {
    const cases: [string, string][] = [
      ['07a00900123', b.phoneDigits],
      ['1', b.phoneLength],
      ['077009001', b.phoneLength],
      ['077009001234', b.phoneLength],
    ];
    for (const [phone, message] of cases) {
      expect((await errorsOf(bookingFormSchema, { ...form, phone }))?.phone, phone).toBe(message);
      expect((await errorsOf(bookingDraftSchema, { ...booking, phone }))?.phone, phone).toBe(message);
      expect((await errorsOf(bookingCompleteSchema, { ...booking, phone }))?.phone, phone).toBe(message);
      expect((await errorsOf(contactMessageSchema, { ...contact, phone }))?.phone, phone).toBe(
        message === b.phoneDigits ? MSG.contact.phoneDigits : message,
      );
    }
    expect((await errorsOf(bookingFormSchema, { ...form, phone: '' }))?.phone).toBe(b.phoneRequired);
  });
});

describe('names: 4 to 20 characters on the form and on the API', () => {
  it('a draft refuses the short name the form refuses (it used to price "Al" and phone "1")', async () => {
    const draft = await errorsOf(bookingDraftSchema, { addresses: ends, name: 'Al', phone: '1' });
    expect(draft).toEqual({ name: b.nameMin, phone: b.phoneLength });
    expect((await errorsOf(bookingFormSchema, { ...form, name: 'Al' }))?.name).toBe(b.nameMin);
    expect((await errorsOf(bookingDraftSchema, { addresses: ends, name: 'A name far too long for us' }))?.name).toBe(
      b.nameMax,
    );
    expect(await errorsOf(bookingDraftSchema, { addresses: ends })).toBeNull();
    expect(await errorsOf(bookingDraftSchema, { addresses: ends, name: null, phone: null })).toBeNull();
  });
});

describe('via stops are full addresses', () => {
  const via = (stop: { physicalAddress?: string; stair?: number | '' }) => [
    ends[0]!,
    { id: 'b', location: 'London E1, UK', ...stop },
    ends[1]!,
  ];

  it('an untouched stop lacks its building address and stairs', () => {
    expect(viaStopProblems(via({ physicalAddress: '', stair: '' }))).toEqual([
      { stop: 1, index: 1, field: 'physicalAddress', message: 'Via stop 1 Building Address is required' },
      { stop: 1, index: 1, field: 'stair', message: 'Via stop 1 Stair is required' },
    ]);
    expect(viaStopProblems(via({ physicalAddress: '4 Commercial Road', stair: 0 }))).toEqual([]);
    expect(viaStopProblems(via({ physicalAddress: 'No', stair: 1 }))[0]?.message).toBe(b.addressMin);
    expect(viaStopProblems(ends)).toEqual([]);
  });

  it('a complete booking with an untouched stop is refused at the stop; a draft is still priced', async () => {
    expect(
      await errorsOf(bookingCompleteSchema, { ...booking, addresses: via({ physicalAddress: '', stair: '' }) }),
    ).toEqual({ 'addresses[1].physicalAddress': 'Via stop 1 Building Address is required' });
    expect(
      await errorsOf(bookingCompleteSchema, { ...booking, addresses: via({ physicalAddress: '4 Commercial Road' }) }),
    ).toEqual({ 'addresses[1].stair': 'Via stop 1 Stair is required' });
    expect(
      await errorsOf(bookingCompleteSchema, {
        ...booking,
        addresses: via({ physicalAddress: '4 Commercial Road', stair: 2 }),
      }),
    ).toBeNull();
    expect(await errorsOf(bookingDraftSchema, { addresses: via({ physicalAddress: '', stair: '' }) })).toBeNull();
  });
});
