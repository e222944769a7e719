import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { bookingCompleteSchema, bookingDraftSchema, bookingFormSchemaFor } from './schemas/booking.js';
import { MSG } from './messages.js';
import { districtOfPlace, fullPostcodesIn, streetPostcodeMessage, streetPostcodeProblem } from './street-postcode.js';

const stop = (location: string, physicalAddress: string, id = 'a') => ({ id, location, physicalAddress, stair: 0 });

describe('a postcode in the street address must be in the chosen place', () => {
  it('reads the district a place names, and the whole postcodes a street address holds', () => {
    expect(districtOfPlace('London NW2, UK')).toBe('NW2');
    expect(districtOfPlace('NW2 6LR, UK')).toBe('NW2');
    expect(districtOfPlace('London EC1V, UK')).toBe('EC1V');
    expect(districtOfPlace('Cricklewood, UK')).toBeNull();
    expect(fullPostcodesIn('5 Borough High St, London se19xx')).toEqual([{ postcode: 'SE1 9XX', outcode: 'SE1' }]);
    // Half a postcode is not one: "NW2" alone or "Flat 2" are left alone.
    expect(fullPostcodesIn('Flat 2, 10 High Rd, NW2')).toEqual([]);
  });

  it('refuses a postcode from another district, accepts one in it (lettered sub-districts too), and leaves the rest alone', () => {
    expect(streetPostcodeProblem('London NW2, UK', '12 Cricklewood Lane, SE1 9XX')).toBe(
      streetPostcodeMessage('SE1 9XX', 'NW2'),
    );
    expect(streetPostcodeProblem('London NW2, UK', '12 Cricklewood Lane, NW2 1HS')).toBeNull();
    expect(streetPostcodeProblem('London EC1, UK', '1 St John St, EC1V 4PW')).toBeNull();
    expect(streetPostcodeProblem('London EC1V, UK', '1 St John St, EC1 4PW')).toBeNull();
    expect(streetPostcodeProblem('London E1, UK', '1 Mile End Rd, E14 5AB')).not.toBeNull();
    expect(streetPostcodeProblem('London NW2, UK', '12 Cricklewood Lane')).toBeNull();
    expect(streetPostcodeProblem('Cricklewood, UK', '12 Cricklewood Lane, SE1 9XX')).toBeNull();
  });

  it('is part of the booking schemas the servers apply, naming the stop’s building address', async () => {
    const addresses = [
      stop('London NW2, UK', '12 Cricklewood Lane, SE1 9XX', 'a'),
      stop('London SE1, UK', '5 Borough High St', 'b'),
    ];
    const err = await bookingDraftSchema.validate({ addresses }, { abortEarly: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).inner.map((e) => [e.path, e.message])).toEqual([
      ['addresses[0].physicalAddress', streetPostcodeMessage('SE1 9XX', 'NW2')],
    ]);
    const delivery = [
      stop('London NW2, UK', '12 Cricklewood Lane', 'a'),
      stop('London SE1, UK', '5 High St, NW2 1HS', 'b'),
    ];
    await expect(bookingCompleteSchema.validateAt('addresses', { addresses: delivery })).rejects.toMatchObject({
      path: 'addresses[1].physicalAddress',
    });
    await expect(
      bookingDraftSchema.validate({
        addresses: [
          stop('London NW2, UK', '12 Cricklewood Lane, NW2 1HS'),
          stop('London SE1, UK', '5 High St, SE1 9XX'),
        ],
      }),
    ).resolves.toBeTruthy();
  });
});

describe('the booking page’s Formik schema for the places chosen', () => {
  it('refuses a postcode outside each end’s place under that end’s building address', async () => {
    const schema = bookingFormSchemaFor({ collection: 'London NW2, UK', delivery: 'London SE1, UK' });
    await expect(schema.validateAt('collection_address', { collection_address: '1 Lane, SE1 9XX' })).rejects.toThrow(
      streetPostcodeMessage('SE1 9XX', 'NW2'),
    );
    await expect(schema.validateAt('delivery_address', { delivery_address: '5 High St, SE1 9XX' })).resolves.toBe(
      '5 High St, SE1 9XX',
    );
    await expect(schema.validateAt('delivery_address', { delivery_address: '' })).rejects.toThrow(
      MSG.booking.deliveryAddressRequired,
    );
  });
});
