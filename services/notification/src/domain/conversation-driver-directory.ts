/** A driver as conversations need them: who to name to the customer, where to mail the driver. */
export interface DriverContact {
  id: string;
  name: string;
  email: string;
  active: boolean;
}

/** Drivers are the quote service's; conversations only look them up. */
export interface DriverDirectory {
  /** null when there is no such driver; throws when the directory cannot be asked (retry later). */
  contact(driverId: string): Promise<DriverContact | null>;
}
