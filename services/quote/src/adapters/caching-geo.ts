import { createHash } from 'node:crypto';
import type { GeoSuggestion } from '@vanhop/contracts';
import type { Cache } from '@vanhop/platform';
import type { GeoPoint, GeoPort, RouteEstimate } from '../domain/geo-port.js';

/**
 * Remembers geocoding answers for a day on the Cache port (Redis when distributed). The booking page
 * re-sends the same address labels many times per visit; each would otherwise be a paid Google call.
 * Unknown addresses are remembered too (as null), for less time.
 */
export class CachingGeo implements GeoPort {
  constructor(
    private readonly inner: GeoPort,
    private readonly cache: Cache,
    private readonly ttlSeconds = 86_400,
  ) {}

  autocomplete(query: string, limit?: number): Promise<GeoSuggestion[]> {
    return this.inner.autocomplete(query, limit);
  }

  async geocode(address: string): Promise<GeoPoint | null> {
    const key = `geo:geocode:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`;
    const hit = await this.cache.get(key).catch(() => null);
    if (hit !== null) return JSON.parse(hit) as GeoPoint | null;
    const point = await this.inner.geocode(address);
    await this.cache
      .set(key, JSON.stringify(point), point ? this.ttlSeconds : Math.min(this.ttlSeconds, 3600))
      .catch(() => undefined);
    return point;
  }

  route(points: GeoPoint[]): Promise<RouteEstimate> {
    return this.inner.route(points);
  }
}
