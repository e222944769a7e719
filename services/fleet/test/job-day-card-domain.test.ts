import { describe, expect, it } from 'vitest';
import {
  callWindow,
  directionsUrl,
  geoUri,
  JOB_CALL_MSG,
  JOB_PROOF_MSG,
  mapDestination,
  signedForText,
} from '@vanhop/contracts';
import { callRefusal } from '../src/domain/job-call.js';
import { proofProblems } from '../src/domain/job-done-proof.js';
import { FAKE_JPEG_DATA_URL, GIF_DATA_URL, JPEG_DATA_URL, PNG_DATA_URL } from '../../../test/support/job-proof.js';

/** The card's rules on the day (pure). */
describe('the job card on the day: rules', () => {
  it("links an address to directions and to the phone's navigation app, street first", () => {
    const destination = mapDestination({ location: 'London NW2, UK', physicalAddress: '12 Cricklewood Lane' });
    expect(destination).toBe('12 Cricklewood Lane, London NW2, UK');
    expect(mapDestination({ location: 'London NW2, UK', physicalAddress: ' ' })).toBe('London NW2, UK');
    expect(directionsUrl(destination)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Cricklewood%20Lane%2C%20London%20NW2%2C%20UK',
    );
    expect(geoUri('1 A&B Road')).toBe('geo:0,0?q=1%20A%26B%20Road');
  });

  it('calls are open from the London day before the move to the end of its day (summer time too)', () => {
    expect(callWindow('2026-07-11T09:00:00.000Z')).toEqual({
      opens: new Date('2026-07-09T23:00:00.000Z'),
      closes: new Date('2026-07-11T23:00:00.000Z'),
    });
    expect(callWindow('nonsense')).toBeNull();
    const job = { status: 'accepted' as const, bookingState: 'active' as const, moveDate: '2026-01-17T10:00:00.000Z' };
    expect(callRefusal(job, new Date('2026-01-16T00:00:00.000Z'))).toBeNull();
    expect(callRefusal(job, new Date('2026-01-17T23:59:00.000Z'))).toBeNull();
    expect(callRefusal(job, new Date('2026-01-15T23:59:00.000Z'))).toBe(JOB_CALL_MSG.notOpen);
    expect(callRefusal({ ...job, status: 'offered' }, new Date('2026-01-17T08:00:00.000Z'))).toBe(
      JOB_CALL_MSG.notAccepted,
    );
    expect(callRefusal({ ...job, bookingState: 'cancelled' }, new Date('2026-01-17T08:00:00.000Z'))).toBe(
      JOB_CALL_MSG.cancelled,
    );
    expect(callRefusal({ ...job, bookingState: 'postponed' }, new Date('2026-01-17T08:00:00.000Z'))).toBe(
      JOB_CALL_MSG.postponed,
    );
  });

  it('keeps only photos that are images of their declared type, and a PNG signature', () => {
    expect(
      proofProblems({ photos: [JPEG_DATA_URL, PNG_DATA_URL], signature: PNG_DATA_URL, signedBy: 'Ada' }),
    ).toBeNull();
    expect(
      proofProblems({
        photos: [GIF_DATA_URL, FAKE_JPEG_DATA_URL, 'https://example.com/x.jpg'],
        signature: JPEG_DATA_URL,
        signedBy: 'Ada',
      }),
    ).toEqual({
      'photos[0]': JOB_PROOF_MSG.photoType,
      'photos[1]': JOB_PROOF_MSG.photoContent,
      'photos[2]': JOB_PROOF_MSG.photoType,
      signature: JOB_PROOF_MSG.signatureFormat,
    });
  });

  it('says who signed for the move at London time', () => {
    expect(signedForText({ name: 'Ada Lovelace', at: '2026-07-11T11:30:00.000Z' })).toBe(
      'Signed for by Ada Lovelace at 12:30',
    );
  });
});
