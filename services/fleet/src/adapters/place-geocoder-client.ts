import {
  INTERNAL_PATHS,
  isInternalGeocodeResponse,
  type InternalGeocodeRequest,
  type InternalGeocodeResponse,
} from '@vanhop/contracts';
import type { InternalHttpClient, Logger } from '@vanhop/platform';
import { quoteHttpClient } from './quote-http-client.js';
import type { PlaceGeocoder } from '../domain/ports.js';

/** Quote's geocoding over HTTP (/internal/geocode): an unknown place (404) is null. */
export class PlaceGeocoderClient implements PlaceGeocoder {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, logger?: Logger, timeoutMs = 10_000) {
    this.http = quoteHttpClient(baseUrl, logger, timeoutMs);
  }

  geocode(place: string): Promise<InternalGeocodeResponse | null> {
    const body: InternalGeocodeRequest = { place };
    return this.http.post<InternalGeocodeResponse | null>(INTERNAL_PATHS.geocode, body, {
      accept: isInternalGeocodeResponse,
      on: { 404: () => null },
      idempotent: true,
    });
  }
}
