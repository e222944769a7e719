import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CALL_MSG, JOB_PROOF_MSG, JOB_PROOF_PHOTO_MAX_CHARS, TOPICS, type BookingConfirmed, type EventEnvelope, type JobProgressed, type JobProofView } from '@vanhop/contracts';
import { createEvent, createLogger, MemoryEventBus, startService, type Clock, type RunningService } from '@vanhop/platform';
import { quoteService } from '../src/service.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { doneWithProof, FAKE_JPEG_DATA_URL, GIF_DATA_URL, JPEG_DATA_URL, PNG_DATA_URL } from '../../../test/support/job-proof.js';

class MovableClock implements Clock {
  t = Date.parse('2026-01-15T08:00:00.000Z');
  now = () => new Date(this.t);
  set = (iso: string) => void (this.t = Date.parse(iso));
}

const CUSTOMER_PHONE = '07700900123';
const DRIVER_PHONE = '07700900101';

/**
 * Issue 28 item 6, the quote service's part: the masked call (stand-in and a local provider through
 * the real adapter) and the proof of delivery given with "done", over the embedded store.
 */
describe('the job card on the day (quote: /call, "done" with photos and signature, the staff proof route)', () => {
  const clock = new MovableClock();
  let dataDir = '';
  let svc: RunningService & { bus: MemoryEventBus };
  const published: EventEnvelope[] = [];
  const ali = () => driverAuth('drv-ali-hassan', { clock });
  const priya = () => driverAuth('drv-priya-shah', { clock });

  // The stand-in telephony provider: records what it is asked, answers what the test says.
  const asked: { headers: http.IncomingHttpHeaders; body: any }[] = [];
  let providerStatus = 200;
  let provider: http.Server;
  let providerUrl = '';

  const start = async (extra: Record<string, string> = {}) => {
    const bus = new MemoryEventBus(createLogger('bus', 'silent'));
    await bus.subscribe('test', TOPICS.jobProgressed, async (e) => void published.push(e));
    const config = quoteService.loadConfig({ ...TEST_JWT_ENV, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DRIVERS: 'true', ...extra });
    svc = Object.assign(await startService(quoteService, config, { bus, clock }), { bus });
  };
  const call = async <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, text, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const ring = (id: string, who = ali()) => call('POST', `/api/driver/me/jobs/${id}/call`, who);
  const progress = (id: string, body: unknown, who = ali()) => call('POST', `/api/driver/me/jobs/${id}/progress`, who, body);
  const jobsCol = () => svc.infra.store.collection<{ _id: string }>('driver_jobs');
  const confirm = async (bookingId: string, date: string) => {
    const data: BookingConfirmed = {
      bookingId, randomNumber: 3000 + Number(bookingId.replace(/\D/g, '')), paymentStatus: '30percentage', amountPaidPence: 3000, outstandingBalancePence: 7000, totalPricePence: 10000,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: CUSTOMER_PHONE },
      driver: { id: 'drv-ali-hassan', name: 'Ali Hassan', email: 'ali@example.com', phone: DRIVER_PHONE },
      move: { date, addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 1 }], typeofVan: 'Large', typeOfWorker: 'Driver-Help', totalHour: 3, description: 'Sofa' },
      myMovePath: `/mymove/tok-${bookingId}`,
    };
    await svc.bus.publish(TOPICS.bookingConfirmed, await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }));
    await svc.bus.idle();
    expect((await call('POST', `/api/driver/me/jobs/${bookingId}/accept`, ali())).status).toBe(200);
  };

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        asked.push({ headers: req.headers, body: JSON.parse(body) });
        res.writeHead(providerStatus, { 'content-type': 'application/json' }).end(providerStatus === 200 ? '{"proxyNumber":"+44 20 3000 0001"}' : '{"error":"busy"}');
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sessions`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-job-card-'));
    await start();
    // Saturday 17 January 10:00 (GMT), one cancelled and one postponed the same day.
    await confirm('bk-1', '2026-01-17T10:00:00.000Z');
    await confirm('bk-2', '2026-01-17T12:00:00.000Z');
    await confirm('bk-3', '2026-01-17T14:00:00.000Z');
    await jobsCol().updateOne({ _id: 'bk-2' }, { $set: { bookingState: 'cancelled', refundPence: 0 } });
    await jobsCol().updateOne({ _id: 'bk-3' }, { $set: { bookingState: 'postponed' } });
  });
  afterAll(async () => {
    await svc?.stop();
    await new Promise<void>((r) => provider.close(() => r()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a missing telephony key is named at start-up', () => {
    expect(() => quoteService.loadConfig({ ...TEST_JWT_ENV, DATA_DIR: dataDir, TELEPHONY_PROVIDER_URL: providerUrl })).toThrow(/TELEPHONY_API_KEY/);
    expect(() => quoteService.loadConfig({ ...TEST_JWT_ENV, DATA_DIR: dataDir, TELEPHONY_API_KEY: 'k' })).toThrow(/TELEPHONY_PROVIDER_URL/);
    expect(() => quoteService.loadConfig({ ...TEST_JWT_ENV, DATA_DIR: dataDir, TELEPHONY_PROVIDER_URL: 'not a url', TELEPHONY_API_KEY: 'k' })).toThrow(/TELEPHONY_PROVIDER_URL/);
  });

  it('without a provider: the labelled stand-in, on the job\'s day and the day before only, for its own driver, not on a move that is off', async () => {
    clock.set('2026-01-15T23:59:00.000Z');
    expect(await ring('bk-1')).toMatchObject({ status: 409, body: { message: JOB_CALL_MSG.notOpen } });
    clock.set('2026-01-16T00:00:00.000Z');
    const standIn = await ring('bk-1');
    expect(standIn.status).toBe(200);
    expect(standIn.body).toEqual({ connected: false, message: JOB_CALL_MSG.standIn });
    expect(standIn.body.message).toMatch(/^Calls are not connected in this installation: /);
    expect(standIn.text).not.toMatch(/0770090/);
    expect((await ring('bk-1', priya())).status).toBe(404);
    expect((await call('POST', '/api/driver/me/jobs/bk-1/call')).status).toBe(401);
    expect(await ring('bk-2')).toMatchObject({ status: 409, body: { message: JOB_CALL_MSG.cancelled } });
    expect(await ring('bk-3')).toMatchObject({ status: 409, body: { message: JOB_CALL_MSG.postponed } });
    clock.set('2026-01-18T00:00:00.000Z');
    expect((await ring('bk-1')).status).toBe(409);
    expect(asked).toEqual([]);
  });

  it('with a provider: a masked session between both phones, answered with the proxy number only', async () => {
    await svc.stop();
    await start({ TELEPHONY_PROVIDER_URL: providerUrl, TELEPHONY_API_KEY: 'tel-key-1' });
    clock.set('2026-01-17T09:00:00.000Z');
    const masked = await ring('bk-1');
    expect(masked.status).toBe(200);
    expect(masked.body).toEqual({ connected: true, dial: '+44 20 3000 0001', expiresAt: '2026-01-18T00:00:00.000Z' });
    expect(masked.text).not.toMatch(/0770090/);
    // Nor does the job card carry the customer's number any more: the Call button is the way to ring.
    const card = await call('GET', '/api/driver/me/jobs', ali());
    expect(card.text).not.toMatch(/0770090/);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.authorization).toBe('Bearer tel-key-1');
    expect(asked[0]!.body).toEqual({ reference: 'bk-1', participants: [DRIVER_PHONE, CUSTOMER_PHONE], expiresAt: '2026-01-18T00:00:00.000Z' });
    // Refusals never reach the provider.
    expect((await ring('bk-1', priya())).status).toBe(404);
    expect((await ring('bk-2')).status).toBe(409);
    expect(asked).toHaveLength(1);
    providerStatus = 503;
    expect(await ring('bk-1')).toMatchObject({ status: 502, body: { message: JOB_CALL_MSG.providerDown } });
    providerStatus = 200;
  });

  it('"done" needs photos of the load and a signature, checked by type, size and bytes; then staff can read them', async () => {
    clock.set('2026-01-17T09:00:00.000Z');
    expect((await progress('bk-1', { step: 'on-my-way' })).status).toBe(200);
    expect((await progress('bk-1', { step: 'arrived' })).status).toBe(200);
    const good = doneWithProof();
    const refused = async (body: unknown, field: string, message: string) => {
      const res = await progress('bk-1', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    };
    await refused({ step: 'done' }, 'photos', JOB_PROOF_MSG.photosRequired);
    await refused({ ...good, photos: [] }, 'photos', JOB_PROOF_MSG.photosRequired);
    await refused({ ...good, photos: [JPEG_DATA_URL, JPEG_DATA_URL, JPEG_DATA_URL, JPEG_DATA_URL] }, 'photos', JOB_PROOF_MSG.tooManyPhotos);
    await refused({ ...good, photos: [GIF_DATA_URL] }, 'photos[0]', JOB_PROOF_MSG.photoType);
    await refused({ ...good, photos: [PNG_DATA_URL, FAKE_JPEG_DATA_URL] }, 'photos[1]', JOB_PROOF_MSG.photoContent);
    await refused({ ...good, photos: [JPEG_DATA_URL + 'A'.repeat(JOB_PROOF_PHOTO_MAX_CHARS)] }, 'photos[0]', JOB_PROOF_MSG.photoTooBig);
    await refused({ ...good, signature: undefined }, 'signature', JOB_PROOF_MSG.signatureRequired);
    await refused({ ...good, signature: JPEG_DATA_URL }, 'signature', JOB_PROOF_MSG.signatureFormat);
    await refused({ ...good, signedBy: '  ' }, 'signedBy', JOB_PROOF_MSG.signedByRequired);
    expect((await progress('bk-1', good, priya())).status).toBe(404);
    // Nothing refused was kept for staff, and the job is not done.
    expect((await call('GET', '/api/drivers/admin/jobs/bk-1/proof', staffAuth('Sam_Admin', { clock }))).status).toBe(404);

    const done = await progress('bk-1', good);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ progress: 'done', signedFor: { name: 'Ada Lovelace', at: '2026-01-17T09:00:00.000Z' } });
    expect(done.text.length).toBeLessThan(5_000);
    await svc.bus.idle();
    await expect.poll(() => published.filter((e) => (e.data as JobProgressed).step === 'done').length).toBe(1);
    expect(published.find((e) => (e.data as JobProgressed).step === 'done')!.data).toMatchObject({ signedFor: { name: 'Ada Lovelace', at: '2026-01-17T09:00:00.000Z' } });

    expect((await call('GET', '/api/drivers/admin/jobs/bk-1/proof', ali())).status).toBe(401);
    const proof = await call<JobProofView>('GET', '/api/drivers/admin/jobs/bk-1/proof', staffAuth('Sam_Admin', { clock }));
    expect(proof.status).toBe(200);
    expect(proof.body).toEqual({ bookingId: 'bk-1', driverId: 'drv-ali-hassan', signedFor: { name: 'Ada Lovelace', at: '2026-01-17T09:00:00.000Z' }, photos: good.photos, signature: good.signature });
    // The jobs list stays light: the photos live beside the job, not in it.
    const jobs = await call('GET', '/api/driver/me/jobs', ali());
    expect(jobs.text).not.toContain(good.signature);
  });
});
