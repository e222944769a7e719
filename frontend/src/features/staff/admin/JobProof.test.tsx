import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { JobProof } from './JobProof';
import { TOKEN_KEY } from './session';
import { isolateEachTest, json, renderArea } from '../../../testing/area-harness';
import { fakeApi } from '../../../testing/fakeApi';

const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';
const SIGNATURE = 'data:image/png;base64,c2lnbmF0dXJl';

/** A done record's panel shows the photos and signature taken at "done". */
describe('proof of delivery in the staff record panel', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'staff-tok' });

  it('reads the proof with the staff token and shows who signed, the photos and the signature', async () => {
    const { calls } = fakeApi({
      'GET /api/drivers/admin/jobs/bk-1/proof': () =>
        json({
          bookingId: 'bk-1',
          driverId: 'drv-1',
          signedFor: { name: 'Ada Lovelace', at: '2026-03-01T12:30:00.000Z' },
          photos: [PHOTO, PHOTO],
          signature: SIGNATURE,
        }),
    });
    renderArea('/admin/*', <JobProof bookingId="bk-1" />, '/admin/dashboard');
    await screen.findByText('Signed for by Ada Lovelace at 12:30');
    expect(screen.getAllByRole('img', { name: /^Photo \d of the load$/ }).map((i) => i.getAttribute('src'))).toEqual([
      PHOTO,
      PHOTO,
    ]);
    expect(screen.getByRole('img', { name: 'Signature of Ada Lovelace' }).getAttribute('src')).toBe(SIGNATURE);
    expect(
      (calls[0]!.init.headers as Record<string, string>).Authorization ??
        (calls[0]!.init.headers as Record<string, string>).authorization,
    ).toBe('Bearer staff-tok');
  });

  it('says so when the proof cannot be read', async () => {
    fakeApi({ 'GET /api/drivers/admin/jobs/bk-2/proof': () => json({ message: 'No such job' }, 404) });
    renderArea('/admin/*', <JobProof bookingId="bk-2" />, '/admin/dashboard');
    await screen.findByText('The photos and signature could not be read.');
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});
