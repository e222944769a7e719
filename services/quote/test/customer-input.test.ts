/**
 * POST /api/booking refuses exactly what the booking form refuses (the contracts
 * rule both use): a name of 4 to 20 characters, a UK phone normalised before it is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { address, complete, post, startQuote } from './support.js';

let svc: Awaited<ReturnType<typeof startQuote>>;
beforeAll(async () => {
  svc = await startQuote();
});
afterAll(() => svc.cleanup());

const b = MSG.booking;
describe('POST /api/booking: the customer details the form refuses are refused here too', () => {
  it.each([
    ['a two-letter name', { name: 'Al' }, 'name', b.nameMin],
    ['a name over 20 characters', { name: 'Jane Doe-Smith-Jones-Brown' }, 'name', b.nameMax],
    ['a one-digit phone', { phone: '1' }, 'phone', b.phoneLength],
    ['a phone with letters', { phone: '07700 9OO123' }, 'phone', b.phoneDigits],
  ])('%s: 400 naming the field in the form’s words, complete or draft', async (_what, change, field, message) => {
    for (const body of [
      { ...complete, ...change },
      { addresses: complete.addresses, ...change },
    ]) {
      const { status, json } = await post(`${svc.url}/api/booking`, body);
      expect(status).toBe(400);
      expect(json.errors[field]).toBe(message);
    }
  });

  it.each(['07700 900123', '+44 7700 900123', '07700-900-123'])(
    '%j is priced and read back as 07700900123',
    async (phone) => {
      const { status, json } = await post(`${svc.url}/api/booking`, { ...complete, phone });
      expect(status).toBe(200);
      expect(json.preliminary).toBe(false);
      expect(json.yourinfo.receivedData.phone).toBe('07700900123');
      expect(json.quote.phone).toBe('07700900123');
    },
  );

  it('a complete booking whose via stop has no building address or stairs is priced only as a draft', async () => {
    const body = {
      ...complete,
      addresses: [complete.addresses[0], address('London E1, UK', '', ''), complete.addresses[1]],
    };
    const { status, json } = await post(`${svc.url}/api/booking`, body);
    expect(status).toBe(200);
    expect(json.preliminary).toBe(true);
  });
});
