import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverProfile } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';

const clock = fixedClock(NOW); // Thursday 15 January 2026
const ALI = 'drv-ali-hassan';
const PRIYA = 'drv-priya-shah';
const TOM = 'drv-tom-okafor';

/** The public driver profile a customer opens from an offer or My move. */
describe('GET /api/driver-profiles/:driverId', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const call = async <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const staff = () => staffAuth('Sam_Admin', { clock });

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' }, clock);
  });
  afterAll(() => svc?.cleanup());

  it('shows who the driver is and their vans, never their phone, e-mail, address or prices', async () => {
    const { status, body } = await call<DriverProfile>('GET', `/api/driver-profiles/${ALI}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      driverId: ALI,
      name: 'Ali Hassan',
      ulezCompliant: true,
      vetting: { insuranceChecked: false, licenceChecked: false },
    });
    expect(body.vanSizes.length).toBeGreaterThan(0);
    expect(body.area).toMatch(/[A-Z]{1,2}\d/);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@|07700|card|lat|lng|homeBase|documents|reference/);
  });

  it('says insurance or licence checked only while staff hold a current one', async () => {
    expect(
      (
        await call('PUT', `/api/drivers/admin/${ALI}/documents`, staff(), {
          insurance: { reference: 'POL-1', expiresOn: '2027-01-01' },
          licence: null,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/api/drivers/admin/${PRIYA}/documents`, staff(), {
          insurance: { reference: 'POL-2', expiresOn: '2026-01-14' },
          licence: { reference: 'LIC-2', expiresOn: '2026-01-15' },
        })
      ).status,
    ).toBe(200);
    expect((await call<DriverProfile>('GET', `/api/driver-profiles/${ALI}`)).body.vetting).toEqual({
      insuranceChecked: true,
      licenceChecked: false,
    });
    // Insurance expired yesterday; the licence is good through today.
    expect((await call<DriverProfile>('GET', `/api/driver-profiles/${PRIYA}`)).body.vetting).toEqual({
      insuranceChecked: false,
      licenceChecked: true,
    });
  });

  it('has no profile for an unknown or suspended driver, and refuses a bad id naming the field', async () => {
    expect((await call('GET', '/api/driver-profiles/drv-nobody')).status).toBe(404);
    expect(
      (await call('POST', `/api/drivers/admin/${TOM}/suspend`, staff(), { reason: 'Van off the road' })).status,
    ).toBe(200);
    expect((await call('GET', `/api/driver-profiles/${TOM}`)).status).toBe(404);
    const bad = await call('GET', `/api/driver-profiles/${encodeURIComponent('$where')}`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toContain('driverId');
  });
});
