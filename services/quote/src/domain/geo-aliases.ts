/**
 * Names people use for places our tables do not list as such: London's postal regions, the home counties,
 * and a few streets, landmarks and piers. Each stands at a postcode district centroid or at a place from the
 * tables. Kept small on purpose: misspellings, "Station" suffixes, truncated station names ("Cannon" for
 * Cannon Street) and hyphens are handled by the matcher, not listed here.
 *
 * Every target must exist in the bundled tables: the embedded geocoder refuses to start otherwise.
 */
export type GeoAliasTarget = { outcode: string } | { place: string };

export interface GeoAlias {
  /** What people write; matched like any place name (case, hyphens, punctuation and typos forgiven). */
  name: string;
  at: GeoAliasTarget;
}

const region = (name: string, outcode: string): GeoAlias => ({ name, at: { outcode } });
const place = (name: string, target: string): GeoAlias => ({ name, at: { place: target } });

export const GEO_ALIASES: readonly GeoAlias[] = [
  // London postal regions (E, EC, N, NW, SE, SW, W, WC) at their first district, the one nearest the centre.
  region('East London', 'E1'),
  region('East Central London', 'EC1'),
  region('North London', 'N1'),
  region('North West London', 'NW1'),
  region('South East London', 'SE1'),
  region('South West London', 'SW1'),
  region('West London', 'W1'),
  region('West Central London', 'WC1'),
  region('South London', 'SE1'),
  region('Central London', 'WC2N'),
  // The whole city stands at Charing Cross, like "London" (the district table's "Greater London" rows lie at its edge).
  region('Greater London', 'WC2N'),
  // Home counties at their county town's central district.
  region('Surrey', 'GU1'), // Guildford
  region('Kent', 'ME14'), // Maidstone
  region('Essex', 'CM1'), // Chelmsford
  region('Hertfordshire', 'SG14'), // Hertford
  region('Berkshire', 'RG1'), // Reading
  region('Buckinghamshire', 'HP20'), // Aylesbury
  // Streets and landmarks without a row of their own, at the district they lie in.
  region('Fleet Street', 'EC4A'),
  region('Strand', 'WC2R'),
  region('Regent Street', 'W1B'),
  region('Regents Street', 'W1B'),
  region("Gray's Inn", 'WC1R'),
  region('South Bank', 'SE1'),
  // Names of an area or station that the tables spell differently.
  place('Heathrow', 'Heathrow Terminals 2 & 3'),
  place('Heathrow Airport', 'Heathrow Terminals 2 & 3'),
  place('Docklands', 'Canary Wharf'),
  place('Surrey Docks', 'Surrey Quays'),
  place('Royal Arsenal', 'Woolwich Arsenal'),
  place('Borough Market', 'Borough'),
  place('Cadogan Pier', 'Chelsea'),
  place('Cottenham Park', 'Raynes Park'),
  // The landing list's "Gordon rd": the Gordon Road by Gordon Hill station, Enfield (the name alone fits many streets).
  place('Gordon Road', 'Gordon Hill'),
];
