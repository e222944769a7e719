import {
  availabilityCovers,
  complianceTest,
  driverCanTake,
  type DocumentedDriver,
  type HelpLevel,
  type LatLng,
  type VanSize,
  type Window,
} from '@vanhop/contracts';

/**
 * Whether a driver pricing ranked for a booked move can still take it, by the drivers as stored
 * now: pricing reads a copy of the supply side fed by its events, which may lag a suspension or a
 * change of van, area, hours or documents by an event. Active, with the van and the help, covering
 * the pickup, working through the move's window and with documents valid on its day. Whether they
 * are free is left to the hold: the unique slot index is the final word on that.
 */
export function stillCanTake(
  driver: DocumentedDriver,
  move: { vanSize: VanSize; helpLevel: HelpLevel; pickup: LatLng; window: Window },
  now: Date,
): boolean {
  return (
    driverCanTake(driver, move) &&
    availabilityCovers(driver.availability, move.window) &&
    complianceTest(now, move.window.start)(driver)
  );
}
