/** POST /api/booking refuses a building address whose postcode contradicts the place chosen for it, as the form does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetPostcodeMessage } from '@vanhop/contracts';
import { address, complete, post, startQuote } from './support.js';

let svc: Awaited<ReturnType<typeof startQuote>>;
beforeAll(async () => {
  svc = await startQuote();
});
afterAll(() => svc.cleanup());

describe('POST /api/booking: a postcode in the building address must be in the chosen place', () => {
  it('400 naming the stop’s building address, complete or draft, on the pickup and on the delivery', async () => {
    const wrongPickup = [address('London NW2, UK', 1, '12 Cricklewood Lane, SE1 9XX'), complete.addresses[1]];
    const wrongDelivery = [complete.addresses[0], address('London SE1, UK', 1, '5 Borough High St, NW2 1HS')];
    for (const [addresses, field, message] of [
      [wrongPickup, 'addresses[0].physicalAddress', streetPostcodeMessage('SE1 9XX', 'NW2')],
      [wrongDelivery, 'addresses[1].physicalAddress', streetPostcodeMessage('NW2 1HS', 'SE1')],
    ] as const) {
      for (const body of [{ ...complete, addresses }, { addresses }]) {
        const { status, json } = await post(`${svc.url}/api/booking`, body);
        expect(status).toBe(400);
        expect(json.errors[field]).toBe(message);
      }
    }
  });

  it('a postcode in the chosen district is priced', async () => {
    const addresses = [address('London NW2, UK', 1, '12 Cricklewood Lane, NW2 1HS'), complete.addresses[1]];
    const { status } = await post(`${svc.url}/api/booking`, { ...complete, addresses });
    expect(status).toBe(200);
  });
});
