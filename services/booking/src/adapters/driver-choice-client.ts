import {
  INTERNAL_DRIVER_CHOICE_PATHS,
  isInternalFreeDrivers,
  type ChooseDriverRequest,
  type InternalFreeDriver,
  type JobReassigned,
} from '@vanhop/contracts';
import type { InternalHttpClient } from '@vanhop/platform';
import { fleetServiceClient } from './fleet-http.js';
import type { DriverChoicePort } from '../domain/ports.js';

const isReassigned = (v: unknown): v is JobReassigned =>
  typeof (v as JobReassigned | null)?.bookingId === 'string' &&
  typeof (v as JobReassigned).driver?.id === 'string' &&
  typeof (v as JobReassigned).previousDriverId === 'string';

/** The customer's choice of driver, through the fleet service's internal job routes. */
export class HttpDriverChoice implements DriverChoicePort {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, timeoutMs: number) {
    this.http = fleetServiceClient(baseUrl, timeoutMs);
  }

  freeDrivers(bookingId: string): Promise<InternalFreeDriver[]> {
    return this.http.get(INTERNAL_DRIVER_CHOICE_PATHS.freeDrivers(bookingId), { accept: isInternalFreeDrivers });
  }

  choose(bookingId: string, driverId: string): Promise<JobReassigned> {
    const body: ChooseDriverRequest = { driverId };
    // Not retried: a lost answer may hide a change made; the customer reads My move again.
    return this.http.post(INTERNAL_DRIVER_CHOICE_PATHS.customerChoice(bookingId), body, {
      accept: isReassigned,
      fallback: { conflict: 'That driver is no longer free for your move. Please choose another.' },
    });
  }
}
