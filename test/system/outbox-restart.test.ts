import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS } from '@vanhop/contracts';
import { createEvent, EmbeddedDocumentStore, outboxEntry, type OutboxEntry } from '@vanhop/platform';
import { eventually } from '../../services/platform/test/contracts/eventually.js';
import { unpaidBookingRecord } from '../support/booking-fixtures.js';
import { spawnEmbedded, type EmbeddedProcess } from '../support/embedded-process.js';

const mails = (dataDir: string) => {
  const dir = path.join(dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};
const recipients = (all: string[]) => all.map((m) => /^To: (.+)$/m.exec(m)?.[1]).sort();

/**
 * A crash can leave events in a booking's outbox. The next `npm start` must deliver each of them
 * exactly once, even though booking's relay starts before the notification service would have.
 */
describe('events left in an outbox by a crash, across npm start restarts', () => {
  let running: EmbeddedProcess | undefined;
  afterEach(async () => {
    await running?.stop('SIGKILL');
    running = undefined;
  });

  it('sends every leftover e-mail once, and a SIGKILL and second start send nothing twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-leftovers-'));
    const record = unpaidBookingRecord({ _id: 'bk-crash', randomNumber: 777001 });
    const customer = { name: record.quote.name, email: record.quote.email, phone: record.quote.phone };
    const saved = await createEvent(
      TOPICS.quoteSaved,
      {
        bookingId: record._id,
        randomNumber: record.randomNumber,
        customer,
        date: record.quote.date,
        totalPricePence: 28750,
        pricePerHalfHourPence: 4792,
        retrievePath: '/retrieve/777001',
      },
      { producer: 'booking', correlationId: record._id },
    );
    const confirmed = await createEvent(
      TOPICS.bookingConfirmed,
      {
        bookingId: record._id,
        randomNumber: record.randomNumber,
        paymentStatus: '30percentage',
        amountPaidPence: 8625,
        outstandingBalancePence: 20125,
        totalPricePence: 28750,
        customer,
        driver: record.driver!,
        move: {
          date: record.quote.date!,
          addresses: record.quote.totalAddress.map(({ location, physicalAddress, stair }) => ({
            location,
            physicalAddress,
            stair: stair ?? 0,
          })),
          typeofVan: record.quote.typeofVan,
          typeOfWorker: record.quote.typeOfWorker,
          totalHour: record.quote.totalHour,
          description: record.quote.description,
        },
      },
      { producer: 'booking', correlationId: record._id },
    );
    // What a crash right after the payment was applied leaves behind: the record with its pending events.
    const store = new EmbeddedDocumentStore(path.join(dataDir, 'booking'));
    await store.collection<typeof record & { outbox: OutboxEntry[] }>('bookings').insertOne({
      ...record,
      outbox: [
        outboxEntry(TOPICS.quoteSaved, saved, record._id),
        outboxEntry(TOPICS.bookingConfirmed, confirmed, record._id),
      ],
    });
    await store.close();

    running = await spawnEmbedded(dataDir);
    // QuoteSaved: the customer's retrieve-code mail; BookingConfirmed: the customer's and the driver's,
    // and through fleet's job the driver's accept-or-decline mail (JobOffered).
    const expected = [customer.email, customer.email, record.driver!.email, record.driver!.email].sort();
    await eventually(() => recipients(mails(dataDir)).length >= 4, 20_000);
    expect(recipients(mails(dataDir))).toEqual(expected);

    expect(await running.stop('SIGKILL')).toBeNull();
    running = await spawnEmbedded(dataDir);
    const health = await fetch(`${running.url}/api/dashboard/health`);
    expect(health.status).toBe(200);
    // Give a wrongly kept event every chance to go out again: a full relay safety-net period.
    await new Promise((r) => setTimeout(r, 6000));
    expect(recipients(mails(dataDir))).toEqual(expected);
    expect(await running.stop('SIGTERM')).toBe(0);
    running = undefined;

    const after = new EmbeddedDocumentStore(path.join(dataDir, 'booking'));
    expect(
      (await after.collection<{ _id: string; outbox?: OutboxEntry[] }>('bookings').findOne({ _id: 'bk-crash' }))
        ?.outbox,
    ).toEqual([]);
    await after.close();
  });
});
