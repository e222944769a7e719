import { InternalHttpClient } from '@vanhop/platform';

/** The booking service's one way to call the fleet service's internal routes (drivers and their jobs). */
export const fleetServiceClient = (baseUrl: string, timeoutMs: number): InternalHttpClient =>
  new InternalHttpClient({
    service: 'fleet',
    baseUrl,
    timeoutMs,
    unavailable: (detail) => `Fleet service ${detail}`,
  });
