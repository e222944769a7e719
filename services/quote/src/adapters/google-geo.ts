import type { GeoSuggestion } from '@vanhop/contracts';
import { UpstreamError } from '@vanhop/platform';
import type { GeoPoint, GeoPort, RouteEstimate } from '../domain/geo-port.js';
import { round2 } from '../domain/great-circle.js';
import { estimateRoute } from '@vanhop/contracts';

const METRES_PER_MILE = 1609.344;

/** The parts of Google's answers we read (Geocoding API and Directions API, JSON output). */
interface GoogleAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GoogleGeocodeAnswer {
  status: string;
  error_message?: string;
  results?: {
    formatted_address: string;
    geometry: { location: { lat: number; lng: number } };
    address_components?: GoogleAddressComponent[];
  }[];
}
interface GoogleDirectionsAnswer {
  status: string;
  error_message?: string;
  routes?: { legs: { distance: { value: number }; duration: { value: number } }[] }[];
}

/** What the Google adapter leans on the offline table for. */
export interface OfflineGeo {
  autocomplete(query: string, limit?: number): Promise<GeoSuggestion[]>;
  nearestOutcode(at: { lat: number; lng: number }): string;
}

/**
 * Google Maps adapter: Geocoding API (restricted to Great Britain) and Directions API (driving,
 * every via stop a waypoint so each leg is measured). The server-side autocomplete stays on the
 * offline table: with a key the browser uses Google Places itself, and the endpoint exists for
 * the offline mode. A route Google cannot drive (ZERO_RESULTS, e.g. across the Irish Sea) falls
 * back to the offline estimate; any other failure is an upstream error.
 */
export class GoogleGeo implements GeoPort {
  constructor(private readonly options: { apiKey: string; baseUrl: string; timeoutMs: number; offline: OfflineGeo }) {}

  autocomplete(query: string, limit?: number): Promise<GeoSuggestion[]> {
    return this.options.offline.autocomplete(query, limit);
  }

  async geocode(address: string): Promise<GeoPoint | null> {
    const text = address.trim().slice(0, 300);
    if (!text) return null;
    const answer = await this.call<GoogleGeocodeAnswer>('/maps/api/geocode/json', {
      address: text,
      components: 'country:GB',
      region: 'gb',
    });
    if (answer.status === 'ZERO_RESULTS') return null;
    this.ensureOk(answer, 'geocoding');
    const first = answer.results?.[0];
    if (!first) return null;
    const components = first.address_components ?? [];
    const country = components.find((c) => c.types.includes('country'));
    if (country && country.short_name !== 'GB') return null;
    const { lat, lng } = first.geometry.location;
    return {
      label: first.formatted_address,
      lat,
      lng,
      outcode: outcodeOf(components) ?? this.options.offline.nearestOutcode({ lat, lng }),
    };
  }

  async route(points: GeoPoint[]): Promise<RouteEstimate> {
    if (points.length < 2) return { miles: 0, seconds: 0, legs: [] };
    const at = (p: GeoPoint) => `${p.lat},${p.lng}`;
    const params: Record<string, string> = {
      origin: at(points[0]!),
      destination: at(points[points.length - 1]!),
      mode: 'driving',
      region: 'gb',
    };
    if (points.length > 2) params.waypoints = points.slice(1, -1).map(at).join('|');
    const answer = await this.call<GoogleDirectionsAnswer>('/maps/api/directions/json', params);
    if (answer.status === 'ZERO_RESULTS' || answer.status === 'NOT_FOUND') return estimateRoute(points);
    this.ensureOk(answer, 'directions');
    const legs = (answer.routes?.[0]?.legs ?? []).map((l) => ({
      miles: round2(l.distance.value / METRES_PER_MILE),
      seconds: Math.round(l.duration.value),
    }));
    if (legs.length !== points.length - 1)
      throw new UpstreamError('Google directions answered an unexpected number of legs');
    const metres = answer.routes![0]!.legs.reduce((s, l) => s + l.distance.value, 0);
    return { miles: round2(metres / METRES_PER_MILE), seconds: legs.reduce((s, l) => s + l.seconds, 0), legs };
  }

  private ensureOk(answer: { status: string; error_message?: string }, what: string): void {
    if (answer.status !== 'OK')
      throw new UpstreamError(
        `Google ${what} failed: ${answer.status}${answer.error_message ? ` (${answer.error_message})` : ''}`,
      );
  }

  private async call<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, `${this.options.baseUrl}/`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', this.options.apiKey);
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { Accept: 'application/json' },
      });
    } catch (err) {
      throw new UpstreamError(`Google Maps unreachable: ${(err as Error).name}`);
    }
    if (!res.ok) throw new UpstreamError(`Google Maps answered HTTP ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new UpstreamError('Google Maps answered something that is not JSON');
    }
  }
}

/** The outward code from a full postcode ("NW2 6LR") or a postcode prefix component ("NW2"). */
function outcodeOf(components: GoogleAddressComponent[]): string | null {
  const full = components.find((c) => c.types.includes('postal_code'))?.short_name;
  if (full) return full.trim().toUpperCase().split(/\s+/)[0] ?? null;
  const prefix = components.find((c) => c.types.includes('postal_code_prefix'))?.short_name;
  return prefix ? prefix.trim().toUpperCase() : null;
}
