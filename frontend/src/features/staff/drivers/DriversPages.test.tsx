import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRIVER_ACCOUNT_MSG, DRIVER_MSG, driverCreateSchema, NO_PORTAL_ACCOUNT_TEXT } from '@vanhop/contracts';
import AdminApp from '../admin/AdminApp';
import { TOKEN_KEY } from '../admin/session';
import { BOUNDS, CARD, account, driver, job } from '../../../testing/driver-fixtures';
import { bodyOf, errorOf, json, renderArea, type, where, isolateEachTest } from '../../../testing/area-harness';
import { fakeApi, type Handler } from '../../../testing/fakeApi';

const renderAt = (path: string) => renderArea('/admin/*', <AdminApp />, path);
// The per-driver reads (portal accounts, documents) name the drivers shown (`?ids=`): a route without
// the query answers them whatever they name.
const stub = (routes: Record<string, Handler>) => fakeApi(routes);

const ALICE = driver();
// Stored without a postcode, like the seeded demo drivers: the list names the base by its place.
const BOB = driver({
  id: 'drv-bob',
  name: 'Bob Van',
  email: 'bob@example.com',
  active: false,
  photoUrl: 'https://example.com/bob.jpg',
  reviewCount: 0,
  rating: 0,
  basePostcode: '',
  homeBase: { label: 'Cricklewood NW2', lat: 51.555, lng: -0.219 },
  serviceRadiusMiles: 35,
});

/** The calls an open driver page makes besides the driver itself. */
/** One page of the drivers list as the server answers it (the last page: no next). */
const driverPage = (items: unknown[], next: string | null = null) => ({ items, pageSize: 20, next });
const jobPage = (items: unknown[], next: string | null = null) => ({ items, pageSize: 20, next });

const driverPageRoutes = (id: string): Record<string, Handler> => ({
  [`GET /api/drivers/admin/${id}/audit`]: () =>
    json([
      {
        id: `${id}:v3`,
        at: '2026-01-10T10:00:00.000Z',
        by: 'jo_staff',
        driverId: id,
        action: 'updated',
        changes: {
          'card.vanPerHourPence.Small': { from: 2800, to: 3000 },
          phone: { from: '07700900000', to: '07700900123' },
        },
      },
      {
        id: `${id}:v2`,
        at: '2025-12-01T10:00:00.000Z',
        by: 'sam_staff',
        driverId: id,
        action: 'suspended',
        changes: { active: { from: true, to: false } },
        reason: 'Van off the road',
      },
    ]),
  'GET /api/driver-account/admin/accounts': () => json([account({ driverId: id, status: 'none' })]),
  // Only asked when staff ask to suspend: no upcoming jobs unless a test says otherwise.
  [`GET /api/drivers/admin/${id}/upcoming-jobs`]: () => json([]),
});

describe('staff Drivers pages', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'staff-tok' });

  it('lists every driver with their portal account status and the jobs back with the office', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/page': () => json(driverPage([ALICE, BOB])),
      'GET /api/driver-account/admin/accounts': () =>
        json([account({ status: 'active' }), account({ driverId: 'drv-bob', status: 'invited' })]),
      'GET /api/drivers/admin/jobs/page': () =>
        json(jobPage([job({ status: 'returned-to-staff', returnedBecause: 'declined', randomNumber: 777 })])),
      // Approved VanHop reviews count in, as beside the customer's offers: (4.8 × 12 + 5 × 12) / 24.
      // Asked for the drivers listed only, by id.
      [`GET /api/reviews/drivers?ids=${ALICE.id},${BOB.id}`]: () => json({ [ALICE.id]: { rating: 5, count: 12 } }),
    });
    renderAt('/admin/drivers');
    expect(screen.getByRole('link', { name: 'Drivers' })).toBeShown();
    await screen.findByText('2 drivers · 1 active · 1 suspended');
    const rows = await screen.findAllByTestId('driver-row');
    expect(rows).toHaveLength(2);
    const alice = within(rows[0]!);
    expect(alice.getByText('Alice Driver')).toBeShown();
    expect(alice.getByText('alice@example.com')).toBeShown();
    expect(alice.getByText('07700 900123')).toBeShown();
    expect(alice.getAllByRole('list')[0]!.textContent).toBe('LargeLuton');
    expect(alice.getByTitle('Driver-Help').textContent).toBe('HelpsDriver-Help');
    expect(alice.getByTitle('Driver-Plus-One').textContent).toBe('+1Driver-Plus-One');
    expect(alice.getByText('NW2 1AA · 15 mi')).toBeShown();
    await waitFor(() => expect(alice.getByTestId('driver-rating').textContent).toBe('4.9 ★ (24)'));
    expect(alice.getByText('4.9 out of 5 from 24 reviews')).toBeShown();
    expect(alice.getByText('Active')).toBeShown();
    expect(alice.getByRole('img', { name: 'No photo of Alice Driver' }).textContent).toBe('AD');
    await waitFor(() => expect(alice.getByTestId('account-status').textContent).toBe('active'));
    const bob = within(rows[1]!);
    expect(bob.getByText('Suspended')).toBeShown();
    expect(bob.getByText('Cricklewood NW2 · 35 mi')).toBeShown();
    expect(bob.getByText('No reviews')).toBeShown();
    expect(bob.getByTestId('account-status').textContent).toBe('invited');
    expect(bob.getByRole('img', { name: 'Bob Van' }).getAttribute('src')).toBe('https://example.com/bob.jpg');
    expect(bob.getByRole('link', { name: 'Edit Bob Van' }).getAttribute('href')).toBe('/admin/drivers/drv-bob');
    // The accounts of the drivers shown, never every driver's.
    expect(calls.filter((c) => c.key.startsWith('GET /api/driver-account/admin/accounts')).map((c) => c.key)).toEqual([
      'GET /api/driver-account/admin/accounts?ids=drv-alice,drv-bob',
    ]);

    const returned = within(screen.getByRole('region', { name: 'Jobs back with the office' }));
    const jobRow = within(await returned.findByTestId('returned-job'));
    expect(jobRow.getByText('777')).toBeShown();
    // The driver by name only: the raw id stays out of the text.
    const driverCell = jobRow.getByText('Alice Driver');
    expect(driverCell.textContent).toBe('Alice Driver');
    expect(driverCell.getAttribute('data-driver-id')).toBe('drv-alice');
    expect(jobRow.queryByText(/drv-alice/)).toBeNull();
    expect(jobRow.getByText('Declined by the driver')).toBeShown();

    // Every staff call carries the token; the public ratings are read like any visitor reads them.
    const staffCalls = calls.filter((c) => !c.url.startsWith('/api/reviews/drivers?'));
    expect(
      staffCalls.every((c) => (c.init.headers as Record<string, string>).Authorization === 'Bearer staff-tok'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add driver' }));
    await waitFor(() => expect(where()).toBe('/admin/drivers/new'));
  });

  it('finds a driver among thousands on the server: by name or postcode and standing, a page at a time', async () => {
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => driver({ id: `drv-${from + i}`, name: `Driver ${from + i}` }));
    const { calls } = stub({
      'GET /api/drivers/admin/page': () => json(driverPage(many(1, 20), 'NEXT20')),
      'GET /api/drivers/admin/page?after=NEXT20': () => json(driverPage(many(21, 5))),
      'GET /api/drivers/admin/page?q=nw2&status=suspended': () => json(driverPage([BOB])),
      'GET /api/driver-account/admin/accounts': () => json([]),
      // The job's driver is on no page shown yet: read by id for their name.
      'GET /api/drivers/admin/jobs/page': () =>
        json(
          jobPage([
            job({ driverId: 'drv-far', status: 'returned-to-staff', returnedBecause: 'declined', randomNumber: 778 }),
          ]),
        ),
      'GET /api/drivers/admin/drv-far': () => json(driver({ id: 'drv-far', name: 'Farah Away' })),
      'GET /api/reviews/drivers': () => json({}),
    });
    renderAt('/admin/drivers');
    await waitFor(() => expect(screen.getAllByTestId('driver-row')).toHaveLength(20));
    expect(screen.getByTestId('drivers-count').textContent).toBe('The first 20 by name');
    fireEvent.click(screen.getByRole('button', { name: 'Show more drivers' }));
    await waitFor(() => expect(screen.getAllByTestId('driver-row')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Show more drivers' })).toBeNull();
    const returned = within(screen.getByRole('region', { name: 'Jobs back with the office' }));
    await returned.findByText('Farah Away');

    const search = within(screen.getByRole('search', { name: 'Find a driver' }));
    fireEvent.change(search.getByLabelText('Name or postcode'), { target: { value: ' nw2 ' } });
    fireEvent.change(search.getByLabelText('Standing'), { target: { value: 'suspended' } });
    fireEvent.click(search.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(screen.getAllByTestId('driver-row')).toHaveLength(1));
    expect(within(screen.getByTestId('driver-row')).getByText('Bob Van')).toBeShown();
    // Never the whole fleet: every read of drivers is a page, and their accounts and documents are the page's.
    expect(calls.some((c) => c.key === 'GET /api/drivers/admin')).toBe(false);
    const perDriver = calls.filter(
      (c) =>
        c.key.startsWith('GET /api/driver-account/admin/accounts') ||
        c.key.startsWith('GET /api/drivers/admin/documents'),
    );
    expect(perDriver.every((c) => c.key.includes('?ids='))).toBe(true);
    const accountIds = calls
      .filter((c) => c.key.startsWith('GET /api/driver-account/admin/accounts'))
      .map((c) => c.key.split('?ids=')[1]!.split(','));
    expect(accountIds.map((ids) => ids.length)).toEqual([20, 5, 1]);
    expect(accountIds[2]).toEqual(['drv-bob']);
  });

  it('a job back with the office links to its booking and is reassigned to a free driver, a dearer one only once confirmed', async () => {
    const confirm = vi.fn((_question: string) => true);
    vi.stubGlobal('confirm', confirm);
    const { calls } = stub({
      'GET /api/drivers/admin/page': () => json(driverPage([ALICE, BOB])),
      'GET /api/driver-account/admin/accounts': () => json([]),
      'GET /api/drivers/admin/jobs/page': () =>
        json(jobPage([job({ status: 'returned-to-staff', returnedBecause: 'expired', randomNumber: 777 })])),
      'GET /api/drivers/admin/jobs/bk-1/candidates': () =>
        json([
          {
            driverId: 'drv-bob',
            name: 'Bob Van',
            pricePence: 30500,
            bookedPence: 30000,
            overBookedPence: 500,
            portalAccount: true,
          },
        ]),
      'POST /api/drivers/admin/jobs/bk-1/reassign': () => json(job({ driverId: 'drv-bob' })),
    });
    renderAt('/admin/drivers');
    const jobRow = within(await screen.findByTestId('returned-job'));
    expect(jobRow.getByRole('link', { name: '777' }).getAttribute('href')).toBe('/admin/dashboard?booking=bk-1');
    expect(jobRow.getByText('Not answered in time')).toBeShown();
    fireEvent.click(jobRow.getByRole('button', { name: 'Reassign' }));
    const candidate = within(await screen.findByTestId('job-candidate'));
    expect(candidate.getByText(/Bob Van: £305\.00 \(£5\.00 over the booked price\)/)).toBeShown();
    fireEvent.click(candidate.getByRole('button', { name: 'Give to Bob Van' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/reassign'))).toBe(true));
    expect(confirm.mock.calls[0]![0]).toContain('£5.00 more than the £300.00 the customer booked');
    expect(bodyOf(calls.find((c) => c.url.endsWith('/reassign'))!.init)).toEqual({
      driverId: 'drv-bob',
      acceptDifference: true,
    });
  });

  it('the commission, one rate for all drivers, is set on the Drivers page', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin': () => json([ALICE, BOB]),
      'GET /api/driver-account/admin/accounts': () => json([]),
      'GET /api/drivers/admin/jobs': () => json([]),
      'GET /api/earnings/admin/rate': () =>
        json({ rateBps: 2000, changes: [{ rateBps: 2000, by: 'jo_staff', at: '2026-01-10T10:00:00.000Z' }] }),
      'PUT /api/earnings/admin/rate': () => json({ rateBps: 1800, changes: [] }),
    });
    renderAt('/admin/drivers');
    const section = within(await screen.findByTestId('drivers-commission'));
    const field = (await section.findByLabelText('Platform commission, all drivers (%)')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('20'));
    fireEvent.change(field, { target: { value: '18' } });
    fireEvent.click(section.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/earnings/admin/rate')).toBe(true));
    expect(bodyOf(calls.find((c) => c.key === 'PUT /api/earnings/admin/rate')!.init)).toEqual({ ratePercent: 18 });
  });

  it('a driver without a portal account is marked in the picker and needs a second, explicit confirmation', async () => {
    const confirm = vi.fn((_question: string) => true);
    vi.stubGlobal('confirm', confirm);
    const { calls } = stub({
      'GET /api/drivers/admin/page': () => json(driverPage([ALICE, BOB])),
      'GET /api/driver-account/admin/accounts': () => json([]),
      'GET /api/drivers/admin/jobs/page': () =>
        json(jobPage([job({ status: 'returned-to-staff', returnedBecause: 'declined', randomNumber: 779 })])),
      'GET /api/drivers/admin/jobs/bk-1/candidates': () =>
        json([
          {
            driverId: 'drv-bob',
            name: 'Bob Van',
            pricePence: 29000,
            bookedPence: 30000,
            overBookedPence: 0,
            portalAccount: false,
          },
        ]),
      'POST /api/drivers/admin/jobs/bk-1/reassign': () => json(job({ driverId: 'drv-bob' })),
    });
    renderAt('/admin/drivers');
    const jobRow = within(await screen.findByTestId('returned-job'));
    fireEvent.click(jobRow.getByRole('button', { name: 'Reassign' }));
    const candidate = within(await screen.findByTestId('job-candidate'));
    expect(candidate.getByTestId('no-portal-account').textContent).toContain(NO_PORTAL_ACCOUNT_TEXT);

    // Saying no to the account question sends nothing.
    confirm.mockImplementationOnce(() => true).mockImplementationOnce(() => false);
    fireEvent.click(candidate.getByRole('button', { name: 'Give to Bob Van' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(confirm.mock.calls[1]![0]).toContain('Bob Van has no portal account, so they cannot accept online');
    expect(calls.some((c) => c.url.endsWith('/reassign'))).toBe(false);

    fireEvent.click(candidate.getByRole('button', { name: 'Give to Bob Van' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/reassign'))).toBe(true));
    expect(bodyOf(calls.find((c) => c.url.endsWith('/reassign'))!.init)).toEqual({
      driverId: 'drv-bob',
      acceptDifference: false,
      confirmNoAccount: true,
    });
  });

  it('a job its suspended driver left says so in the list of jobs back with the office', async () => {
    stub({
      'GET /api/drivers/admin/page': () => json(driverPage([ALICE, BOB])),
      'GET /api/driver-account/admin/accounts': () => json([]),
      'GET /api/drivers/admin/jobs/page': () =>
        json(
          jobPage([
            job({ driverId: 'drv-bob', status: 'returned-to-staff', returnedBecause: 'suspended', randomNumber: 778 }),
          ]),
        ),
    });
    renderAt('/admin/drivers');
    const jobRow = within(await screen.findByTestId('returned-job'));
    expect(jobRow.getByText('Driver suspended: reassign or cancel it')).toBeShown();
  });

  it('reads the jobs back with the office a page at a time: "Show more jobs" reads the next', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/page': () => json(driverPage([ALICE])),
      'GET /api/driver-account/admin/accounts': () => json([]),
      'GET /api/drivers/admin/jobs/page': () =>
        json(jobPage([job({ bookingId: 'bk-1', status: 'returned-to-staff', randomNumber: 701 })], 'cursor-2')),
      'GET /api/drivers/admin/jobs/page?after=cursor-2': () =>
        json(jobPage([job({ bookingId: 'bk-2', status: 'returned-to-staff', randomNumber: 702 })])),
    });
    renderAt('/admin/drivers');
    expect(await screen.findAllByTestId('returned-job')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show more jobs' }));
    await waitFor(() => expect(screen.getAllByTestId('returned-job')).toHaveLength(2));
    expect(screen.getByText('702')).toBeShown();
    expect(screen.queryByRole('button', { name: 'Show more jobs' })).toBeNull();
    // The whole list is no longer read.
    expect(calls.some((c) => c.key === 'GET /api/drivers/admin/jobs')).toBe(false);
  });

  it('still lists the drivers when the account service fails (status unknown)', async () => {
    stub({
      'GET /api/drivers/admin/page': () => json(driverPage([ALICE])),
      'GET /api/driver-account/admin/accounts': () => json({ message: 'down', code: 'unavailable' }, 503),
      'GET /api/drivers/admin/jobs/page': () => json(jobPage([])),
    });
    renderAt('/admin/drivers');
    const row = within(await screen.findByTestId('driver-row'));
    await waitFor(() => expect(row.getByTestId('account-status').textContent).toBe('unknown'));
    expect(screen.getByText('No jobs are waiting for the office.')).toBeShown();
  });

  it('a 401 sends the staff member back to the login page', async () => {
    stub({
      'GET /api/drivers/admin/page': () => json({ message: 'Unauthorized' }, 401),
      'GET /api/driver-account/admin/accounts': () => json({ message: 'Unauthorized' }, 401),
      'GET /api/drivers/admin/jobs/page': () => json({ message: 'Unauthorized' }, 401),
    });
    renderAt('/admin/drivers');
    await waitFor(() => expect(where()).toBe('/admin/login'));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('adds a driver: the card starts as a copy, pounds become pence, the body has the schema shape', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/page?pageSize=1': () => json(driverPage([ALICE])),
      'POST /api/drivers/admin': ({ init }) =>
        json(driver({ ...(bodyOf(init) as object), id: 'drv-bob', version: 1 }), 201),
      'GET /api/drivers/admin/drv-bob': () => json(driver({ id: 'drv-bob', name: 'Bob Builder', version: 1 })),
      ...driverPageRoutes('drv-bob'),
    });
    renderAt('/admin/drivers/new');
    await screen.findByRole('heading', { name: 'Add a driver' });
    // The heading shows while the page still reads what the new card starts from: wait for the form.
    expect(((await screen.findByLabelText('Van per hour, Small (£)')) as HTMLInputElement).value).toBe('30.00');

    type('Name', 'Bob Builder');
    type('E-mail', 'Bob@Example.com');
    type('Phone', '07700 900999');
    fireEvent.click(screen.getByLabelText('Medium'));
    fireEvent.click(screen.getByLabelText('Driver-Help'));
    type('Base postcode', 'se1 7pb');
    type('Radius (miles)', '12');
    type('Van per hour, Medium (£)', '37.5');
    type('Mileage per mile (£)', '1.35');
    type('Out-of-hours start hours', '7, 22');
    fireEvent.click(screen.getByRole('button', { name: 'Save driver' }));

    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/drivers/admin')).toBe(true));
    const body = bodyOf(calls.find((c) => c.key === 'POST /api/drivers/admin')!.init);
    const expected = {
      name: 'Bob Builder',
      email: 'bob@example.com',
      phone: '07700900999',
      vanSizes: ['Medium'],
      helpLevels: ['Driver-Help'],
      basePostcode: 'SE1 7PB',
      serviceRadiusMiles: 12,
      card: {
        ...CARD,
        vanPerHourPence: { ...CARD.vanPerHourPence, Medium: 3750 },
        mileagePencePerMile: 135,
        outOfHoursStartHours: [7, 22],
      },
      cardBounds: BOUNDS,
      photoUrl: '',
      ulezCompliant: true,
    };
    expect(body).toEqual(expected);
    expect(await driverCreateSchema.isValid(body, { strict: true })).toBe(true);

    await waitFor(() => expect(where()).toBe('/admin/drivers/drv-bob'));
    expect((await screen.findByRole('status')).textContent).toBe('Driver added');
  });

  it('checks the form with the contracts schema before anything is sent', async () => {
    const { calls } = stub({ 'GET /api/drivers/admin/page?pageSize=1': () => json(driverPage([])) });
    renderAt('/admin/drivers/new');
    await screen.findByText('Fill in every price: the card starts at zero.');
    expect((screen.getByLabelText('Van per hour, Luton (£)') as HTMLInputElement).value).toBe('0.00');
    type('Van per hour, Luton (£)', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(errorOf('Name')).toBe(DRIVER_MSG.name));
    expect(errorOf('E-mail')).toBe(DRIVER_MSG.email);
    expect(errorOf('Minimum hours')).toBe(DRIVER_MSG.minimumHours);
    expect(errorOf('Van per hour, Luton (£)')).toMatch(/in pounds/);
    expect(screen.getByText(DRIVER_MSG.vanSizes)).toBeShown();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/drivers/admin/page?pageSize=1']);
  });

  it('takes a photo upload (PNG/JPEG/WebP up to 200 KB) as a data: URL with a preview', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'PATCH /api/drivers/admin/drv-alice': ({ init }) =>
        json(driver({ version: 4, photoUrl: String(bodyOf(init).photoUrl) })),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });
    const upload = await screen.findByLabelText('Upload photo');

    fireEvent.change(upload, {
      target: { files: [new File([new Uint8Array(201 * 1024)], 'big.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(errorOf('Photo URL (https)')).toBe(DRIVER_MSG.photo));
    fireEvent.change(upload, { target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] } });
    expect(errorOf('Photo URL (https)')).toBe(DRIVER_MSG.photo);

    fireEvent.change(upload, {
      target: {
        files: [new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'me.png', { type: 'image/png' })],
      },
    });
    const preview = (await screen.findByRole('img', {
      name: "The driver's new face, as uploaded",
    })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(errorOf('Photo URL (https)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save driver' }));
    expect((await screen.findByRole('status')).textContent).toBe('Driver saved');
    expect(bodyOf(calls.find((c) => c.key.startsWith('PATCH'))!.init).photoUrl).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    type('Photo URL (https)', 'http://example.com/x.jpg');
    fireEvent.blur(screen.getByLabelText('Photo URL (https)'));
    await waitFor(() => expect(errorOf('Photo URL (https)')).toBe(DRIVER_MSG.photo));
  });

  it('shows a server field error next to its field', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'PATCH /api/drivers/admin/drv-alice': () =>
        json(
          {
            message: 'Must be from 1500 to 4000',
            code: 'validation_failed',
            errors: {
              'card.vanPerHourPence.Small': DRIVER_MSG.outsideBounds(1500, 4000),
              basePostcode: DRIVER_MSG.unknownPostcode,
            },
          },
          400,
        ),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });
    await screen.findByText('Van off the road', { exact: false });
    type('Base postcode', 'ZZ9 9ZZ');
    fireEvent.click(screen.getByRole('button', { name: 'Save driver' }));

    await waitFor(() => expect(errorOf('Van per hour, Small (£)')).toBe('Must be from £15.00 to £40.00'));
    expect(errorOf('Base postcode')).toBe(DRIVER_MSG.unknownPostcode);
    expect(screen.getByTestId('driver-save-error').textContent).toContain('Must be from 1500 to 4000');
    const patch = bodyOf(calls.find((c) => c.key.startsWith('PATCH'))!.init);
    expect(patch.version).toBe(3);
    expect(patch.basePostcode).toBe('ZZ9 9ZZ');
  });

  it('a 409 (someone saved first) shows the message and a Reload button that reads the driver again', async () => {
    let version = 3;
    const { calls } = stub({
      'GET /api/drivers/admin/drv-alice': () =>
        json(driver({ version, name: version === 3 ? 'Alice Driver' : 'Alice Newname' })),
      ...driverPageRoutes('drv-alice'),
      'PATCH /api/drivers/admin/drv-alice': ({ init }) =>
        bodyOf(init).version === 3
          ? json(
              { message: 'Someone else changed this driver meanwhile: reload and try again.', code: 'conflict' },
              409,
            )
          : json(driver({ version: 5, name: String(bodyOf(init).name) })),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });
    fireEvent.click(await screen.findByRole('button', { name: 'Save driver' }));
    await screen.findByText('Someone else changed this driver meanwhile: reload and try again.');

    version = 4;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByRole('heading', { name: /Alice Newname/ });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Alice Newname'));
    fireEvent.click(screen.getByRole('button', { name: 'Save driver' }));
    expect((await screen.findByRole('status')).textContent).toBe('Driver saved');
    const patches = calls.filter((c) => c.key.startsWith('PATCH')).map((c) => bodyOf(c.init).version);
    expect(patches).toEqual([3, 4]);
  });

  it("another driver's e-mail (409 naming email) is shown beside the E-mail field, not as someone else's save", async () => {
    stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'PATCH /api/drivers/admin/drv-alice': () =>
        json({ message: DRIVER_MSG.emailTaken, code: 'email_taken', errors: { email: DRIVER_MSG.emailTaken } }, 409),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });
    type('E-mail', 'bob@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(errorOf('E-mail')).toBe(DRIVER_MSG.emailTaken));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('suspending needs a reason and a confirmation, then posts the reason; a suspended driver can be reactivated', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'POST /api/drivers/admin/drv-alice/suspend': () => json(driver({ active: false, version: 4 })),
      'POST /api/drivers/admin/drv-alice/reactivate': () => json(driver({ active: true, version: 5 })),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });

    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect((await screen.findByText('Say why the driver is suspended')).getAttribute('role')).toBe('alert');
    type('Reason for suspending', 'Van failed its MOT');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(calls.some((c) => c.key.endsWith('/suspend'))).toBe(false);
    const confirm = within(await screen.findByRole('group', { name: 'Confirm suspension' }));
    expect(confirm.getByTestId('suspension-summary').textContent).toBe(
      'Suspend Alice Driver? They have no upcoming jobs.',
    );
    fireEvent.click(confirm.getByRole('button', { name: 'Confirm suspension' }));

    expect((await screen.findByRole('status')).textContent).toBe('Driver suspended');
    expect(bodyOf(calls.find((c) => c.key.endsWith('/suspend'))!.init)).toEqual({ reason: 'Van failed its MOT' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Suspended');

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Driver reactivated'));
    expect(calls.some((c) => c.key === 'POST /api/drivers/admin/drv-alice/reactivate')).toBe(true);
  });

  it('the suspend confirmation lists the upcoming jobs suspending takes from the driver, and where they go', async () => {
    const { calls } = stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'GET /api/drivers/admin/drv-alice/upcoming-jobs': () =>
        json([
          job({ bookingId: 'bk-1', randomNumber: 1234, move: { ...job().move, date: '2026-03-05T08:30:00.000Z' } }),
          job({
            bookingId: 'bk-2',
            randomNumber: 1235,
            status: 'accepted',
            move: { ...job().move, date: '2026-07-09T09:00:00.000Z' },
          }),
          job({ bookingId: 'bk-3', randomNumber: 1236, bookingState: 'postponed' }),
        ]),
      'POST /api/drivers/admin/drv-alice/suspend': () => json(driver({ active: false, version: 4 })),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });
    type('Reason for suspending', 'Insurance lapsed');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));

    const confirm = within(await screen.findByRole('group', { name: 'Confirm suspension' }));
    // London time: GMT in March, BST in July.
    expect(confirm.getByTestId('suspension-summary').textContent).toBe(
      'Suspending Alice Driver takes 3 upcoming jobs from them: job 1234 on Thu, 5 Mar 2026, 08:30, job 1235 on Thu, 9 Jul 2026, 10:00, job 1236 (postponed, no new date yet). Each goes at once to the next driver free for it at no more than the customer paid, or back to the office when nobody is.',
    );
    expect(calls.some((c) => c.key.endsWith('/suspend'))).toBe(false);
    fireEvent.click(confirm.getByRole('button', { name: 'Confirm suspension' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Driver suspended: their upcoming jobs went to the next free drivers, or back to the office when nobody was free',
    );
    expect(bodyOf(calls.find((c) => c.key.endsWith('/suspend'))!.init)).toEqual({ reason: 'Insurance lapsed' });
  });

  it('when the upcoming jobs cannot be listed, the confirmation says so and staff may still suspend', async () => {
    stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'GET /api/drivers/admin/drv-alice/upcoming-jobs': () => json({ message: 'Service unavailable' }, 503),
      'POST /api/drivers/admin/drv-alice/suspend': () => json(driver({ active: false, version: 4 })),
    });
    renderAt('/admin/drivers/drv-alice');
    await screen.findByRole('heading', { name: /Alice Driver/ });
    type('Reason for suspending', 'Insurance lapsed');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const confirm = within(await screen.findByRole('group', { name: 'Confirm suspension' }));
    expect(confirm.getByTestId('suspension-summary').textContent).toBe(
      'Suspend Alice Driver? Their upcoming jobs could not be listed; suspending still takes every one from them. Each goes at once to the next driver free for it at no more than the customer paid, or back to the office when nobody is.',
    );
    fireEvent.click(confirm.getByRole('button', { name: 'Confirm suspension' }));
    expect((await screen.findByRole('status')).textContent).toBe('Driver suspended');
  });

  it('invites the driver to the portal and shows the server message when it cannot', async () => {
    let answer: () => Response = () =>
      json(
        {
          driverId: 'drv-alice',
          email: 'alice@example.com',
          invitedAt: '2026-01-10T10:00:00.000Z',
          expiresAt: '2026-01-17T10:00:00.000Z',
          message: 'Invitation sent',
        },
        202,
      );
    stub({
      'GET /api/drivers/admin/drv-alice': () => json(ALICE),
      ...driverPageRoutes('drv-alice'),
      'POST /api/driver-account/admin/invite/drv-alice': () => answer(),
    });
    renderAt('/admin/drivers/drv-alice');
    await waitFor(() => expect(screen.getByTestId('account-status').textContent).toBe('none'));
    // The audit log: who, when (London), what, each change from → to, the reason.
    const history = within(screen.getByRole('region', { name: 'Change history' }));
    expect(history.getAllByTestId('audit-entry')[0]!.textContent).toContain('jo_staff');
    expect(history.getByText(/Sat, 10 Jan 2026, 10:00/)).toBeShown();
    // In words, as the driver's mail says it.
    expect(history.getByText('Small van per hour: £28.00 → £30.00')).toBeShown();
    expect(history.getByText('Phone: 07700900000 → 07700900123')).toBeShown();
    expect(history.queryByText(/card\./)).toBeNull();
    expect(history.getByText('Reason: Van off the road')).toBeShown();

    fireEvent.click(screen.getByRole('button', { name: 'Invite to driver portal' }));
    const sent = await screen.findByText(new RegExp(`^${DRIVER_ACCOUNT_MSG.inviteSent} to alice@example.com`));
    expect(sent.textContent).toContain('Sat, 17 Jan 2026, 10:00');
    expect(screen.getByTestId('account-status').textContent).toBe('invited');

    answer = () => json({ message: DRIVER_ACCOUNT_MSG.suspendedInvite, code: 'conflict' }, 409);
    fireEvent.click(screen.getByRole('button', { name: 'Send a new invitation' }));
    expect((await screen.findByText(DRIVER_ACCOUNT_MSG.suspendedInvite)).getAttribute('role')).toBe('alert');
  });
});
