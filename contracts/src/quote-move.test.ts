import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { moveDifference, moveFingerprint, shownTotalPence, staleQuoteProblem } from './quote-move.js';

const quote = {
  name: 'Alice Mover',
  email: 'alice@example.com',
  phone: '07700900123',
  description: 'Sofa',
  date: '2026-03-14T09:30:00.000Z',
  totalAddress: [
    { id: 'a', location: 'London NW2, UK', physicalAddress: '1 Road', stair: 1 },
    { id: 'b', location: 'London SE1, UK', physicalAddress: '2 Road', stair: 0 },
  ],
  places: ['London NW2, UK', 'London SE1, UK'],
  pickupStair: 1,
  deliveryStair: 0,
  viaStopStair: [],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 2,
  totalSecond: 7200,
  totalPrice: 86,
  travelHour: 900,
  travelMiles: 7.1,
  driverId: 'drv-1',
};

describe('move facts of a quote', () => {
  it('the same move written another way is the same move (the booking data, ids, spacing, date and number spellings)', () => {
    const asBookingData = {
      addresses: [
        { id: 'x', location: 'London NW2, UK ', physicalAddress: '1 Road', stair: '1' },
        { id: 'y', location: 'London SE1, UK', physicalAddress: ' 2 Road', stair: 0 },
      ],
      vanSize: 'Large',
      driverHelp: 'Driver-Help',
      hour: '2',
      date: '2026-03-14T09:30Z',
      description: 'Sofa ',
      name: 'Alice Mover',
      email: 'alice@example.com',
      phone: '07700900123',
    };
    const { places: _p, pickupStair: _a, deliveryStair: _b, viaStopStair: _v, driverId: _d, ...rest } = quote;
    expect(moveFingerprint(asBookingData)).toBe(moveFingerprint(rest));
    expect(moveDifference(asBookingData, quote)).toBeNull();
    // money and route figures are not the move
    expect(moveDifference({ ...quote, totalPrice: 1, totalSecond: 1, travelMiles: 0 }, quote)).toBeNull();
  });

  it('names the first fact that differs: van, hours, a via stop, its place, stairs, date, description, contact, driver', () => {
    const via = { id: 'v', location: 'Croydon, UK', physicalAddress: '', stair: '' };
    expect(moveDifference({ ...quote, typeofVan: 'Luton' }, quote)).toBe('van');
    expect(moveDifference({ ...quote, totalHour: 5 }, quote)).toBe('hours');
    expect(moveDifference({ ...quote, totalAddress: [quote.totalAddress[0], via, quote.totalAddress[1]] }, quote)).toBe(
      'addresses',
    );
    expect(moveDifference({ ...quote, places: ['London NW2, UK', 'Croydon, UK', 'London SE1, UK'] }, quote)).toBe(
      'places',
    );
    expect(moveDifference({ ...quote, deliveryStair: 2 }, quote)).toBe('deliveryStair');
    expect(moveDifference({ ...quote, date: '2026-03-15T09:30:00.000Z' }, quote)).toBe('date');
    expect(moveDifference({ ...quote, description: 'Piano' }, quote)).toBe('description');
    expect(moveDifference({ ...quote, email: 'other@example.com' }, quote)).toBe('email');
    expect(moveDifference({ ...quote, driverId: 'drv-2' }, quote)).toBe('driver');
    // a fact one side does not state is not compared
    expect(moveDifference({ totalAddress: quote.totalAddress }, quote)).toBeNull();
  });

  it('a via stop without stairs is the same whether written "" or left out', () => {
    const viaBlank = { id: 'v', location: 'Croydon, UK', physicalAddress: '', stair: '' };
    const { stair: _s, ...viaMissing } = viaBlank;
    const a = { ...quote, totalAddress: [quote.totalAddress[0], viaBlank, quote.totalAddress[1]] };
    const b = { ...quote, totalAddress: [quote.totalAddress[0], viaMissing, quote.totalAddress[1]] };
    expect(moveDifference(a, b)).toBeNull();
  });
});

describe('staleQuoteProblem', () => {
  const server = { quote, totalPricePence: 8600 };

  it('accepts the move at the price shown, compared in pence', () => {
    expect(staleQuoteProblem(quote, server)).toBeNull();
    expect(staleQuoteProblem({ ...quote, totalPrice: '86.00' }, server)).toBeNull();
  });

  it('refuses another price, or another move', () => {
    expect(staleQuoteProblem({ ...quote, totalPrice: 85.99 }, server)).toBe(MSG.quote.priceChanged);
    expect(staleQuoteProblem({ ...quote, totalPrice: 'eighty' }, server)).toBe(MSG.quote.priceChanged);
    expect(staleQuoteProblem({ ...quote, typeofVan: 'Luton' }, server)).toBe(MSG.quote.moveChanged);
  });

  it('leaves a quote that shows no price to the server price', () => {
    const { totalPrice: _t, ...legacy } = quote;
    expect(shownTotalPence(legacy)).toBeNull();
    expect(shownTotalPence({ ...quote, totalPrice: null })).toBeNull();
    expect(staleQuoteProblem({ ...legacy, typeofVan: 'Luton' }, server)).toBeNull();
  });
});
