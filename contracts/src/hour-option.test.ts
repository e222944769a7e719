import { describe, expect, it } from 'vitest';
import { HOUR_OPTIONS, MSG } from './index.js';
import { hourOptionLabel, parseHourOption } from './hour-option.js';
import { bookingCompleteSchema, bookingDraftSchema, bookingFormSchema, hourSchema } from './schemas/booking.js';

describe('parseHourOption', () => {
  it.each([
    [3, 3],
    [3.5, 3.5],
    [1, 1],
    [20.5, 20.5],
    ['3', 3],
    ['3.5', 3.5],
    [' 3 ', 3],
    ['03hr:00Min', 3],
    ['03hr:30Min', 3.5],
    ['01hr:00Min', 1],
    ['20hr:30Min', 20.5],
    ['3hr:30min', 3.5],
  ])('reads %j as %s hours', (input, hours) => {
    expect(parseHourOption(input)).toBe(hours);
  });

  it.each([
    0,
    0.25,
    0.5,
    3.25,
    21,
    20.75,
    -3,
    NaN,
    Infinity,
    '0',
    '21',
    '3.25',
    '03hr:15Min',
    '21hr:00Min',
    '00hr:30Min',
    'abc',
    '',
    '3 hours',
    '1e1',
    '0x3',
    true,
    null,
    undefined,
    {},
    [3],
    { value: 3 },
  ])('refuses %j', (input) => {
    expect(parseHourOption(input)).toBeUndefined();
  });

  it('reads back every option of the hour select, by text and by value', () => {
    for (const o of HOUR_OPTIONS) {
      expect(parseHourOption(o.label)).toBe(o.value);
      expect(parseHourOption(o.value)).toBe(o.value);
      expect(parseHourOption(String(o.value))).toBe(o.value);
      expect(hourOptionLabel(o.value)).toBe(o.label);
    }
    expect(HOUR_OPTIONS[0]!.label).toBe('01hr:00Min');
    expect(HOUR_OPTIONS.at(-1)!.label).toBe('20hr:30Min');
  });
});

describe('hour and "not chosen yet" in the booking schemas', () => {
  const addresses = [
    { id: 'a', location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
    { id: 'b', location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 0 },
  ];
  const complete = {
    addresses,
    vanSize: 'Large',
    driverHelp: 'Driver-Help',
    hour: 3,
    date: '2030-05-01T10:00:00.000Z',
    description: 'Sofa',
    name: 'Ann Mover',
    email: 'ann@example.com',
    phone: '07700900123',
  };
  const messageFor = async (schema: typeof hourSchema, value: unknown) =>
    schema.validate(value).then(
      () => null,
      (e: Error) => e.message,
    );

  it('casts option text and numbers to the same hours', async () => {
    expect(await hourSchema.validate('03hr:00Min')).toBe(3);
    expect(await hourSchema.validate(3)).toBe(3);
    expect((await bookingCompleteSchema.validate({ ...complete, hour: '03hr:30Min' })).hour).toBe(3.5);
  });

  it('gives every unusable hour the contract message', async () => {
    for (const bad of [0, 0.25, 21, 'abc', '03hr:15Min', {}, true])
      expect(await messageFor(hourSchema, bad), String(bad)).toBe(MSG.booking.hourRequired);
    await expect(bookingCompleteSchema.validate({ ...complete, hour: null })).rejects.toThrow(MSG.booking.hourRequired);
  });

  it('reads null and empty text as "not chosen yet" in a draft', async () => {
    const draft = await bookingDraftSchema.validate({
      addresses: [
        { ...addresses[0], physicalAddress: null, stair: '' },
        { ...addresses[1], stair: null },
      ],
      vanSize: null,
      driverHelp: '',
      hour: null,
      date: null,
      description: null,
      name: '',
      email: '',
      phone: '',
    });
    expect(draft).toMatchObject({ vanSize: 'Large', driverHelp: 'Driver-Help' });
    for (const field of ['hour', 'date', 'description', 'name', 'email', 'phone'] as const)
      expect(draft[field], field).toBeUndefined();
    expect(draft.addresses.map((a) => [a.physicalAddress, a.stair])).toEqual([
      ['', undefined],
      ['5 Borough High Street', undefined],
    ]);
  });

  it('answers a missing detail of a complete booking with its contract message, null or empty alike', async () => {
    const errors = await bookingCompleteSchema
      .validate(
        { ...complete, hour: '', date: null, description: null, name: null, email: '', phone: null },
        { abortEarly: false },
      )
      .then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
    const b = MSG.booking;
    expect(errors).toEqual(
      expect.arrayContaining([
        b.hourRequired,
        b.dateRequired,
        b.descriptionRequired,
        b.nameRequired,
        b.emailRequired,
        b.phoneRequired,
      ]),
    );
    expect(errors.join()).not.toMatch(/cannot be null/);
  });

  it('lets the web form check its hour with the same parser', async () => {
    const form = {
      name: 'Ann Mover',
      email: 'ann@example.com',
      phone: '07700900123',
      collection_address: '12 Example Road',
      collection_stair: '1',
      delivery_address: '5 High Street',
      delivery_stair: '0',
      moving_date: '2030-05-01T10:00:00.000Z',
      descriContent: 'Sofa',
    };
    await expect(bookingFormSchema.validate({ ...form, how_many_hour: '3.5' })).resolves.toBeTruthy();
    await expect(bookingFormSchema.validate({ ...form, how_many_hour: '03hr:30Min' })).resolves.toBeTruthy();
    await expect(bookingFormSchema.validate({ ...form, how_many_hour: '0.25' })).rejects.toThrow(
      MSG.booking.hourRequired,
    );
  });
});
