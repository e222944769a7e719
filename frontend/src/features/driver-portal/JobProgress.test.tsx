import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JOB_PROGRESS_MSG, type JobView } from '@vanhop/contracts';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { job } from '../../testing/driver-fixtures';
import { bodyOf, json, isolateEachTest } from '../../testing/area-harness';
import { giveProof, SIGNATURE } from './job-day-testing';

const renderJobs = () => renderPortalAt('/driver/jobs');
const cardOf = async (randomNumber: number) =>
  within(await screen.findByRole('article', { name: `Booking ${randomNumber}` }));

/** Now, as the server sees it: the move started an hour ago, so the steps are open. */
const startedHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const opensAt = (moveDate: string) => new Date(Date.parse(moveDate) - 2 * 3_600_000).toISOString();

/** The driver marks on my way → arrived → done on today's job. */
describe('driver portal: the day of the move', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });

  it('shows one step at a time and sends each in turn; the card follows the answer', async () => {
    const date = startedHourAgo();
    const today: JobView = job({
      bookingId: 'bk-9',
      randomNumber: 9001,
      status: 'accepted',
      move: { ...job().move, date },
      progressOpensAt: opensAt(date),
    });
    let progress: JobView['progress'] = null;
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [today], upcoming: [], past: [] }),
      'POST /api/driver/me/jobs/bk-9/progress': ({ init }) => {
        progress = bodyOf(init).step as JobView['progress'];
        return json({ ...today, progress, progressAt: '2026-03-05T08:00:00.000Z' });
      },
    });
    renderJobs();
    const card = await cardOf(9001);
    const steps = () =>
      within(card.getByTestId('job-progress'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(steps()).toEqual(['On my way', 'Arrived', 'Done']);
    expect(card.queryByRole('button', { name: 'Arrived' })).toBeNull();

    fireEvent.click(card.getByRole('button', { name: 'On my way' }));
    await waitFor(() => expect(card.getByRole('button', { name: 'Arrived' })).toBeShown());
    expect(steps()[0]).toMatch(/^✓ You are on your way at \d\d:\d\d$/);
    fireEvent.click(card.getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(card.getByRole('button', { name: 'Done' })).toBeShown());
    fireEvent.click(card.getByRole('button', { name: 'Done' }));
    await giveProof(card);
    await waitFor(() =>
      expect(steps()).toEqual([
        '✓ You are on your way',
        '✓ You have arrived',
        expect.stringMatching(/^✓ Job done: thank you at /),
      ]),
    );
    expect(card.queryByRole('button', { name: /On my way|Arrived|Done/ })).toBeNull();
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => bodyOf(c.init).step)).toEqual([
      'on-my-way',
      'arrived',
      'done',
    ]);
    expect(bodyOf(calls.at(-1)!.init)).toMatchObject({
      photos: [expect.stringMatching(/^data:image\/png;base64,/)],
      signature: SIGNATURE,
      signedBy: 'Carol Customer',
    });
  });

  it('before the steps open it says from when; an upcoming job shows none; a refusal is shown and the list reloaded', async () => {
    const later = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const soon: JobView = job({
      bookingId: 'bk-8',
      randomNumber: 8001,
      status: 'accepted',
      move: { ...job().move, date: later },
      progressOpensAt: opensAt(later),
    });
    const date = startedHourAgo();
    const refused: JobView = job({
      bookingId: 'bk-7',
      randomNumber: 7001,
      status: 'accepted',
      move: { ...job().move, date },
      progressOpensAt: opensAt(date),
    });
    const upcoming: JobView = job({
      bookingId: 'bk-6',
      randomNumber: 6001,
      status: 'accepted',
      move: { ...job().move, date: '2099-03-05T08:30:00.000Z' },
    });
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [soon, refused], upcoming: [upcoming], past: [] }),
      'POST /api/driver/me/jobs/bk-7/progress': () => json({ message: JOB_PROGRESS_MSG.cancelled }, 409),
    });
    renderJobs();
    const early = await cardOf(8001);
    // A move after 02:00 London today opens later today; one just after midnight may not show (another London day).
    if (early.queryByTestId('job-progress')) {
      expect(early.queryByRole('button', { name: 'On my way' })).toBeNull();
      expect(early.getByTestId('job-progress').textContent).toContain('You can mark “On my way” from');
    }
    expect((await cardOf(6001)).queryByTestId('job-progress')).toBeNull();

    const card = await cardOf(7001);
    fireEvent.click(card.getByRole('button', { name: 'On my way' }));
    expect((await card.findByRole('alert')).textContent).toBe(JOB_PROGRESS_MSG.cancelled);
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/driver/me/jobs').length).toBe(2));
  });
});
