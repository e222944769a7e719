import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG, type BookingRecord } from '@vanhop/contracts';
import AdminApp from './AdminApp';
import { storeToken, TOKEN_KEY } from './session';
import { errorOf, json, renderArea, type, where, isolateEachTest } from '../../../testing/area-harness';
import { stubStaffApi } from '../../../testing/staff-lists';

const renderAt = (path: string) => renderArea('/admin/*', <AdminApp />, path);

const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
const past = new Date(Date.now() - 40 * 86_400_000).toISOString();
const record = (over: Partial<BookingRecord> & { move: string }): BookingRecord =>
  ({
    _id: '6f1c2b1e-1111-4222-8333-944455556666',
    randomNumber: 4242,
    date: new Date().toISOString(),
    paymentStatus: 'unpaid',
    OutstandingBalance: 195,
    percentage: null,
    reviewRequest: false,
    ...over,
    quote: {
      name: 'Alice Mover',
      email: 'alice@example.com',
      phone: '07700 900123',
      description: 'Sofa and boxes',
      date: over.move,
      totalAddress: [
        { id: 'a', location: 'London NW2, UK', physicalAddress: '12 Cricklewood Lane', stair: 2 },
        { id: 'b', location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 0 },
      ],
      places: ['London NW2, UK', 'London SE1, UK'],
      pickupStair: 2,
      deliveryStair: 0,
      viaStopStair: [],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      totalSecond: 10800,
      totalPrice: 195,
      travelHour: 1500,
      travelMiles: 9.4,
    },
  }) as unknown as BookingRecord;

describe('admin app', () => {
  isolateEachTest();

  it('sends visitors without a token from the dashboard and the health page to the login page', () => {
    stubStaffApi({});
    renderAt('/admin/dashboard');
    expect(where()).toBe('/admin/login');
    expect(screen.getByRole('heading', { name: 'Staff login' })).toBeShown();
    cleanup();
    renderAt('/admin/health');
    expect(where()).toBe('/admin/login');
  });

  it('shows the admin not-found screen for other /admin paths, inside the admin layout', () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    renderAt('/admin/nothing-here');
    expect(screen.getByRole('heading', { name: MSG.notFound.title })).toBeShown();
    expect(screen.getByRole('link', { name: 'Server health' })).toBeShown();
  });

  // The staff menu showed to signed-out visitors.
  it('shows the staff menu to signed-in staff only, and never on the sign-in and sign-up pages', () => {
    renderAt('/admin/nothing-here');
    expect(screen.getByRole('heading', { name: MSG.notFound.title })).toBeShown();
    expect(screen.queryByRole('navigation', { name: 'Staff' })).toBeNull();
    cleanup();
    renderAt('/admin/login');
    expect(screen.queryByRole('navigation', { name: 'Staff' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Drivers' })).toBeNull();
    cleanup();
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    for (const page of ['/admin/login', '/admin/register']) {
      renderAt(page);
      expect(screen.queryByRole('navigation', { name: 'Staff' }), page).toBeNull();
      cleanup();
    }
    renderAt('/admin/health');
    expect(
      within(screen.getByRole('navigation', { name: 'Staff' })).getByRole('link', { name: 'Drivers' }),
    ).toBeShown();
  });

  it('has the day and night toggle in its footer: it starts light and switches the whole page', () => {
    renderAt('/admin/login');
    const toggle = screen.getByRole('button', { name: /night mode/i });
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: /day mode/i }).getAttribute('aria-pressed')).toBe('true');
  });

  // The night theme was lost on reload in the staff area.
  it('keeps the night theme across a reload of the staff area, and day again once switched back', () => {
    renderAt('/admin/login');
    fireEvent.click(screen.getByRole('button', { name: /night mode/i }));
    cleanup();
    document.documentElement.dataset.theme = 'light';
    renderAt('/admin/login');
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: /day mode/i }));
    cleanup();
    renderAt('/admin/register');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: /night mode/i })).toBeShown();
  });

  it('validates the login form with the product texts and Sign Up goes to register', async () => {
    renderAt('/admin/login');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByText(MSG.adminLogin.usernameRequired)).getAttribute('role')).toBe('alert');
    expect(screen.getByText(MSG.adminLogin.passwordRequired)).toBeShown();
    type('Username', 'jo');
    fireEvent.blur(screen.getByLabelText('Username'));
    expect((await screen.findByText(MSG.adminLogin.usernameMin)).getAttribute('role')).toBe('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(where()).toBe('/admin/register'));
  });

  it('shows the server message, "Failed to Log in" or "Error Happen During login" under the form', async () => {
    let answer: () => Response = () => json({ success: false, message: 'Invalid username or password' }, 401);
    stubStaffApi({ 'POST /api/account/login': () => answer() });
    renderAt('/admin/login');
    type('Username', 'jo_staff');
    type('Password', 'wrong-password');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    submit();
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid username or password');

    answer = () => new Response('', { status: 502 });
    submit();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe(MSG.adminLogin.failed));

    answer = () => json({ success: false, message: '' });
    submit();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe(MSG.adminLogin.unsuccessful));

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    submit();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe(MSG.adminLogin.errorDuring));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs in, keeps the token, shows the dashboard with bearer calls, and logs out', async () => {
    const rec = record({ move: future });
    const { calls } = stubStaffApi({
      'POST /api/account/login': () => json({ token: 'tok-123', success: true, message: 'Login successful' }),
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([rec]),
    });
    renderAt('/admin/login');
    type('Username', 'jo_staff');
    type('Password', 'pw-123456');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Welcome, jo_staff');
    expect(where()).toBe('/admin/dashboard');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('tok-123');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ username: 'jo_staff', password: 'pw-123456' });
    for (const call of calls.slice(1))
      expect((call.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');

    const quotation = screen.getByTestId('quotation-card');
    const card = await within(quotation).findByTestId('admin-record');
    expect(card.textContent).toContain('London NW2, UK');
    expect(card.textContent).toContain('£195.00');
    expect(card.textContent).toContain('Unique Code: 4242');
    expect(within(screen.getByTestId('job-card')).queryByTestId('admin-record')).toBeNull();
    // The middle panel's figures are not mocked here: it falls back to the old dashboard's words.
    await screen.findByText(MSG.admin.maintenance);

    fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(where()).toBe('/admin/login'));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps "Try to In?.." when the profile cannot be loaded, ends loading with an empty list, and says the read failed', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ message: 'boom' }, 500),
      'GET /api/backdata/all': () => json({ message: 'boom' }, 500),
    });
    renderAt('/admin/dashboard');
    await waitFor(() => expect(screen.getAllByText('No records')).toHaveLength(2));
    expect((await screen.findByTestId('dashboard-load-error')).textContent).toBe('boom');
    expect(screen.getByText(MSG.admin.tryLogin)).toBeShown();
    expect(screen.getByRole('link', { name: 'Login' })).toBeShown();
    expect(where()).toBe('/admin/dashboard');
  });

  it('sends the user to the login page and forgets the token when a staff call answers 401', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'expired');
    stubStaffApi({
      'GET /api/account/admindashboard': () =>
        json({ success: false, message: 'Unauthorized: please log in again' }, 401),
      'GET /api/backdata/all': () => json({ success: false, message: 'Unauthorized: please log in again' }, 401),
    });
    renderAt('/admin/dashboard');
    await waitFor(() => expect(where()).toBe('/admin/login'));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getByTestId('session-expired').textContent).toBe('Your session has expired: sign in again');
  });

  it('opens the detail panel with its figures, closes it with Escape, requests a review; a paid job offers no Delete', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const booked = record({ move: future, paymentStatus: '30percentage', OutstandingBalance: 136.5, percentage: 30 });
    let list = [booked];
    const { calls } = stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json(list),
      [`POST /api/backdata/review/${booked._id}`]: () => {
        list = [{ ...booked, reviewRequest: true }];
        return json({ message: 'Review request sent to alice@example.com' });
      },
    });
    const alert = vi.fn();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('alert', alert);
    vi.stubGlobal('confirm', confirm);
    renderAt('/admin/dashboard');
    const jobs = screen.getByTestId('job-card');
    fireEvent.click(await within(jobs).findByTestId('admin-record'));
    let panel = screen.getByRole('dialog', { name: 'Record 4242' });
    const text = panel.textContent ?? '';
    expect(text).toContain('Price per half hour£32.50');
    expect(text).toContain('Outstanding balance£136.50');
    expect(text).toContain('Total price£195.00');
    expect(text).toContain('Booked hours03hr:00Min');
    expect(text).toContain('Pickup stair2 flights of stairs');
    expect(text).toContain('Via stopNo');
    // The payment status in words, never the stored '30percentage'.
    expect(text).toContain('Payment status30 % deposit paid');
    expect(within(panel).getByRole('heading', { name: /Job 4242/ }).textContent).toContain('30 % deposit paid');
    expect(text).not.toContain('30percentage');
    expect(within(panel).getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:07700900123');
    expect(panel.className).toContain('admin-detail--paid');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(jobs).getByTestId('admin-record'));
    panel = screen.getByRole('dialog', { name: 'Record 4242' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request Review' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(`${MSG.admin.sendingEmail}: Review request sent to alice@example.com`),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await within(jobs).findByTestId('admin-record'));
    panel = screen.getByRole('dialog', { name: 'Record 4242' });
    expect(within(panel).queryByRole('button', { name: 'Request Review' })).toBeNull();
    // A job that took money (a record listed without the money fields: its share of the price) is never deleted.
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Cancel with refund' })).toBeShown();
    expect(confirm).not.toHaveBeenCalled();
    for (const call of calls) expect((call.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('amends a paid job from the panel: only what changed is sent, then the new total and balance; the server refusal is shown as it is', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const rec = record({ move: future, paymentStatus: '30percentage', OutstandingBalance: 136.5, percentage: 30 });
    const amended = {
      ...rec,
      OutstandingBalance: 201.5,
      quote: { ...rec.quote, totalHour: 5, totalPrice: 260 },
      amendment: {
        changed: ['hours'],
        previousTotalPence: 19500,
        totalPence: 26000,
        balancePence: 20150,
        refundPence: 0,
        amendedBy: 'jo_staff',
      },
    };
    let list = [rec];
    let answer = () => json({ message: 'This booking changed meanwhile: please reload it and try again.' }, 409);
    const { calls } = stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json(list),
      'GET /api/config': () => json({}),
      [`POST /api/backdata/amend/${rec._id}`]: () => answer(),
    });
    renderAt('/admin/dashboard');
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    const panel = screen.getByRole('dialog', { name: 'Record 4242' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Change date, hours or stops' }));
    expect((within(panel).getByLabelText('Booked hours') as HTMLSelectElement).value).toBe('3');
    expect(
      within(panel)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['Collection', 'Delivery']);

    fireEvent.click(within(panel).getByRole('button', { name: 'Save amendment' }));
    expect((await within(panel).findByTestId('amend-error')).textContent).toBe(
      'Nothing is changed yet: choose a new date, hours or stops first.',
    );
    expect(calls.some((c) => c.url.includes('/amend/'))).toBe(false);

    fireEvent.change(within(panel).getByLabelText('Booked hours'), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save amendment' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('amend-error').textContent).toBe(
        'This booking changed meanwhile: please reload it and try again.',
      ),
    );

    answer = () => {
      list = [amended as unknown as BookingRecord];
      return json(amended);
    };
    fireEvent.click(within(panel).getByRole('button', { name: 'Save amendment' }));
    const outcome = await within(panel).findByTestId('amend-outcome');
    expect(outcome.textContent).toContain('New total: £260.00 (was £195.00).');
    expect(outcome.textContent).toContain('Balance to pay: £201.50 (online on My move or to the driver on the day).');
    const amend = calls.filter((c) => c.url.endsWith(`/amend/${rec._id}`));
    expect(amend.map((c) => JSON.parse(c.init.body as string))).toEqual([{ hour: 5 }, { hour: 5 }]);
    expect((amend[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
    // The panel shows the amended figures, and the lists are read again.
    expect(panel.textContent).toContain('Total price£260.00');
    expect(panel.textContent).toContain('Outstanding balance£201.50');
    // The lists are read again: the jobs list a second time.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/backdata/list?kind=job&view=future')).toHaveLength(2),
    );
  });

  it('offers no amendment for a quotation, and says why a past job cannot be amended', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () =>
        json([
          record({ move: past, paymentStatus: 'paid', percentage: 100 }),
          record({ move: future, _id: 'x-2', randomNumber: 77 }),
        ]),
    });
    renderAt('/admin/dashboard');
    const jobs = screen.getByTestId('job-card');
    fireEvent.click(within(jobs).getByRole('button', { name: 'Past Jobs' }));
    fireEvent.click(await within(jobs).findByTestId('admin-record'));
    expect(screen.getByTestId('amend-not-allowed').textContent).toBe(
      'This move has already started or taken place: it can no longer be amended.',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(await within(screen.getByTestId('quotation-card')).findByTestId('admin-record'));
    const panel = screen.getByRole('dialog', { name: 'Record 77' });
    expect(within(panel).queryByRole('heading', { name: 'Amend booking' })).toBeNull();
  });

  it("shows the server's refusal alone in the panel when a review request fails, and the wire contract's 'Network response was not okay' when it sent no words", async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const rec = record({ move: past });
    let answer = () => json({ message: 'A review has already been requested for this booking.' }, 409);
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([rec]),
      [`POST /api/backdata/review/${rec._id}`]: () => answer(),
    });
    renderAt('/admin/dashboard');
    const quotation = screen.getByTestId('quotation-card');
    fireEvent.click(within(quotation).getByRole('button', { name: 'Previous Quotation' }));
    fireEvent.click(await within(quotation).findByTestId('admin-record'));
    const panel = screen.getByRole('dialog', { name: 'Record 4242' });
    expect(panel.className).toContain('admin-detail--unpaid');
    fireEvent.click(within(panel).getByRole('button', { name: 'Request Review' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'A review has already been requested for this booking.',
    );
    answer = () => new Response('', { status: 502 });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request Review' }));
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(MSG.admin.networkNotOk));
  });

  it('registers: shows the server errormessage under the unique code, then alerts success and goes to login', async () => {
    let answer = () => json({ errormessage: 'Invalid sign-up code' }, 403);
    const { calls } = stubStaffApi({ 'POST /api/account/register': () => answer() });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderAt('/admin/register');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByText(MSG.adminRegister.nameRequired)).getAttribute('role')).toBe('alert');
    expect(screen.getByText(MSG.adminRegister.codeRequired)).toBeShown();
    type('Name', 'jo staff');
    // The form took the password '1'; the drivers' rule and words apply (10 to 128 characters).
    type('Password', '1');
    type('Repeat password', '1');
    type('Unique code', 'VH-WRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByText(MSG.adminRegister.nameNoSpaces)).getAttribute('role')).toBe('alert');
    expect(errorOf('Password')).toBe(MSG.adminRegister.passwordLength);
    expect(calls).toHaveLength(0);
    type('Password', 'pw-123456-long');
    type('Repeat password', 'pw-654321-long');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByText(MSG.adminRegister.passwordMatch)).getAttribute('role')).toBe('alert');
    type('Name', 'jo_staff');
    type('Repeat password', 'pw-123456-long');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const error = await screen.findByTestId('register-error');
    expect(error.textContent).toBe('Invalid sign-up code');
    expect(error.previousElementSibling?.getAttribute('id')).toBe('admin-uniquecode');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({
      name: 'jo_staff',
      password: 'pw-123456-long',
      password1: 'pw-123456-long',
      uniquecode: 'VH-WRONG',
    });

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByTestId('register-error').textContent).toBe(MSG.admin.networkNotOk));

    answer = () => json({ message: 'Account created' }, 201);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Account created'));
    await waitFor(() => expect(where()).toBe('/admin/login'));
  });

  it('health page: not checked, Loading..., the value or "error", and Reset for each check', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    let release: () => void = () => {};
    let healthAnswer = () => json({ health: 'ok', services: { quote: 'ready' } });
    const { calls } = stubStaffApi({
      'GET /api/dashboard/health': () => new Promise<Response>((resolve) => (release = () => resolve(healthAnswer()))),
      'GET /api/dashboard': () => json({ serverIp: '10.1.2.3' }),
    });
    renderAt('/admin/health');
    const health = screen.getByTestId('health-check');
    const ip = screen.getByTestId('ip-check');
    fireEvent.click(within(health).getByRole('button', { name: 'Click Me to Check' }));
    expect(within(health).getByRole('button', { name: 'Loading...' })).toBeShown();
    await act(async () => release());
    await within(health).findByRole('button', { name: 'ok' });
    expect(health.textContent).toContain('quote: ready');
    fireEvent.click(within(health).getByRole('button', { name: 'Reset' }));
    expect(within(health).getByRole('button', { name: 'Click Me to Check' })).toBeShown();

    healthAnswer = () => json({ health: 'degraded', services: { quote: 'unreachable' } }, 503);
    fireEvent.click(within(health).getByRole('button', { name: 'Click Me to Check' }));
    await act(async () => release());
    await within(health).findByRole('button', { name: 'error' });
    expect(console.error).not.toHaveBeenCalled();

    fireEvent.click(within(ip).getByRole('button', { name: 'Click Me to Check' }));
    await within(ip).findByRole('button', { name: '10.1.2.3' });
    const ipCall = calls.find((c) => c.url === '/api/dashboard');
    expect((ipCall?.init.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
    fireEvent.click(within(ip).getByRole('button', { name: 'Reset' }));
    expect(within(ip).getByRole('button', { name: 'Click Me to Check' })).toBeShown();
  });

  it('Your Jobs marks cancelled, refunded and postponed bookings on the card and in the panel, and still lists them', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const cancelled = {
      ...record({ move: future, paymentStatus: '30percentage', percentage: 30 }),
      _id: 'c1',
      randomNumber: 1111,
      state: 'cancelled',
      amountRefundedPence: 5850,
      cancelledAt: '2026-03-02T10:15:00.000Z',
    };
    const frozen = {
      ...record({ move: future, paymentStatus: 'paid', percentage: 100 }),
      _id: 'f1',
      randomNumber: 2222,
      state: 'frozen',
      frozenAt: '2026-03-03T09:00:00.000Z',
    };
    const active = {
      ...record({ move: future, paymentStatus: 'paid', percentage: 100 }),
      _id: 'a1',
      randomNumber: 3333,
    };
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([cancelled, frozen, active]),
    });
    renderAt('/admin/dashboard');
    const jobs = screen.getByTestId('job-card');
    await waitFor(() => expect(within(jobs).getAllByTestId('admin-record')).toHaveLength(3));
    const card = (code: number) =>
      within(jobs)
        .getAllByTestId('admin-record')
        .find((c) => c.dataset.code === String(code))!;
    expect(
      within(card(1111))
        .getAllByTestId('admin-record-mark')
        .map((m) => m.textContent),
    ).toEqual(['Cancelled', 'Refunded £58.50']);
    expect(card(1111).className).toContain('is-cancelled');
    expect(
      within(card(2222))
        .getAllByTestId('admin-record-mark')
        .map((m) => m.textContent),
    ).toEqual(['Postponed']);
    expect(within(card(3333)).queryAllByTestId('admin-record-mark')).toHaveLength(0);

    fireEvent.click(card(1111));
    const panel = screen.getByRole('dialog', { name: 'Record 1111' });
    const text = panel.textContent ?? '';
    expect(text).toContain('StateCancelled');
    expect(text).toContain('Refunded£58.50');
    expect(text).toMatch(/Cancelled on\w{3}, 02 Mar 2026, 10:15/);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(card(2222));
    expect(screen.getByRole('dialog', { name: 'Record 2222' }).textContent).toMatch(
      /StatePostponed.*Postponed on\w{3}, 03 Mar 2026, 09:00/,
    );
  });
});

/** Signing in brings staff back to the page they were on, with the work an expired session interrupted. */
describe('coming back after signing in', () => {
  isolateEachTest();
  // A new page load: no session expired in this tab yet, nothing kept for it. (Signing in is what
  // clears this tab's memory of an expired session; the token itself then goes as a reload finds none.)
  beforeEach(() => {
    storeToken('an earlier page load');
    window.localStorage.removeItem(TOKEN_KEY);
  });
  afterEach(() => window.sessionStorage.clear());

  const signIn = () => {
    type('Username', 'jo_staff');
    type('Password', 'pw-123456-long');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  };

  it('a direct link opened while signed out comes back to that page after signing in', async () => {
    stubStaffApi({
      'POST /api/account/login': () => json({ token: 'tok-new', success: true, message: 'Login successful' }),
    });
    renderAt('/admin/health');
    expect(where()).toBe('/admin/login');
    expect(screen.queryByTestId('session-expired')).toBeNull();
    signIn();
    await waitFor(() => expect(where()).toBe('/admin/health'));
    expect(screen.getByTestId('health-check')).toBeShown();
  });

  it('follows only staff pages of this site: anything else lands on the dashboard', async () => {
    stubStaffApi({
      'POST /api/account/login': () => json({ token: 'tok-new', success: true, message: 'Login successful' }),
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([]),
    });
    for (const next of [
      'https://evil.example/admin/x',
      '//evil.example/admin/x',
      '/admin/../evil',
      '/\\evil.example',
      '/admin/login',
    ]) {
      window.localStorage.clear();
      renderAt(`/admin/login?next=${encodeURIComponent(next)}`);
      signIn();
      await waitFor(() => expect(where(), next).toBe('/admin/dashboard'));
      cleanup();
    }
  });

  it('an expired session says so, and signing in again reopens the record with the amendment as it was typed', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok-old');
    const rec = record({ move: future, paymentStatus: '30percentage', OutstandingBalance: 136.5, percentage: 30 });
    const { calls } = stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json([rec]),
      'GET /api/config': () => json({}),
      [`POST /api/backdata/amend/${rec._id}`]: () => json({ message: 'Unauthorized: please log in again' }, 401),
      'POST /api/account/login': () => json({ token: 'tok-new', success: true, message: 'Login successful' }),
    });
    renderAt('/admin/dashboard');
    fireEvent.click(await within(screen.getByTestId('job-card')).findByTestId('admin-record'));
    let panel = screen.getByRole('dialog', { name: 'Record 4242' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Change date, hours or stops' }));
    fireEvent.change(within(panel).getByLabelText('Booked hours'), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save amendment' }));

    await waitFor(() => expect(where()).toBe('/admin/login'));
    expect(screen.getByTestId('session-expired').textContent).toBe('Your session has expired: sign in again');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();

    signIn();
    await waitFor(() => expect(where()).toBe('/admin/dashboard'));
    panel = await screen.findByRole('dialog', { name: 'Record 4242' });
    expect((within(panel).getByLabelText('Booked hours') as HTMLSelectElement).value).toBe('5');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('tok-new');
    const amend = calls.filter((c) => c.url.endsWith(`/amend/${rec._id}`));
    expect(amend.map((c) => (c.init.headers as Record<string, string>).Authorization)).toEqual(['Bearer tok-old']);
  });

  // A job given back by its driver is flagged at the top of the dashboard, with what staff can do.
  it('flags the bookings that need a driver with the reason in words and the options, and no cancelled one', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'tok');
    const since = '2026-11-20T10:00:00.000Z';
    const paid = { move: future, paymentStatus: '30percentage', OutstandingBalance: 136.5, percentage: 30 } as const;
    const declined = record({
      ...paid,
      _id: '6f1c2b1e-1111-4222-8333-000000000001',
      randomNumber: 4242,
      needsDriver: { because: 'declined', driverId: 'drv-1', since },
    } as Partial<BookingRecord> & { move: string });
    const unanswered = record({
      ...paid,
      _id: '6f1c2b1e-1111-4222-8333-000000000002',
      randomNumber: 4244,
      needsDriver: { because: 'expired', driverId: 'drv-2', since },
    } as Partial<BookingRecord> & { move: string });
    const cancelled = record({
      ...paid,
      _id: '6f1c2b1e-1111-4222-8333-000000000003',
      randomNumber: 4343,
      state: 'cancelled',
      needsDriver: { because: 'suspended', driverId: 'drv-3', since },
    } as Partial<BookingRecord> & { move: string });
    let records = [declined, unanswered, cancelled, record({ ...paid, randomNumber: 4545 })];
    stubStaffApi({
      'GET /api/account/admindashboard': () => json({ username: 'jo_staff' }),
      'GET /api/backdata/all': () => json(records),
      'GET /api/config': () => json({}),
    });
    renderAt('/admin/dashboard');

    const alert = await screen.findByRole('alert', { name: '2 bookings need a driver' });
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Booking 4242 on .+: the driver declined it\. Options: /),
      expect.stringMatching(/^Booking 4244 on .+: the driver did not answer in time\. Options: /),
    ]);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'reassign it to a free driver' }).getAttribute('href')).toBe(
      '/admin/drivers',
    );
    expect(items[0]!.textContent).toContain('agree another time with the customer (Change date in the booking)');
    expect(items[0]!.textContent).toContain('or cancel it with a full refund.');
    expect(alert.textContent).not.toContain('4343');
    expect(alert.textContent).not.toContain('4545');

    fireEvent.click(first.getByRole('button', { name: 'Booking 4242' }));
    await screen.findByRole('dialog', { name: 'Record 4242' });

    // A cancelled booking needs nobody: with only that one, there is no alert at all.
    cleanup();
    records = [cancelled];
    renderAt('/admin/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('admin-record').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('needs-driver')).toBeNull();
  });
});
