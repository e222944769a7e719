import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AVAILABILITY_MSG,
  DRIVER_ACCOUNT_MSG,
  DRIVER_MSG,
  MSG,
  availabilitySchema,
  priceCardSchema,
} from '@vanhop/contracts';
import { IDENTITY, stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { NO_HOURS_NOTE } from './availability-text';
import { BOUNDS, CARD, job, self } from '../../testing/driver-fixtures';
import { bodyOf, errorOf, json, type, where, isolateEachTest } from '../../testing/area-harness';

const renderAt = renderPortalAt;

const hintOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('vh-hint'))?.textContent ?? null
  );
};

describe('driver portal', () => {
  isolateEachTest();

  it('sends a driver without a token to sign in, and /driver to the jobs', () => {
    stubPortalApi({});
    renderAt('/driver');
    expect(where()).toBe('/driver/login');
    expect(screen.getByRole('heading', { name: 'Driver sign in' })).toBeShown();
  });

  it('shows its own not-found screen for unknown portal paths', () => {
    stubPortalApi({});
    renderAt('/driver/unknown');
    expect(screen.getByRole('heading', { name: MSG.notFound.title })).toBeShown();
  });

  it('signs in: shows the server message on a refusal, then stores the token and opens the jobs', async () => {
    let answer: () => Response = () => json({ message: DRIVER_ACCOUNT_MSG.suspended, code: 'unauthorized' }, 401);
    const { calls } = stubPortalApi({
      'POST /api/driver-account/login': () => answer(),
      'GET /api/driver/me/jobs': () => json({ today: [], upcoming: [], past: [] }),
    });
    renderAt('/driver/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByText(DRIVER_ACCOUNT_MSG.emailRequired)).getAttribute('role')).toBe('alert');

    type('E-mail', ' Alice@Example.com ');
    type('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DRIVER_ACCOUNT_MSG.suspended);
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();

    answer = () => json({ message: 'Too many attempts: try again in a minute', code: 'rate_limited' }, 429);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts: try again in a minute'));

    answer = () =>
      json({ success: true, token: 'drv-tok', message: DRIVER_ACCOUNT_MSG.loginSuccess, driver: IDENTITY });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(where()).toBe('/driver/jobs'));
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBe('drv-tok');
    expect(bodyOf(calls.find((c) => c.key === 'POST /api/driver-account/login')!.init)).toEqual({
      email: 'alice@example.com',
      password: 'correct horse battery',
    });
    expect((await screen.findByTestId('signed-in-as')).textContent).toBe('Signed in as Alice Driver');
    const nav = within(screen.getByRole('navigation', { name: 'Driver portal' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Jobs', 'Prices', 'Availability', 'Earnings']);
    expect(
      (calls.find((c) => c.key === 'GET /api/driver/me/jobs')!.init.headers as Record<string, string>).Authorization,
    ).toBe('Bearer drv-tok');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(where()).toBe('/driver/login'));
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();
  });

  it('a 401 from a driver call clears the token and goes to sign in', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'old-tok');
    stubPortalApi({ 'GET /api/driver/me': () => json({ message: 'Unauthorized' }, 401) });
    renderAt('/driver/prices');
    await waitFor(() => expect(where()).toBe('/driver/login'));
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBeNull();
  });

  it('the welcome page sets the first password, signs in and opens the prices', async () => {
    const { calls } = stubPortalApi({
      'GET /api/driver-account/welcome/inv-123': () =>
        json({ name: 'Alice Driver', email: 'alice@example.com', expiresAt: '2026-01-17T10:00:00.000Z' }),
      'POST /api/driver-account/welcome/inv-123': ({ init }) =>
        bodyOf(init).password === 'short-one!!'
          ? json(
              {
                message: 'Password must be 10 to 128 characters',
                code: 'validation_failed',
                errors: { password: 'Server says: too weak' },
              },
              400,
            )
          : json({ success: true, token: 'drv-new', message: DRIVER_ACCOUNT_MSG.passwordSet, driver: IDENTITY }),
      'GET /api/driver/me': () => json(self()),
    });
    renderAt('/driver/welcome/inv-123');
    await screen.findByRole('heading', { name: 'Welcome to VanHop, Alice Driver' });
    expect(screen.getByText('alice@example.com')).toBeShown();

    type('Password', 'long-enough-1');
    type('Confirm password', 'long-enough-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(errorOf('Confirm password')).toBe(DRIVER_ACCOUNT_MSG.passwordMatch));

    type('Password', 'short-one!!');
    type('Confirm password', 'short-one!!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(errorOf('Password')).toBe('Server says: too weak'));

    type('Password', 'long-enough-1');
    type('Confirm password', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(where()).toBe('/driver/prices'));
    expect(window.localStorage.getItem(DRIVER_TOKEN_KEY)).toBe('drv-new');
    expect(bodyOf(calls.filter((c) => c.key.startsWith('POST'))[1]!.init)).toEqual({
      password: 'long-enough-1',
      password1: 'long-enough-1',
    });
    expect((await screen.findByRole('status')).textContent).toBe(DRIVER_ACCOUNT_MSG.passwordSet);
  });

  it('the welcome page shows a spent link with a way to sign in', async () => {
    stubPortalApi({
      'GET /api/driver-account/welcome/old': () => json({ message: DRIVER_ACCOUNT_MSG.inviteSpent, code: 'gone' }, 410),
    });
    renderAt('/driver/welcome/old');
    expect((await screen.findByRole('alert')).textContent).toBe(DRIVER_ACCOUNT_MSG.inviteSpent);
    expect(screen.getByRole('link', { name: 'Go to driver sign in' }).getAttribute('href')).toBe('/driver/login');
  });

  it('the prices page shows each range, refuses numbers outside it, sends pence and shows server field errors', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'drv-tok');
    let reply: (body: Record<string, unknown>) => Response = (body) => json(self({ card: body as never }));
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self()),
      'PUT /api/driver/me/card': ({ init }) => reply(bodyOf(init)),
    });
    renderAt('/driver/prices');
    expect(((await screen.findByLabelText('Van per hour, Large (£)')) as HTMLInputElement).value).toBe('40.00');
    expect(hintOf('Van per hour, Large (£)')).toBe('Allowed £20.00 – £80.00');
    expect(hintOf('Free route under (miles)')).toBe('Allowed 0 – 20 miles');

    type('Van per hour, Large (£)', '81');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(errorOf('Van per hour, Large (£)')).toBe('Must be from £20.00 to £80.00'));
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    type('Van per hour, Large (£)', '42.50');
    type('Late booking within (minutes)', '90');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('status')).textContent).toBe('Prices saved');
    const sent = bodyOf(calls.find((c) => c.key === 'PUT /api/driver/me/card')!.init);
    expect(sent).toEqual({
      ...CARD,
      vanPerHourPence: { ...CARD.vanPerHourPence, Large: 4250 },
      lateBookingWithinMinutes: 90,
    });
    expect(await priceCardSchema.isValid(sent, { strict: true })).toBe(true);
    expect((screen.getByLabelText('Van per hour, Large (£)') as HTMLInputElement).value).toBe('42.50');

    reply = () =>
      json(
        {
          message: 'Price card is invalid',
          code: 'validation_failed',
          errors: { 'card.viaStopPence': DRIVER_MSG.outsideBounds(500, 2000), minimumHours: DRIVER_MSG.minimumHours },
        },
        400,
      );
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(errorOf('Via stop (£)')).toBe('Must be from £5.00 to £20.00'));
    expect(errorOf('Minimum hours')).toBe(DRIVER_MSG.minimumHours);
    expect(screen.getByTestId('prices-error').textContent).toBe('Price card is invalid');
  });

  it('the availability page adds a period and a day off and PUTs the Availability shape', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'drv-tok');
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self({ cardBounds: BOUNDS, availability: null })),
      'PUT /api/driver/me/availability': ({ init }) => json(self({ availability: bodyOf(init) as never })),
    });
    renderAt('/driver/availability');
    await screen.findByText(NO_HOURS_NOTE);

    const monday = within(screen.getByRole('group', { name: 'Monday' }));
    fireEvent.click(monday.getByRole('button', { name: 'Add period' }));
    expect((screen.getByLabelText('Monday period 1 from') as HTMLSelectElement).value).toBe('09:00');
    fireEvent.change(screen.getByLabelText('Monday period 1 to'), { target: { value: '13:00' } });
    fireEvent.click(monday.getByRole('button', { name: 'Add period' }));
    expect((screen.getByLabelText('Monday period 2 from') as HTMLSelectElement).value).toBe('13:00');
    fireEvent.change(screen.getByLabelText('Monday period 2 to'), { target: { value: '18:30' } });
    const saturday = within(screen.getByRole('group', { name: 'Saturday' }));
    fireEvent.click(saturday.getByRole('button', { name: 'Add period' }));

    type('Day off', '2026-04-03');
    fireEvent.click(screen.getByRole('button', { name: 'Add day off' }));
    type('Day off', '2026-02-14');
    fireEvent.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(within(screen.getByRole('list', { name: 'Days off' })).getAllByRole('listitem')).toHaveLength(2);

    // An overlap is refused before anything is sent.
    fireEvent.change(screen.getByLabelText('Monday period 2 from'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect((await monday.findByText(AVAILABILITY_MSG.overlap)).getAttribute('role')).toBe('alert');
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Monday period 2 from'), { target: { value: '13:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect((await screen.findByRole('status')).textContent).toBe('Availability saved');
    const sent = bodyOf(calls.find((c) => c.key === 'PUT /api/driver/me/availability')!.init);
    expect(sent).toEqual({
      weekly: {
        mon: [
          { from: '09:00', to: '13:00' },
          { from: '13:15', to: '18:30' },
        ],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [{ from: '09:00', to: '17:00' }],
        sun: [],
      },
      daysOff: ['2026-02-14', '2026-04-03'],
    });
    expect(await availabilitySchema.isValid(sent, { strict: true })).toBe(true);
    expect(screen.queryByText(NO_HOURS_NOTE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove day off 2026-02-14' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Saturday period 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(2));
    const second = bodyOf(calls.filter((c) => c.key.startsWith('PUT'))[1]!.init) as {
      weekly: Record<string, unknown[]>;
      daysOff: string[];
    };
    expect(second.daysOff).toEqual(['2026-04-03']);
    expect(second.weekly.sat).toEqual([]);
  });

  it('the jobs page groups the jobs, and Accept posts to the job and updates its card', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'drv-tok');
    const offered = job({ bookingId: 'bk-9', randomNumber: 9001 });
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () =>
        json({
          today: [offered],
          upcoming: [job({ bookingId: 'bk-2', randomNumber: 9002, status: 'accepted' })],
          past: [],
        }),
      'POST /api/driver/me/jobs/bk-9/accept': () =>
        json({ ...offered, status: 'accepted', respondedAt: '2026-03-01T09:30:00.000Z' }),
    });
    renderAt('/driver/jobs');
    const today = within(await screen.findByRole('region', { name: 'Today' }));
    const card = within(today.getByRole('article', { name: 'Booking 9001' }));
    expect(card.getByText(/Respond by/).textContent).toBe('Respond by Sun, 1 Mar 2026, 11:00');
    expect(card.getByText('Thu, 5 Mar 2026, 08:30')).toBeShown();
    expect(
      card.getByRole('link', { name: 'London NW2, UK, 12 Cricklewood Lane' }).closest('li')!.textContent,
    ).toContain('(2 flights of stairs)');
    expect(card.getByText('carol@example.com').getAttribute('href')).toBe('mailto:carol@example.com');
    expect(card.getByText('Sofa and boxes')).toBeShown();
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getByTestId('job-status').textContent).toBe(
      'Accepted',
    );
    expect(within(screen.getByRole('region', { name: 'Past' })).getByText('No past jobs.')).toBeShown();

    fireEvent.click(card.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card.getByTestId('job-status').textContent).toBe('Accepted'));
    expect(card.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.key)).toEqual([
      'POST /api/driver/me/jobs/bk-9/accept',
    ]);
    expect(screen.getByRole('status').textContent).toBe('You accepted booking 9001.');
  });

  it('a 409 on an answer shows the message and reads the jobs again', async () => {
    window.localStorage.setItem(DRIVER_TOKEN_KEY, 'drv-tok');
    let list = { today: [], upcoming: [job()], past: [] } as unknown;
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json(list),
      'POST /api/driver/me/jobs/bk-1/decline': () => {
        list = { today: [], upcoming: [], past: [job({ status: 'returned-to-staff', returnedBecause: 'expired' })] };
        return json({ message: 'Too late: this job went back to the office', code: 'conflict' }, 409);
      },
    });
    renderAt('/driver/jobs');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm decline' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too late: this job went back to the office');
    await waitFor(() =>
      expect(screen.getByTestId('job-status').textContent).toBe('Not answered in time: back with the office'),
    );
    expect(calls.filter((c) => c.key === 'GET /api/driver/me/jobs')).toHaveLength(2);
  });
});
