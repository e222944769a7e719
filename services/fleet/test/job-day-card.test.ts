import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_CALL_MSG,
  JOB_PROOF_MSG,
  JOB_PROOF_PHOTO_MAX_CHARS,
  TOPICS,
  type JobProgressed,
  type JobProofView,
} from '@vanhop/contracts';
import { fleetService } from '../src/service.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import {
  doneWithProof,
  FAKE_JPEG_DATA_URL,
  GIF_DATA_URL,
  JPEG_DATA_URL,
  PNG_DATA_URL,
} from '../../../test/support/job-proof.js';
import { CUSTOMER_PHONE, DRIVER_PHONE, MovableClock, startJobDayQuote, type JobDayQuote } from './job-day-support.js';

/**
 * The quote service's part: the masked call (stand-in and a local provider through
 * the real adapter) and the proof of delivery given with "done", over the embedded store.
 */
describe('the job card on the day (quote: /call, "done" with photos and signature, the staff proof route)', () => {
  const clock = new MovableClock('2026-01-15T08:00:00.000Z');
  let day: JobDayQuote;
  const ali = () => driverAuth('drv-ali-hassan', { clock });
  const priya = () => driverAuth('drv-priya-shah', { clock });

  // The stand-in telephony provider: records what it is asked, answers what the test says.
  const asked: { headers: http.IncomingHttpHeaders; body: any }[] = [];
  let providerStatus = 200;
  let provider: http.Server;
  let providerUrl = '';

  const start = (extra: Record<string, string> = {}) => day.start(extra);
  const call = <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) =>
    day.call<T>(method, p, headers, body);
  const ring = (id: string, who = ali()) => call('POST', `/api/driver/me/jobs/${id}/call`, who);
  const progress = (id: string, body: unknown, who = ali()) =>
    call('POST', `/api/driver/me/jobs/${id}/progress`, who, body);

  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        asked.push({ headers: req.headers, body: JSON.parse(body) });
        res
          .writeHead(providerStatus, { 'content-type': 'application/json' })
          .end(providerStatus === 200 ? '{"proxyNumber":"+44 20 3000 0001"}' : '{"error":"busy"}');
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sessions`;
    day = await startJobDayQuote({ name: 'job-card', clock, topics: [TOPICS.jobProgressed] });
    await start();
    // Saturday 17 January 10:00 (GMT), one cancelled and one postponed the same day (later: a driver's
    // time is one booking's; a second one at the same time would go to the office).
    await day.confirm('bk-1', '2026-01-17T10:00:00.000Z');
    await day.confirm('bk-2', '2026-01-17T13:00:00.000Z');
    await day.confirm('bk-3', '2026-01-17T16:00:00.000Z');
    await day.jobsCol().updateOne({ _id: 'bk-2' }, { $set: { bookingState: 'cancelled', refundPence: 0 } });
    await day.jobsCol().updateOne({ _id: 'bk-3' }, { $set: { bookingState: 'postponed' } });
  });
  afterAll(async () => {
    await day?.stop();
    await new Promise<void>((r) => provider.close(() => r()));
  });

  it('a missing telephony key is named at start-up', () => {
    expect(() =>
      fleetService.loadConfig({ ...TEST_JWT_ENV, DATA_DIR: day.dataDir, TELEPHONY_PROVIDER_URL: providerUrl }),
    ).toThrow(/TELEPHONY_API_KEY/);
    expect(() => fleetService.loadConfig({ ...TEST_JWT_ENV, DATA_DIR: day.dataDir, TELEPHONY_API_KEY: 'k' })).toThrow(
      /TELEPHONY_PROVIDER_URL/,
    );
    expect(() =>
      fleetService.loadConfig({
        ...TEST_JWT_ENV,
        DATA_DIR: day.dataDir,
        TELEPHONY_PROVIDER_URL: 'not a url',
        TELEPHONY_API_KEY: 'k',
      }),
    ).toThrow(/TELEPHONY_PROVIDER_URL/);
  });

  it("without a provider: the labelled stand-in, on the job's day and the day before only, for its own driver, not on a move that is off", async () => {
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
    await day.svc.stop();
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
    expect(asked[0]!.body).toEqual({
      reference: 'bk-1',
      participants: [DRIVER_PHONE, CUSTOMER_PHONE],
      expiresAt: '2026-01-18T00:00:00.000Z',
    });
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
    await refused(
      { ...good, photos: [JPEG_DATA_URL, JPEG_DATA_URL, JPEG_DATA_URL, JPEG_DATA_URL] },
      'photos',
      JOB_PROOF_MSG.tooManyPhotos,
    );
    await refused({ ...good, photos: [GIF_DATA_URL] }, 'photos[0]', JOB_PROOF_MSG.photoType);
    await refused({ ...good, photos: [PNG_DATA_URL, FAKE_JPEG_DATA_URL] }, 'photos[1]', JOB_PROOF_MSG.photoContent);
    await refused(
      { ...good, photos: [JPEG_DATA_URL + 'A'.repeat(JOB_PROOF_PHOTO_MAX_CHARS)] },
      'photos[0]',
      JOB_PROOF_MSG.photoTooBig,
    );
    await refused({ ...good, signature: undefined }, 'signature', JOB_PROOF_MSG.signatureRequired);
    await refused({ ...good, signature: JPEG_DATA_URL }, 'signature', JOB_PROOF_MSG.signatureFormat);
    await refused({ ...good, signedBy: '  ' }, 'signedBy', JOB_PROOF_MSG.signedByRequired);
    expect((await progress('bk-1', good, priya())).status).toBe(404);
    // Nothing refused was kept for staff, and the job is not done.
    expect((await call('GET', '/api/drivers/admin/jobs/bk-1/proof', staffAuth('Sam_Admin', { clock }))).status).toBe(
      404,
    );

    const done = await progress('bk-1', good);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({
      progress: 'done',
      signedFor: { name: 'Ada Lovelace', at: '2026-01-17T09:00:00.000Z' },
    });
    expect(done.text.length).toBeLessThan(5_000);
    await day.svc.bus.idle();
    await expect
      .poll(() => day.published[TOPICS.jobProgressed]!.filter((e) => (e.data as JobProgressed).step === 'done').length)
      .toBe(1);
    expect(
      day.published[TOPICS.jobProgressed]!.find((e) => (e.data as JobProgressed).step === 'done')!.data,
    ).toMatchObject({ signedFor: { name: 'Ada Lovelace', at: '2026-01-17T09:00:00.000Z' } });

    expect((await call('GET', '/api/drivers/admin/jobs/bk-1/proof', ali())).status).toBe(401);
    const proof = await call<JobProofView>(
      'GET',
      '/api/drivers/admin/jobs/bk-1/proof',
      staffAuth('Sam_Admin', { clock }),
    );
    expect(proof.status).toBe(200);
    expect(proof.body).toEqual({
      bookingId: 'bk-1',
      driverId: 'drv-ali-hassan',
      signedFor: { name: 'Ada Lovelace', at: '2026-01-17T09:00:00.000Z' },
      photos: good.photos,
      signature: good.signature,
    });
    // The jobs list stays light: the photos live beside the job, not in it.
    const jobs = await call('GET', '/api/driver/me/jobs', ali());
    expect(jobs.text).not.toContain(good.signature);
  });
});
