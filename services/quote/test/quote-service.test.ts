import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../../fleet/src/domain/demo-drivers.js';
import { priceMove } from '../src/domain/pricing.js';
import { address, complete, get, MOVE_DATE, NOW, post, startQuote } from './support.js';

let svc: Awaited<ReturnType<typeof startQuote>>;
beforeAll(async () => {
  svc = await startQuote();
});
afterAll(() => svc.cleanup());

describe('POST /api/booking', () => {
  it('prices every matching driver, cheapest first, with hand-checked totals', async () => {
    const { status, json } = await post(`${svc.url}/api/booking`, complete);
    expect(status).toBe(200);
    expect(json.preliminary).toBe(false);
    expect(json.yourinfo.receivedData).toMatchObject({ vanSize: 'Large', hour: 3, name: 'Jane Doe' });
    // NW2 to Cricklewood is under 5 miles: no mileage. House card: 3 × (45 + 5) + 5 × 3 × 2 = £180.
    const ali = json.offers.find((o: any) => o.driverId === 'drv-ali-hassan');
    expect(ali.totalPrice).toBe(180);
    expect(ali.overtimePerHalfHour).toBe(30);
    // Dave's card is 0.85 × house on 50p steps: 3 × (38.50 + 4.50) + 4.50 × 3 × 2 = £156, the lowest
    // price; but his van is not ULEZ compliant, so the customer pays £168.50 in all and he is not first.
    const dave = json.offers.find((o: any) => o.driverId === 'drv-dave-wilson');
    expect(dave).toMatchObject({ totalPrice: 156 });
    expect(Math.min(...json.offers.map((o: any) => o.totalPrice))).toBe(156);
    const allIn = (o: any) =>
      Math.round(o.totalPrice * 100) +
      o.chargesOnTheDay.reduce((sum: number, c: any) => sum + Math.round((c.amount ?? 0) * 100), 0);
    expect(allIn(dave)).toBe(16850);
    const prices = json.offers.map(allIn);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(json.offers[0].driverId).not.toBe('drv-dave-wilson');
    // Only drivers with a Large van, Driver-Help and the pickup in their radius.
    expect(json.offers.map((o: any) => o.driverId)).not.toContain('drv-sofia-rossi');
    expect(json.quote).toMatchObject({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '07700900123',
      description: 'Two-bedroom flat',
      date: MOVE_DATE,
      places: ['London NW2, UK', 'Cricklewood, UK'],
      pickupStair: 1,
      deliveryStair: 1,
      viaStopStair: [],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      totalSecond: 10800,
      // Priced from the cheapest in all the customer pays: Marta's £162 (compliant van, nothing on the day).
      totalPrice: 162,
      percentage: null,
      yourinfo: { receivedData: { vanSize: 'Large' } },
      driverId: 'drv-marta-nowak',
      // the Large van's 1 h 30 min, plus a tenth for each of the 2 flights, up to 5 minutes: 1 h 50 min
      loadingSeconds: 6600,
    });
    expect(json.quote.totalAddress).toHaveLength(2);
    expect(json.quote.travelMiles).toBeLessThan(5);
    expect(Number.isInteger(json.quote.travelHour)).toBe(true);
  });

  it('prices a multi-stop move into the congestion zone exactly as the engine does', async () => {
    const body = {
      ...complete,
      addresses: [address('London NW2, UK', 1), address('Wembley, UK', 0), address('London W1, UK', 2)],
    };
    const { status, json } = await post(`${svc.url}/api/booking`, body);
    expect(status).toBe(200);
    expect(json.quote.travelMiles).toBeGreaterThan(5);
    expect(json.quote.viaStopStair).toEqual([0]);
    for (const offer of json.offers) {
      const card = DEMO_DRIVERS.find((d) => d._id === offer.driverId)!.card;
      const p = priceMove(
        {
          vanSize: 'Large',
          helpLevel: 'Driver-Help',
          bookedHours: 3,
          flights: [1, 0, 2],
          viaStops: 1,
          routeMiles: json.quote.travelMiles,
          start: new Date(MOVE_DATE),
          now: new Date(NOW),
        },
        card,
      );
      expect(offer.totalPrice * 100).toBeCloseTo(p.totalPence, 6);
      expect(offer.chargesOnTheDay[0]).toEqual({ label: 'Congestion charge (07:00 to 22:00 daily)', amount: 15 });
      expect(offer.breakdown.reduce((s: number, l: any) => s + Math.round(l.amount * 100), 0)).toBe(p.totalPence);
    }
  });

  it('gives a draft a preliminary quote on the minimum hours', async () => {
    const { status, json } = await post(`${svc.url}/api/booking`, {
      addresses: [address('London NW2, UK', ''), address('Wembley, UK', '')],
      vanSize: 'Large',
      driverHelp: 'Driver-Help',
    });
    expect(status).toBe(200);
    expect(json.preliminary).toBe(true);
    expect(json.quote).toMatchObject({ totalHour: 2, totalSecond: 7200, name: '', date: '' });
    expect(json.offers.length).toBeGreaterThan(3);
  });

  it('refuses bad data with the product messages and a field name', async () => {
    const bad = async (body: unknown) => post(`${svc.url}/api/booking`, body);
    let r = await bad({ ...complete, email: 'nope' });
    expect(r.status).toBe(400);
    expect(r.json.errors.email).toBe(MSG.booking.emailInvalid);
    r = await bad({ ...complete, phone: '07 700 9OO 123' });
    expect(r.json.errors.phone).toBe(MSG.booking.phoneDigits);
    r = await bad({ ...complete, name: 'A name much longer than twenty' });
    expect(r.json.errors.name).toBe(MSG.booking.nameMax);
    r = await bad({ ...complete, addresses: [address('London NW2, UK')] });
    expect(r.status).toBe(400);
    r = await bad({ ...complete, addresses: [address('London NW2, UK'), address('Atlantis, Nowhere')] });
    expect(r.json.errors['addresses[1].location']).toBe(MSG.home.selectFromList);
    r = await bad({ ...complete, addresses: [address('Manchester M1, UK'), address('London NW2, UK')] });
    expect(r.json.errors['addresses[0].location']).toBe(MSG.home.outOfArea);
    r = await bad({ ...complete, date: '2026-01-20T22:00:00.000Z' });
    expect(r.json.errors.date).toBe('Moves start between 06:00 and 21:00');
    r = await bad({ ...complete, date: '2026-01-15T08:30:00.000Z' });
    expect(r.json.errors.date).toBe('Moving date is too soon: choose a later time');
    r = await bad({ ...complete, vanSize: { $ne: 1 } });
    expect(r.status).toBe(400);
    r = await bad({ ...complete, name: { $gt: '' } });
    expect(r.status).toBe(400);
    expect(r.json.errors.name).toMatch(/name must be a string/);
    r = await bad([complete]);
    expect(r.status).toBe(400);
  });
});

describe('geo endpoints', () => {
  it('autocompletes, geocodes and checks coverage', async () => {
    const a = await get(`${svc.url}/api/geo/autocomplete?q=nw2`);
    expect(a.json.predictions[0]).toMatchObject({ label: 'London NW2, UK', kind: 'postcode', outcode: 'NW2' });
    const g = await get(`${svc.url}/api/geo/geocode?address=${encodeURIComponent('Wembley, UK')}`);
    expect(g.json).toMatchObject({
      status: 'OK',
      results: [{ formatted_address: 'Wembley, UK', geometry: { location: { lat: 51.5566, lng: -0.30579 } } }],
    });
    expect((await get(`${svc.url}/api/geo/geocode?address=Paris`)).json).toEqual({
      status: 'ZERO_RESULTS',
      results: [],
    });
    const c = await get(`${svc.url}/api/geo/coverage?address=${encodeURIComponent('London NW2, UK')}`);
    expect(c.json).toEqual({ withinRadius: true, miles: 0, radiusMiles: 30 });
    const far = await get(`${svc.url}/api/geo/coverage?lat=53.48&lng=-2.24`);
    expect(far.json.withinRadius).toBe(false);
  });
  it('reads names of Object.prototype members as unknown places, not server errors', async () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '1 Constructor Street']) {
      const q = encodeURIComponent(word);
      expect((await get(`${svc.url}/api/geo/geocode?address=${q}`)).json, word).toEqual({
        status: 'ZERO_RESULTS',
        results: [],
      });
      const a = await get(`${svc.url}/api/geo/autocomplete?q=${q}`);
      expect(a.status, word).toBe(200);
      expect((await get(`${svc.url}/api/geo/coverage?address=${q}`)).status, word).toBe(400);
      const r = await post(`${svc.url}/api/booking`, {
        ...complete,
        addresses: [address('London NW2, UK', 1), address(word, 1)],
      });
      expect(r.json.errors?.['addresses[1].location'], word).toBe(MSG.home.selectFromList);
      for (const field of ['vanSize', 'driverHelp']) {
        const v = await post(`${svc.url}/api/booking`, { ...complete, [field]: word });
        expect(v.status, `${field}=${word}`).toBe(400);
      }
    }
  });
  it('refuses object-shaped and malformed query values', async () => {
    expect((await get(`${svc.url}/api/geo/autocomplete?q[$gt]=`)).status).toBe(400);
    expect((await get(`${svc.url}/api/geo/geocode`)).status).toBe(400);
    expect((await get(`${svc.url}/api/geo/coverage?lat=abc&lng=0`)).json.errors.lat).toMatch(/lat must be a number/);
    const errorsOf = async (path: string) => {
      const r = await get(`${svc.url}${path}`);
      return [r.status, Object.keys(r.json.errors ?? {})];
    };
    expect(await errorsOf('/api/geo/autocomplete?q=nw2&q=nw3')).toEqual([400, ['q']]);
    expect(await errorsOf(`/api/geo/geocode?address=${'a'.repeat(301)}`)).toEqual([400, ['address']]);
    expect(await errorsOf('/api/geo/coverage?lat=51.5&lng=181')).toEqual([400, ['lng']]);
    expect(await errorsOf('/api/geo/coverage')).toEqual([400, ['lat', 'lng']]);
    // An address makes the point optional.
    expect((await get(`${svc.url}/api/geo/coverage?address=${encodeURIComponent('London NW2, UK')}`)).status).toBe(200);
  });
});

describe('POST /internal/quotes/price', () => {
  it('prices for the chosen driver and returns their contact snapshot', async () => {
    const { status, json } = await post(`${svc.url}/internal/quotes/price`, {
      ...complete,
      driverId: 'drv-ali-hassan',
      totalPrice: 1,
    });
    expect(status).toBe(200);
    expect(json.quote).toMatchObject({ driverId: 'drv-ali-hassan', totalPrice: 180, name: 'Jane Doe' });
    expect(json.driver).toEqual({
      id: 'drv-ali-hassan',
      name: 'Ali Hassan',
      email: 'ali.hassan@drivers.vanhop.example',
      phone: '07700900101',
    });
    expect(json).toMatchObject({ totalPricePence: 18000, pricePerHalfHourPence: 3000 });
  });
  it('uses the cheapest offer without a driver, and refuses a driver who does not offer the move', async () => {
    // The cheapest in all the customer pays (Dave's lower price carries £12.50 ULEZ on the day).
    expect((await post(`${svc.url}/internal/quotes/price`, complete)).json.quote.driverId).toBe('drv-marta-nowak');
    const r = await post(`${svc.url}/internal/quotes/price`, { ...complete, driverId: 'drv-sofia-rossi' });
    expect(r.status).toBe(409);
  });
  it('answers the card that priced it; a booking re-priced with its booked card is priced on that card, for its driver only', async () => {
    const first = await post(`${svc.url}/internal/quotes/price`, { ...complete, driverId: 'drv-ali-hassan' });
    const card = first.json.card;
    expect(card.vanPerHourPence.Large).toBeGreaterThan(0);
    const cheaper = { ...card, vanPerHourPence: { ...card.vanPerHourPence, Large: card.vanPerHourPence.Large - 1000 } };
    const again = await post(`${svc.url}/internal/quotes/price`, {
      ...complete,
      driverId: 'drv-ali-hassan',
      bookingId: 'booking-1',
      bookedCard: cheaper,
    });
    expect(again.status).toBe(200);
    expect(again.json.totalPricePence).toBe(first.json.totalPricePence - 1000 * complete.hour);
    // Without the booking's id a card is not taken: a customer's quote is always at today's rates.
    const plain = await post(`${svc.url}/internal/quotes/price`, {
      ...complete,
      driverId: 'drv-ali-hassan',
      bookedCard: cheaper,
    });
    expect(plain.json.totalPricePence).toBe(first.json.totalPricePence);
  });
  it('refuses a malformed booking id or booked card naming the field', async () => {
    const badId = await post(`${svc.url}/internal/quotes/price`, {
      ...complete,
      driverId: 'drv-ali-hassan',
      bookingId: 'no spaces allowed',
    });
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.json.errors)).toEqual(['bookingId']);
    const badCard = await post(`${svc.url}/internal/quotes/price`, {
      ...complete,
      driverId: 'drv-ali-hassan',
      bookingId: 'booking-1',
      bookedCard: { vanPerHourPence: 'lots' },
    });
    expect(badCard.status).toBe(400);
    expect(Object.keys(badCard.json.errors).some((k) => k.startsWith('bookedCard.vanPerHourPence'))).toBe(true);
  });
  it('needs the complete booking', async () => {
    const r = await post(`${svc.url}/internal/quotes/price`, { ...complete, name: undefined, hour: '' });
    expect(r.status).toBe(400);
    expect(r.json.errors).toMatchObject({ name: MSG.booking.nameRequired, hour: MSG.booking.hourRequired });
  });
});

describe('quote config', () => {
  it('names a GEO_DATA_DIR without the table and a Google base URL that is not one', async () => {
    const { quoteService } = await import('../src/service.js');
    expect(() => quoteService.loadConfig({ GEO_DATA_DIR: '/nonexistent' })).toThrow(/GEO_DATA_DIR/);
    expect(() => quoteService.loadConfig({ GOOGLE_MAPS_BASE_URL: 'not a url' })).toThrow(/GOOGLE_MAPS_BASE_URL/);
  });
});

describe('GET /internal/drivers/:id/contact', () => {
  it("answers a driver's name and e-mail for services that mail drivers, 404 for an unknown id, 400 for a malformed one", async () => {
    const ok = await get(`${svc.url}/internal/drivers/drv-ali-hassan/contact`);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({
      id: 'drv-ali-hassan',
      name: 'Ali Hassan',
      email: 'ali.hassan@drivers.vanhop.example',
      active: true,
    });
    expect((await get(`${svc.url}/internal/drivers/drv-nobody/contact`)).status).toBe(404);
    expect((await get(`${svc.url}/internal/drivers/${encodeURIComponent('$gt')}/contact`)).status).toBe(400);
  });
});
