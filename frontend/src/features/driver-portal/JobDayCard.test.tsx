import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DAY_SETTLEMENT_MSG, JOB_CALL_MSG, JOB_PROOF_MSG, type JobView } from '@vanhop/contracts';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { job } from '../../testing/driver-fixtures';
import { bodyOf, json, isolateEachTest } from '../../testing/area-harness';
import { giveProof, pngFile, sign, stubCanvas } from './job-day-testing';

const renderJobs = () => renderPortalAt('/driver/jobs');
const cardOf = async (randomNumber: number) =>
  within(await screen.findByRole('article', { name: `Booking ${randomNumber}` }));

const londonDay = (t: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(t);
/**
 * A move that started an hour ago, or just now in the first hour of a London day: the call is open
 * to the end of the move's own day, so a move started before midnight would have none after it.
 */
const startedHourAgo = () => {
  const now = Date.now();
  const hourAgo = now - 3_600_000;
  return new Date(londonDay(hourAgo) === londonDay(now) ? hourAgo : now).toISOString();
};
const today = (over: Partial<JobView> = {}): JobView => {
  const date = startedHourAgo();
  return job({
    bookingId: 'bk-9',
    randomNumber: 9001,
    status: 'accepted',
    move: { ...job().move, date },
    progressOpensAt: new Date(Date.parse(date) - 7_200_000).toISOString(),
    pricePence: 21953,
    cashToCollectPence: 15000,
    ...over,
  });
};

/** The job card on the day (map links, the call, photos and signature at done). */
describe('driver portal: the job card on the day', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });

  it('links each address to directions (new tab) and to a navigation app; the money stands out', async () => {
    stubPortalApi({ 'GET /api/driver/me/jobs': () => json({ today: [today()], upcoming: [], past: [] }) });
    renderJobs();
    const card = await cardOf(9001);
    const first = card.getByRole('link', { name: 'London NW2, UK, 12 Cricklewood Lane' });
    expect(first.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Cricklewood%20Lane%2C%20London%20NW2%2C%20UK',
    );
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.getAttribute('rel')).toContain('noopener');
    expect(
      card
        .getByRole('link', { name: 'Open London SE1, UK, 5 Borough High Street in a navigation app' })
        .getAttribute('href'),
    ).toBe('geo:0,0?q=5%20Borough%20High%20Street%2C%20London%20SE1%2C%20UK');
    const money = card.getByTestId('job-money');
    expect(money.textContent).toBe('Price £219.53 · Cash to collect on the day £150.00');
    expect(money.closest('.portal-day-money')).not.toBeNull();
  });

  it('"Call customer" shows the stand-in\'s words, or a masked number to dial; never the customer\'s phone; not on a job that is off', async () => {
    let answer: unknown = { connected: false, message: JOB_CALL_MSG.standIn };
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () =>
        json({
          // Calls relayed: the server gives no customer phone.
          today: [
            today({ customer: { name: 'Carol Customer', email: 'carol@example.com', phone: null } }),
            today({ bookingId: 'bk-8', randomNumber: 8001, bookingState: 'cancelled' }),
          ],
          upcoming: [
            job({
              bookingId: 'bk-5',
              randomNumber: 5001,
              status: 'accepted',
              move: { ...job().move, date: '2099-03-05T08:30:00.000Z' },
            }),
          ],
          past: [],
        }),
      'POST /api/driver/me/jobs/bk-9/call': () => json(answer),
    });
    renderJobs();
    const card = await cardOf(9001);
    fireEvent.click(card.getByRole('button', { name: 'Call customer' }));
    const standIn = await card.findByTestId('call-stand-in');
    expect(standIn.textContent).toBe(`Stand-in: ${JOB_CALL_MSG.standIn}`);
    expect(standIn.textContent).not.toMatch(/07700/);

    answer = { connected: true, dial: '+44 20 3000 0001', expiresAt: '2099-01-01T00:00:00.000Z' };
    fireEvent.click(card.getByRole('button', { name: 'Call customer' }));
    const dial = await card.findByRole('link', { name: 'Dial +44 20 3000 0001' });
    expect(dial.getAttribute('href')).toBe('tel:+442030000001');
    expect(within(card.getByTestId('job-call')).queryByText(/07700/)).toBeNull();
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.key)).toEqual([
      'POST /api/driver/me/jobs/bk-9/call',
      'POST /api/driver/me/jobs/bk-9/call',
    ]);

    expect((await cardOf(8001)).queryByRole('button', { name: 'Call customer' })).toBeNull();
    expect((await cardOf(5001)).queryByRole('button', { name: 'Call customer' })).toBeNull();
  });

  it('calls not relayed: "Call customer" dials the very number the card shows, and asks the server nothing', async () => {
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [today()], upcoming: [], past: [] }),
    });
    renderJobs();
    const card = await cardOf(9001);
    const shown = card.getByRole('link', { name: '07700 900456' });
    const call = within(card.getByTestId('job-call')).getByRole('link', { name: 'Call customer' });
    expect(call.getAttribute('href')).toBe(shown.getAttribute('href'));
    expect(call.getAttribute('href')).toBe('tel:07700900456');
    expect(card.queryByTestId('call-stand-in')).toBeNull();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('"Done" asks for a photo and the signature first, refuses what is not an image, then sends all in one request', async () => {
    const arrived = today({ progress: 'arrived', progressAt: new Date().toISOString() });
    const { calls } = stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [arrived], upcoming: [], past: [] }),
      'POST /api/driver/me/jobs/bk-9/progress': ({ init }) => {
        const b = bodyOf(init) as { signedBy: string };
        return json({
          ...arrived,
          progress: 'done',
          progressAt: '2026-03-05T12:30:00.000Z',
          signedFor: { name: b.signedBy, at: '2026-03-05T12:30:00.000Z' },
        });
      },
    });
    renderJobs();
    const card = await cardOf(9001);
    fireEvent.click(card.getByRole('button', { name: 'Done' }));
    stubCanvas();
    const form = within(await card.findByTestId('done-proof'));
    fireEvent.click(form.getByRole('button', { name: 'Mark done' }));
    expect(form.getByText(JOB_PROOF_MSG.photosRequired)).toBeShown();
    expect(form.getByText(JOB_PROOF_MSG.signatureRequired)).toBeShown();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    const input = form.getByLabelText('Photos of the load');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } });
    expect((await form.findByText(JOB_PROOF_MSG.photoType)).getAttribute('role')).toBe('alert');
    fireEvent.change(input, { target: { files: [pngFile()] } });
    await form.findByRole('img', { name: 'Photo 1 of the load' });
    sign(form.getByTestId('signature-pad'));
    // Signed: the "signature required" error clears at once, before the next submit.
    await waitFor(() => expect(form.queryByText(JOB_PROOF_MSG.signatureRequired)).toBeNull());
    fireEvent.change(form.getByLabelText('Signed by'), { target: { value: 'Dave Neighbour' } });
    // What was paid on the day is asked before anything is sent.
    fireEvent.click(form.getByRole('button', { name: 'Mark done' }));
    expect(form.getByText(DAY_SETTLEMENT_MSG.methodRequired)).toBeShown();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
    fireEvent.click(form.getByRole('radio', { name: 'Cash' }));
    fireEvent.change(form.getByLabelText('Amount collected (£)'), { target: { value: '9999' } });
    fireEvent.click(form.getByRole('button', { name: 'Mark done' }));
    expect(form.getByText(/more than the customer owes on the day/)).toBeShown();
    fireEvent.change(form.getByLabelText('Amount collected (£)'), { target: { value: '103.00' } });
    fireEvent.change(form.getByLabelText('Started at (optional)'), { target: { value: '09:05' } });
    fireEvent.change(form.getByLabelText('Finished at (optional)'), { target: { value: '11:40' } });
    fireEvent.click(form.getByRole('button', { name: 'Mark done' }));
    expect((await card.findByTestId('signed-for')).textContent).toBe('Signed for by Dave Neighbour at 12:30');
    const posts = calls.filter((c) => c.key.startsWith('POST'));
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]!.init)).toMatchObject({
      step: 'done',
      signedBy: 'Dave Neighbour',
      photos: [expect.stringMatching(/^data:image\/png;base64,iVBOR/)],
      collected: { method: 'cash', amountPence: 10300 },
      times: { startedAt: expect.stringMatching(/T09:05:00/), finishedAt: expect.stringMatching(/T11:40:00/) },
    });
    expect(card.queryByTestId('done-proof')).toBeNull();
  });

  it("a refused proof shows the server's words by the field", async () => {
    const arrived = today({ progress: 'arrived', progressAt: new Date().toISOString() });
    stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [arrived], upcoming: [], past: [] }),
      'POST /api/driver/me/jobs/bk-9/progress': () =>
        json({ message: JOB_PROOF_MSG.photoContent, errors: { 'photos[0]': JOB_PROOF_MSG.photoContent } }, 400),
    });
    renderJobs();
    const card = await cardOf(9001);
    fireEvent.click(card.getByRole('button', { name: 'Done' }));
    await giveProof(card);
    await waitFor(() => expect(card.getByText(JOB_PROOF_MSG.photoContent)).toBeShown());
    expect(card.getByTestId('done-proof')).toBeShown();
  });
});
