import { documentsAllowWork, londonDayOf, type DriverDocuments } from '../driver-documents.js';
import type { Driver } from './driver.js';

/** A driver as stored, with the compliance documents staff recorded (absent: none yet). */
export type DocumentedDriver = Driver & { documents?: DriverDocuments };

/**
 * The drivers whose insurance and licence allow new work: none recorded has expired by today nor by
 * the move's day (a driver insured until Friday is not offered a move on Saturday). Re-pricing a
 * booking already made (`forBookingId`) keeps its driver: existing jobs stay with them, only new
 * quotes and reassignments leave a lapsed driver out.
 */
export function compliantFor<D extends Driver>(
  drivers: readonly D[],
  now: Date,
  moveStart: Date | undefined,
  forBookingId?: string,
): D[] {
  if (forBookingId !== undefined) return [...drivers];
  return drivers.filter(complianceTest(now, moveStart, forBookingId));
}

/** compliantFor's test of one driver. */
export function complianceTest(
  now: Date,
  moveStart: Date | undefined,
  forBookingId?: string,
): (driver: Driver) => boolean {
  if (forBookingId !== undefined) return () => true;
  const today = londonDayOf(now);
  const day = moveStart && moveStart.getTime() > now.getTime() ? londonDayOf(moveStart) : today;
  // Most cards carry no documents: nothing to check for them.
  return (d) => {
    const docs = (d as DocumentedDriver).documents;
    return docs === undefined || documentsAllowWork(docs, day);
  };
}
