import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationLabel, type BookingQuoteResponse, type JobEstimate } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { DEMO_DRIVERS } from '../../services/fleet/src/domain/demo-drivers.js';
import { address, completeBooking } from '../support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';

/**
 * The honest quote, through the gateway of the embedded product: the Manchester move
 * (NW2 → Croydon → Manchester, Large van, 2 hours) is refused naming `hour` and the hours that
 * cover the drive; with the suggested hours every offer carries the estimate (drive + loading =
 * suggested hours) and overtime is the driver's own rate, not the total spread over the hours.
 */
const NOW = '2026-01-15T08:00:00.000Z';
const MOVE_DATE = '2026-01-20T09:00:00.000Z';
const manchester = (hour: number, extra: Record<string, unknown> = {}) => ({
  ...completeBooking(MOVE_DATE, {
    addresses: [
      address('p', 'London NW2, UK', '12 Example Road', 0),
      address('v', 'Croydon, UK', '3 Via Street', 0),
      address('d', 'Manchester, UK', '9 Far Road', 0),
    ],
    vanSize: 'Large',
    driverHelp: 'Driver-Help',
    hour,
  }),
  ...extra,
});

let embedded: EmbeddedOnTempDir;
beforeAll(async () => {
  embedded = await startEmbeddedOnTempDir({}, { clock: fixedClock(NOW) });
});
afterAll(async () => {
  await embedded?.stop();
});

const post = async (body: unknown) => {
  const res = await fetch(`${embedded.product.url}/api/booking`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

describe('the honest quote through the gateway', () => {
  let estimate: JobEstimate;

  it('refuses 2 hours for the Manchester move with a field error on `hour` naming the hours that cover the drive', async () => {
    const { status, json } = await post(manchester(2));
    expect(status).toBe(400);
    estimate = json.estimate;
    // The offline router's drive: a long one (the "241.1 miles, about 6 h 10 min").
    expect(estimate.driveSeconds).toBeGreaterThan(5 * 3600);
    expect(estimate.loadingSeconds).toBe(5400); // the Large van's own 1 h 30 min, no stairs, no item list
    expect(estimate.hoursCoveringDrive * 3600).toBeGreaterThanOrEqual(estimate.driveSeconds);
    expect(estimate.suggestedHours * 3600).toBeGreaterThanOrEqual(estimate.driveSeconds + estimate.loadingSeconds);
    expect(estimate.suggestedHours * 3600 - (estimate.driveSeconds + estimate.loadingSeconds)).toBeLessThan(1800);
    expect(json.errors.hour).toBe(json.message);
    expect(json.errors.hour).toContain(`Book at least ${durationLabel(estimate.hoursCoveringDrive * 3600)}`);
    expect(json.errors.hour).toContain(`we suggest ${durationLabel(estimate.suggestedHours * 3600)}`);
  });

  it("prices the suggested hours with the estimate beside every offer and overtime at half the driver's hourly rate", async () => {
    const { status, json } = await post(manchester(estimate.suggestedHours));
    expect(status).toBe(200);
    const body = json as BookingQuoteResponse;
    expect(body.quote.totalHour).toBe(estimate.suggestedHours);
    expect(body.quote.totalSecond).toBeGreaterThanOrEqual(body.quote.travelHour + (body.quote.loadingSeconds ?? 0));
    expect(body.quote.estimate).toEqual(estimate);
    expect(body.offers.length).toBeGreaterThan(0);
    for (const offer of body.offers) {
      expect(offer.estimate).toEqual(estimate);
      const card = DEMO_DRIVERS.find((d) => d._id === offer.driverId)!.card;
      const perHour = card.vanPerHourPence.Large + card.helpersPerHourPence['Driver-Help'];
      expect(offer.overtimePerHalfHour).toBe(Math.round(perHour / 2) / 100);
      // The old all-in figure put the mileage and the via stop into every half hour.
      expect(offer.overtimePerHalfHour).toBeLessThan((1800 * offer.totalPrice) / body.quote.totalSecond);
    }
  });

  it('the save and checkout routes refuse hours that cannot cover the drive too, naming `hour`', async () => {
    // A draft (no hours chosen yet) is priced at the 2-hour minimum: that quote, sent on as it is.
    const { hour: _none, ...draft } = manchester(2);
    const priced = await post(draft);
    expect(priced.status, JSON.stringify(priced.json)).toBe(200);
    const short = (priced.json as BookingQuoteResponse).quote;
    expect(short.totalHour).toBe(2);
    for (const [path, body] of [
      ['/api/saveRetrieve', { quote: short }],
      ['/api/paymentbooking', { ...short, percentage: 30 }],
    ] as const) {
      const res = await fetch(`${embedded.product.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { errors?: Record<string, string> };
      expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.errors?.hour, path).toContain(`Book at least ${durationLabel(estimate.hoursCoveringDrive * 3600)}`);
    }
  });

  it('suggests the van and the hours from an item list, and keeps the list on the quote', async () => {
    const items = [
      { id: 'double-bed', count: 1 },
      { id: 'wardrobe', count: 2 },
      { id: 'boxes', count: 30 },
      { id: 'other', count: 1, name: 'Piano stool' },
    ];
    const { status, json } = await post(manchester(estimate.suggestedHours + 1, { items }));
    expect(status).toBe(200);
    expect(json.quote.items).toEqual(items);
    // 1.5 + 3.0 + 2.1 + 0.3 = 6.9 m³: a Large van; 6.9 × 12 min = 82.8 min, up to 85
    expect(json.quote.estimate).toMatchObject({
      volumeM3: 6.9,
      suggestedVan: 'Large',
      fitsOneVan: true,
      loadingSeconds: 5100,
    });
    expect(json.offers[0].estimate).toEqual(json.quote.estimate);
  });

  it('refuses an item list the shared schema does not take, naming the field', async () => {
    const { status, json } = await post(manchester(estimate.suggestedHours, { items: [{ id: 'boxes', count: 500 }] }));
    expect(status).toBe(400);
    expect(Object.keys(json.errors)).toContain('items[0].count');
  });
});
