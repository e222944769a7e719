import { describe, expect, it } from 'vitest';
import type { JobReassigned } from '@vanhop/contracts';
import { staffAuth, driverAuth } from '../../../test/support/staff.js';
import { address } from '../../../test/support/booking-fixtures.js';
import { searchKeysOf } from '../src/domain/search-keys.js';
import { MOVE_DATE, useLifecycleServices } from './lifecycle-support.js';

type Found = { results: { _id: string; driver: { name: string } | null }[]; truncated: boolean };

/** The staff search reads keys each write keeps on the record: a change of driver changes what finds it. */
describe('GET /api/backdata/search through the records’ search keys', () => {
  const { clock, api, stored, bookAndPay, jobReassigned, bookings, repository } = useLifecycleServices();
  const staff = () => staffAuth('Sam_Admin', { clock });
  const ids = async (q: string, headers = staff()) => {
    const res = await api<Found>('GET', `/api/backdata/search?q=${encodeURIComponent(q)}`, undefined, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((r) => r._id);
  };
  const addresses = [
    address('a-1', 'London SE15, UK', '41 Peckham Rye, SE15 4JR', 1),
    address('a-2', 'London W12, UK', '9 Wood Lane, W12 7TS', 0),
  ];

  it('finds a paid booking by its driver, then by the new driver (not the old one) after a reassignment; by postcode and district throughout', async () => {
    const b = await bookAndPay(30, MOVE_DATE, { name: 'Quentin Searchable', addresses });
    const first = (await stored(b.id)).driver!;
    expect(await ids(first.name)).toContain(b.id);
    expect(await ids('SE15')).toEqual([b.id]);
    expect(await ids('se154jr')).toEqual([b.id]);
    expect(await ids('w12 7ts')).toEqual([b.id]);
    expect(await ids('quentin')).toEqual([b.id]);

    const record = await stored(b.id);
    await jobReassigned({
      bookingId: b.id,
      randomNumber: b.code,
      driver: { id: 'drv-new-one', name: 'Ottoline Newdriver', email: 'ottoline@example.com', phone: '07700900321' },
      previousDriverId: first.id,
      customer: { name: record.quote.name, email: record.quote.email },
      move: {
        date: record.quote.date,
        addresses: addresses.map((a) => ({ location: a.location, physicalAddress: a.physicalAddress, stair: a.stair })),
        typeofVan: record.quote.typeofVan,
        typeOfWorker: record.quote.typeOfWorker,
        totalHour: record.quote.totalHour,
        description: '',
      },
      driverPricePence: b.totalPence,
      reassignedBy: 'Sam_Admin',
      at: clock.now().toISOString(),
    } as JobReassigned);

    expect((await stored(b.id)).driver?.name).toBe('Ottoline Newdriver');
    expect(await ids('ottoline newdriver')).toEqual([b.id]);
    expect(await ids('newdri')).toEqual([b.id]);
    expect(await ids(first.name)).not.toContain(b.id);
    // The customer's and the places' keys stay as they were.
    expect(await ids('SE15 4JR')).toEqual([b.id]);
    expect(await ids('W12')).toEqual([b.id]);
    expect(await ids('SE1')).toEqual([]);
  });

  it('needs a staff token: a driver or nobody is refused', async () => {
    const none = await api('GET', '/api/backdata/search?q=quentin', undefined, { headers: {} });
    expect(none.status).toBe(401);
    const driver = await api('GET', '/api/backdata/search?q=quentin', undefined, {
      headers: driverAuth('drv-1', { clock }),
    });
    expect(driver.status).toBe(401);
  });

  it('keys records saved before the keys existed, once each, a batch at a time', async () => {
    const b = await bookAndPay(30, MOVE_DATE, { name: 'Unkeyed Ursula', addresses });
    await bookings().updateOne({ _id: b.id }, { $unset: { searchKeys: '', driverKeys: '' } });
    expect(await ids('ursula')).toEqual([]);
    expect(await repository().keyUnkeyedRecords(1)).toBe(1);
    expect(await repository().keyUnkeyedRecords(1)).toBe(0);
    expect(await ids('ursula')).toEqual([b.id]);
    const doc = await stored(b.id);
    expect(doc.searchKeys).toEqual(searchKeysOf(doc).searchKeys);
  });
});
