import type { Clock, Logger, OutboxRelay } from '@vanhop/platform';

/** What the supply events' publishers (DriverCardOutbox, DriverTimeOutbox) are given. */
export interface SupplyOutboxDeps {
  relay: Pick<OutboxRelay, 'kick'>;
  clock: Clock;
  logger?: Logger;
  /**
   * Told each revision parked here, by its key (a driver, or `booking:driver`): SupplyFreshness
   * makes this replica's quotes wait for it.
   */
  published?: (key: string, revision: number) => void;
}
