import { describe, expect, it } from 'vitest';
import { bookingCompleteSchema } from '@vanhop/contracts';
import { bookingRequestFromQuote } from '../src/domain/quote-request.js';

const quote = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '07700900123',
  description: 'Flat',
  date: '2026-01-20T10:00:00.000Z',
  totalAddress: [
    { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 0 },
    { id: 'b', location: 'Wembley, UK', physicalAddress: '2 Low Road', stair: 2 },
  ],
  typeofVan: 'Medium',
  typeOfWorker: 'No-Help',
  totalHour: 2,
  totalPrice: 0.5,
  totalSecond: 1,
};

/** The hours the booking service would price a quote on, after the contracts schema has read them. */
const hoursOf = async (q: Record<string, unknown>) =>
  (await bookingCompleteSchema.validate(bookingRequestFromQuote(q).request)).hour;

describe('bookingRequestFromQuote: hours as reference clients send them', () => {
  it('reads totalHour from the server and the hour select text alike', async () => {
    expect(await hoursOf(quote)).toBe(2);
    expect(await hoursOf({ ...quote, totalHour: '03hr:30Min' })).toBe(3.5);
    expect(await hoursOf({ ...quote, totalHour: undefined, hour: '03hr:30Min' })).toBe(3.5);
  });

  it('looks past a null or empty totalHour to the hour beside it', async () => {
    expect(await hoursOf({ ...quote, totalHour: null, hour: '04hr:00Min' })).toBe(4);
    expect(await hoursOf({ ...quote, totalHour: '', hour: 4 })).toBe(4);
  });

  it('leaves a quote without any hour to the contract "required" message', async () => {
    await expect(hoursOf({ ...quote, totalHour: null, hour: null })).rejects.toThrow('Number of hours is required');
  });
});
