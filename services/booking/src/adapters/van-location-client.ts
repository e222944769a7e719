import { isVanLocationView, vanLocationInternalPath, type VanLocationView } from '@vanhop/contracts';
import type { InternalHttpClient } from '@vanhop/platform';
import { fleetServiceClient } from './fleet-http.js';
import type { VanLocationReader } from '../domain/ports.js';

/** Asks the fleet service where a booking's van is (GET /internal/jobs/:id/van). */
export class HttpVanLocationReader implements VanLocationReader {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, timeoutMs: number) {
    this.http = fleetServiceClient(baseUrl, timeoutMs);
  }

  async read(bookingId: string): Promise<VanLocationView> {
    return this.http.get<VanLocationView>(vanLocationInternalPath(bookingId), {
      accept: isVanLocationView,
      // A booking with no driver's job yet has no van to show.
      on: { 404: () => ({ onTheWay: false, van: null, pickup: null, eta: null }) },
    });
  }
}
