import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AVAILABILITY_MSG, type Availability } from '@vanhop/contracts';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { ANY_TIME_TEXT, NOTHING_TO_SAVE, NOT_WORKING_TEXT, NO_HOURS_NOTE, NO_WORK_NOTE } from './availability-text';
import { self } from '../../testing/driver-fixtures';
import { bodyOf, json, type, isolateEachTest } from '../../testing/area-harness';
import { recordScrollIntoView } from '../../testing/scroll-recorder';

const renderAvailability = () => renderPortalAt('/driver/availability');
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** The words under each day that has no periods, by day. */
const dayTexts = () =>
  Object.fromEntries(
    DAYS.map((d) => [
      d,
      within(screen.getByRole('group', { name: d })).queryByTestId('day-hours')?.textContent ?? null,
    ]),
  );
const every = (text: string | null) => Object.fromEntries(DAYS.map((d) => [d, text]));
const EMPTY_WEEK: Availability['weekly'] = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

/** The driver's Availability page says what quoting does, and a refused Save shows why. */
describe('driver portal: availability page', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });

  it('each day says what quoting does: any time while no hours are saved, else only its periods', async () => {
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self({ availability: null })),
      'PUT /api/driver/me/availability': ({ init }) => json(self({ availability: bodyOf(init) as never })),
    });
    renderAvailability();
    expect((await screen.findByTestId('no-hours-note')).textContent).toBe(NO_HOURS_NOTE);
    expect(dayTexts()).toEqual(every(ANY_TIME_TEXT));
    expect(screen.queryByText(NOT_WORKING_TEXT)).toBeNull();

    // Saving the untouched page would store hours with no periods (offered nothing): it is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect((await screen.findByRole('status')).textContent).toBe(NOTHING_TO_SAVE);
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    // Once the week has a period, saving it means the other days are not worked: they say so.
    fireEvent.click(within(screen.getByRole('group', { name: 'Monday' })).getByRole('button', { name: 'Add period' }));
    expect(dayTexts()).toEqual({ ...every(NOT_WORKING_TEXT), Monday: null });
    expect(screen.queryByTestId('no-hours-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Monday period 1' }));
    expect(dayTexts()).toEqual(every(ANY_TIME_TEXT));

    // A day off alone would also store hours with no periods: every day not worked, and a warning.
    type('Day off', '2026-04-03');
    fireEvent.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(dayTexts()).toEqual(every(NOT_WORKING_TEXT));
    expect(screen.getByTestId('no-work-note').textContent).toBe(NO_WORK_NOTE);

    // Saved hours: the days without periods are not worked, and the any-time note is gone for good.
    fireEvent.click(within(screen.getByRole('group', { name: 'Tuesday' })).getByRole('button', { name: 'Add period' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect((await screen.findByRole('status')).textContent).toBe('Availability saved');
    expect(bodyOf(calls.find((c) => c.key.startsWith('PUT'))!.init)).toEqual({
      weekly: { ...EMPTY_WEEK, tue: [{ from: '09:00', to: '17:00' }] },
      daysOff: ['2026-04-03'],
    });
    expect(dayTexts()).toEqual({ ...every(NOT_WORKING_TEXT), Tuesday: null });
    expect(screen.queryByTestId('no-hours-note')).toBeNull();
    expect(screen.queryByTestId('no-work-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove day off 2026-04-03' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tuesday period 1' }));
    expect(dayTexts()).toEqual(every(NOT_WORKING_TEXT));
    expect(screen.queryByText(ANY_TIME_TEXT)).toBeNull();
  });
});

describe('driver portal: a refused availability Save', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });
  const scrolled = recordScrollIntoView();

  it('focuses the first wrong period and brings it into view, for the page’s checks and the service’s', async () => {
    const saved: Availability = {
      weekly: {
        ...EMPTY_WEEK,
        tue: [{ from: '09:00', to: '12:00' }],
        fri: [
          { from: '09:00', to: '12:00' },
          { from: '13:00', to: '17:00' },
        ],
      },
      daysOff: [],
    };
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self({ availability: saved })),
      'PUT /api/driver/me/availability': () =>
        json(
          {
            message: 'Availability is invalid',
            code: 'validation_failed',
            errors: { 'weekly.tue[0].to': AVAILABILITY_MSG.time },
          },
          400,
        ),
    });
    renderAvailability();
    await screen.findByLabelText('Friday period 2 from');
    // Friday's periods overlap: the day's error marks its times, and the first of them gets the focus.
    fireEvent.change(screen.getByLabelText('Friday period 2 from'), { target: { value: '11:00' } });
    const save = screen.getByRole('button', { name: 'Save availability' });
    save.focus();
    fireEvent.click(save);
    const friday = screen.getByLabelText('Friday period 1 from');
    await waitFor(() => expect(document.activeElement).toBe(friday));
    expect(friday.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(friday.getAttribute('aria-describedby')!)!.textContent).toBe(
      AVAILABILITY_MSG.overlap,
    );
    expect(scrolled).toEqual([friday]);
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    // The service's field error lands on Tuesday's period, which comes first on the page.
    fireEvent.change(screen.getByLabelText('Friday period 2 from'), { target: { value: '13:00' } });
    save.focus();
    fireEvent.click(save);
    const tuesday = screen.getByLabelText('Tuesday period 1 from');
    await waitFor(() => expect(document.activeElement).toBe(tuesday));
    expect(document.getElementById(tuesday.getAttribute('aria-describedby')!)!.textContent).toBe(AVAILABILITY_MSG.time);
    expect(screen.getByLabelText('Friday period 1 from').getAttribute('aria-invalid')).toBeNull();
    expect(scrolled).toEqual([friday, tuesday]);
    expect(bodyOf(calls.find((c) => c.key.startsWith('PUT'))!.init)).toMatchObject({
      weekly: {
        fri: [
          { from: '09:00', to: '12:00' },
          { from: '13:00', to: '17:00' },
        ],
      },
    });
  });

  it('new hours that leave out an accepted job warn the driver at once, naming the job', async () => {
    stubPortalApi({
      'GET /api/driver/me': () => json(self({ availability: null })),
      'PUT /api/driver/me/availability': ({ init }) =>
        json({
          ...self({ availability: bodyOf(init) as never }),
          jobsOutsideHours: [{ bookingId: 'bk-1', randomNumber: 4242, date: '2026-04-03T09:00:00.000Z' }],
        }),
    });
    renderAvailability();
    await screen.findByTestId('no-hours-note');
    fireEvent.click(within(screen.getByRole('group', { name: 'Monday' })).getByRole('button', { name: 'Add period' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const warning = await screen.findByTestId('jobs-outside-hours');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('Your new hours leave out a job you have: the office can see this.');
    expect(warning.textContent).toContain('Booking 4242 on');
  });

  it('hours that would leave out a job are not saved before the driver says so: warned first, then Save anyway', async () => {
    const leftOut = [{ bookingId: 'bk-1', randomNumber: 4242, date: '2026-04-03T09:00:00.000Z' }];
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self({ availability: null })),
      'POST /api/driver/me/availability/check': () => json({ jobsOutsideHours: leftOut }),
      'PUT /api/driver/me/availability': ({ init }) =>
        json({ ...self({ availability: bodyOf(init) as never }), jobsOutsideHours: leftOut }),
    });
    renderAvailability();
    await screen.findByTestId('no-hours-note');
    fireEvent.click(within(screen.getByRole('group', { name: 'Monday' })).getByRole('button', { name: 'Add period' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const warning = await screen.findByTestId('hours-leave-out-jobs');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('Not saved yet: these hours leave out a job you have.');
    expect(warning.textContent).toContain('Booking 4242 on');
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);

    // Keep editing: nothing saved, the warning goes; the next Save asks again.
    fireEvent.click(within(warning).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByTestId('hours-leave-out-jobs')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const again = await screen.findByTestId('hours-leave-out-jobs');
    expect(calls.filter((c) => c.key.startsWith('POST /api/driver/me/availability/check'))).toHaveLength(2);

    fireEvent.click(within(again).getByRole('button', { name: 'Save anyway' }));
    expect((await screen.findByRole('status')).textContent).toBe('Availability saved');
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(1);
    expect(screen.queryByTestId('hours-leave-out-jobs')).toBeNull();
    expect((await screen.findByTestId('jobs-outside-hours')).textContent).toContain('Booking 4242 on');
  });

  it('hours that leave out nothing are saved at once', async () => {
    const { calls } = stubPortalApi({
      'GET /api/driver/me': () => json(self({ availability: null })),
      'POST /api/driver/me/availability/check': () => json({ jobsOutsideHours: [] }),
      'PUT /api/driver/me/availability': ({ init }) => json(self({ availability: bodyOf(init) as never })),
    });
    renderAvailability();
    await screen.findByTestId('no-hours-note');
    fireEvent.click(within(screen.getByRole('group', { name: 'Monday' })).getByRole('button', { name: 'Add period' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect((await screen.findByRole('status')).textContent).toBe('Availability saved');
    expect(calls.map((c) => c.key).filter((k) => k.includes('availability'))).toEqual([
      'POST /api/driver/me/availability/check',
      'PUT /api/driver/me/availability',
    ]);
    expect(screen.queryByTestId('hours-leave-out-jobs')).toBeNull();
  });
});
