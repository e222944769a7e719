import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JOB_RECONFIRM_TEXT } from '@vanhop/contracts';
import { stubPortalApi, renderPortalAt } from './portal-testing';
import { DRIVER_TOKEN_KEY } from './session';
import { job } from '../../testing/driver-fixtures';
import { json, isolateEachTest } from '../../testing/area-harness';

/** A move the driver accepted, moved outside their hours: the card asks them to confirm the new time. */
describe('driver portal: a changed job to confirm', () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });

  it('says the time changed and asks for an answer by the deadline; accepting makes it accepted', async () => {
    const changed = job({
      bookingId: 'bk-9',
      randomNumber: 9090,
      reconfirming: true,
      stateText: JOB_RECONFIRM_TEXT.driver,
    });
    stubPortalApi({
      'GET /api/driver/me/jobs': () => json({ today: [], upcoming: [changed], past: [] }),
      'POST /api/driver/me/jobs/bk-9/accept': () =>
        json({ ...changed, status: 'accepted', reconfirming: false, stateText: 'Accepted' }),
    });
    renderPortalAt('/driver/jobs');
    const card = within(await screen.findByRole('article', { name: 'Booking 9090' }));
    expect(card.getByTestId('job-status').textContent).toBe(JOB_RECONFIRM_TEXT.driver);
    expect(card.getByTestId('reconfirm-note').textContent).toContain('new time outside your working hours');
    expect(card.getByText(/Respond by/)).toBeShown();

    fireEvent.click(card.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card.getByTestId('job-status').textContent).toBe('Accepted'));
    expect(card.queryByTestId('reconfirm-note')).toBeNull();
  });
});
