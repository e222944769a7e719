import type { Clock, Logger, OutboxRelay } from '@vanhop/platform';

/** What the supply events' publishers (DriverCardOutbox, DriverTimeOutbox) are given. */
export interface SupplyOutboxDeps {
  relay: Pick<OutboxRelay, 'kick'>;
  clock: Clock;
  logger?: Logger;
}
