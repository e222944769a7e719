/**
 * A hold's outcome short of a refusal: held, or refused only because these bookings' unpaid
 * checkouts of the same customer hold the time (their checkouts may be closed, then superseded).
 */
export type HoldOutcome = { held: true } | { heldByCustomer: string[] };

/** How payment holds a booked driver's time while a customer pays (the quote service owns it). */
export interface DriverTime {
  /**
   * Holds the driver for the move (start, booked hours) until `expiresAt`, or throws ConflictError
   * when another booking has them; when only the same customer's (`holder`) unpaid checkouts do,
   * says which. The unpaid holds of `supersedes` (checkouts closed at the provider) give way.
   * Repeating it for the same booking is harmless.
   */
  hold(
    driverId: string,
    bookingId: string,
    start: string,
    hours: number,
    expiresAt: Date,
    holder?: string,
    supersedes?: string[],
  ): Promise<HoldOutcome>;
  /** Gives back an unpaid booking's hold (its checkout failed): the driver is free for others at once. */
  release(bookingId: string): Promise<void>;
}
