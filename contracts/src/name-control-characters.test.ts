import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import {
  adminRegisterSchema,
  bookingCompleteSchema,
  bookingDraftSchema,
  bookingFormSchema,
  contactMessageSchema,
  driverCreateSchema,
  driverPatchSchema,
  MSG,
  NAME_CONTROL_MSG,
  startDriverConversationSchema,
  startSupportConversationSchema,
} from './index.js';

const addresses = [
  { id: 'a', location: 'NW2', physicalAddress: '1 High Road', stair: 0 },
  { id: 'b', location: 'SE1', physicalAddress: '2 Low Road', stair: 0 },
];
const booking = {
  addresses,
  vanSize: 'Large',
  driverHelp: 'Driver-Help',
  hour: 3,
  date: '2026-01-20T10:00:00.000Z',
  description: 'Flat move',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '07700900123',
};

/** Every schema with a name field, a valid body for it, and the name that body carries. */
const NAME_FIELDS: [what: string, schema: ObjectSchema<AnyObject>, body: Record<string, unknown>][] = [
  ['customer (booking draft)', bookingDraftSchema, booking],
  ['customer (saved or paid booking)', bookingCompleteSchema, booking],
  [
    'customer (booking form)',
    bookingFormSchema,
    {
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
    },
  ],
  [
    'customer (contact form)',
    contactMessageSchema,
    {
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '07700900123',
      title: 'Hello',
      message: 'A question',
      agree: true,
    },
  ],
  // The rest of a new driver (a whole price card) is beside the point here.
  [
    'driver (staff add)',
    driverCreateSchema.pick(['name', 'email', 'phone']),
    { name: 'Dana Driver', email: 'dana@drivers.example', phone: '07700900555' },
  ],
  ['driver (staff edit)', driverPatchSchema, { name: 'Dana Driver' }],
  [
    'staff (sign-up)',
    adminRegisterSchema,
    { name: 'sam_admin', password: 'pw-0123456789', password1: 'pw-0123456789', uniquecode: 'VH-1234' },
  ],
  [
    'chat (to a driver)',
    startDriverConversationSchema,
    { driverId: 'drv-1', name: 'Ann Lee', email: 'ann@example.com', about: { kind: 'quote' }, body: 'Hi' },
  ],
  ['chat (Instant Support)', startSupportConversationSchema, { name: 'Ann Lee', body: 'Hi' }],
];

/** The first message per field, as the services answer them. */
const errorOf = async (schema: ObjectSchema<AnyObject>, body: Record<string, unknown>) =>
  schema.validate(body, { abortEarly: false }).then(
    () => null,
    (err: { inner: { path?: string; message: string }[] }) =>
      Object.fromEntries(err.inner.map((e) => [e.path, e.message]).reverse()),
  );

describe('name fields refuse line breaks and other control characters', () => {
  it.each(NAME_FIELDS)('%s', async (_what, schema, body) => {
    expect(await errorOf(schema, body)).toBeNull();
    const base = String(body.name);
    for (const hostile of [
      `${base.slice(0, 2)}\r\n${base.slice(2)}`,
      `${base}\u0000`.replace(/^(.)/, '$1\u0000'),
      `${base.slice(0, 2)}\u001b[31m`,
      `${base.slice(0, 2)}\u2028x`,
      `${base.slice(0, 2)}\u202Ex`,
      `${base.slice(0, 2)}\u0085x`,
    ]) {
      const errors = await errorOf(schema, { ...body, name: hostile });
      expect(errors, JSON.stringify(hostile)).not.toBeNull();
      // The staff name refuses whitespace (CR, LF) with its own words, kept as they are.
      const expected =
        schema === adminRegisterSchema && /\s/.test(hostile) ? MSG.adminRegister.nameNoSpaces : NAME_CONTROL_MSG;
      expect(errors!.name, JSON.stringify(hostile)).toBe(expected);
    }
    // Accented, non-Latin and apostrophe names are names.
    if (schema !== adminRegisterSchema)
      for (const name of ["Zoë O'Brien", 'José Núñez', 'Łucja Ćwik', '王小明 Lee'])
        expect(await errorOf(schema, { ...body, name })).toBeNull();
  });

  it('keeps the existing name messages where they apply', async () => {
    expect((await errorOf(bookingCompleteSchema, { ...booking, name: '' }))!.name).toBe(MSG.booking.nameRequired);
    expect((await errorOf(bookingCompleteSchema, { ...booking, name: 'Ann' }))!.name).toBe(MSG.booking.nameMin);
    expect(
      (await errorOf(contactMessageSchema, {
        name: 'Al',
        email: 'a@b.co',
        phone: '1',
        title: 't',
        message: 'm',
        agree: true,
      }))!.name,
    ).toBe(MSG.contact.nameMin);
    expect(
      (await errorOf(adminRegisterSchema, { name: 'sam admin', password: 'p', password1: 'p', uniquecode: 'c' }))!.name,
    ).toBe(MSG.adminRegister.nameNoSpaces);
    // Trailing line breaks are trimmed away, not refused.
    expect(
      await errorOf(contactMessageSchema, {
        name: 'Ann Lee\r\n',
        email: 'a@b.co',
        phone: '07700900123',
        title: 't',
        message: 'm',
        agree: true,
      }),
    ).toBeNull();
  });
});
