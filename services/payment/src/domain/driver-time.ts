/** How payment holds a booked driver's time while a customer pays (the quote service owns it). */
export interface DriverTime {
  /**
   * Holds the driver for the move (start, booked hours) until `expiresAt`, or throws ConflictError
   * when another booking has them. Repeating it for the same booking is harmless.
   */
  hold(
    driverId: string,
    bookingId: string,
    start: string,
    hours: number,
    expiresAt: Date,
    holder?: string,
  ): Promise<void>;
  /** Gives back an unpaid booking's hold (its checkout failed): the driver is free for others at once. */
  release(bookingId: string): Promise<void>;
}
