import { SERVICE_TITLES } from '@vanhop/contracts';
// Place names of the local landing pages, one a line: the seed system's place list
// (facts; the sources of the place data are in services/quote/data/ATTRIBUTION.md). Some names repeat: they are deduplicated here.
import placesText from './landing-places.txt?raw';

export type ServiceTitle = (typeof SERVICE_TITLES)[number];

/** "East-Central-London" → "east-central-london", "Abbey Wood" → "abbey-wood". */
export const landingSlug = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, '-');

/** Every landing place once, keyed by its slug, keeping the first spelling seen. */
export const LANDING_PLACES: ReadonlyMap<string, string> = (() => {
  const places = new Map<string, string>();
  for (const line of placesText.split(/\r?\n/)) {
    const name = line.trim();
    if (name && !places.has(landingSlug(name))) places.set(landingSlug(name), name);
  }
  return places;
})();

const SERVICE_BY_SLUG = new Map<string, ServiceTitle>(SERVICE_TITLES.map((title) => [landingSlug(title), title]));

export interface LandingTarget {
  service: ServiceTitle;
  /** The place as written in the list, e.g. "Abbey Wood" or "East-Central-London". */
  place: string;
}

/** The link of a service's page for a place: /{service-lowercase}-{place-lowercased-with-dashes}. */
export const landingPath = (service: string, place: string): string => `/${landingSlug(service)}-${landingSlug(place)}`;

/** The service and place a landing id names, or null when the id is not one of ours (the page then shows the 404). */
export function parseLandingId(id: string): LandingTarget | null {
  const lower = id.toLowerCase();
  for (const [serviceSlug, service] of SERVICE_BY_SLUG) {
    if (!lower.startsWith(`${serviceSlug}-`)) continue;
    const place = LANDING_PLACES.get(lower.slice(serviceSlug.length + 1));
    if (place) return { service, place };
  }
  return null;
}

/**
 * How the place reads in a sentence: the list writes regions with dashes ("East-Central-London" → "East Central London"),
 * but real hyphenated names keep theirs ("Bromley-by-Bow").
 */
export const placeDisplayName = (place: string): string =>
  place.split('-').every((part) => /^[A-Z]/.test(part)) ? place.replace(/-/g, ' ') : place;
