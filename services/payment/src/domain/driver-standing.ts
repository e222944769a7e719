/** Whether a driver's account is active, as this service last heard from the drivers' owner. */
export interface DriverStandingRecord {
  driverId: string;
  /** The driver record's version the standing was read from: an older event never overwrites a newer one. */
  version: number;
  active: boolean;
}

/** The drivers' standing this service keeps from DriverUpdated, to refuse a suspended driver's session. */
export interface DriverStandingStore {
  /** Records the standing unless a newer version of the driver is already recorded. */
  follow(record: DriverStandingRecord): Promise<void>;
  find(driverId: string): Promise<DriverStandingRecord | null>;
}
