import type { GeoSuggestion } from '@vanhop/contracts';
import type { GeoPoint, GeoPort, LabelReading, RouteEstimate } from '../domain/geo-port.js';
import type { LatLng } from '../domain/great-circle.js';
import {
  compareOutcodes,
  findFullPostcodes,
  findOutcodeTokens,
  LONDON_AREAS,
  outcodeCandidates,
  parsePostcodeQuery,
  postcodeArea,
} from '@vanhop/contracts';
import { estimateRoute } from '@vanhop/contracts';
import { GEO_ALIASES, type GeoAlias } from '../domain/geo-aliases.js';
import { nameKey } from '../domain/geo-names.js';
import { PlaceIndex } from '../domain/geo-place-index.js';
import type { GeoTable, OutcodeRow } from './geo-data.js';

interface NamedPlace {
  name: string;
  key: string;
  lat: number;
  lng: number;
  outcode?: string;
}

/** Words that only say "in the UK" in labels such as "Wembley, UK". */
const COUNTRY_PARTS = /^(uk|united kingdom|great britain|gb|england|scotland|wales|northern ireland)$/;
/** The same words inside a part of a label ("UK London NW2"). */
const COUNTRY_WORDS = /\b(?:uk|united kingdom|great britain|gb|england|scotland|wales|northern ireland)\b/g;
/** Postcodes and districts inside a label, to read the rest of it for place names. */
const POSTCODE_WORDS = /\b[A-Z]{1,2}\d[A-Z\d]?(?: ?\d[A-Z]{2})?\b/gi;

/** A label as compared with the geocoder's own: case, spacing and a closing ", UK" do not matter. */
const labelKey = (label: string) =>
  label
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,?\s*uk$/, '')
    .trim();

/** A description ending in another country ("Richmond, VA, USA") is not a UK place, whatever its first part. */
const FOREIGN_COUNTRY =
  /^(usa|us|united states|canada|australia|new zealand|ireland|republic of ireland|france|spain|germany|italy|netherlands|belgium|portugal|poland|india|south africa)$/;

/**
 * Cities whose district rows carry neighbourhood names ("Old Town" for EH1), so the town column alone
 * never says "Edinburgh": each stands at its central district. London stands at Charing Cross (WC2N).
 */
const CITY_CENTRES: Record<string, string> = {
  London: 'WC2N',
  Edinburgh: 'EH1',
  Cardiff: 'CF10',
  Sheffield: 'S1',
  Cambridge: 'CB2',
  Swansea: 'SA1',
  'Newcastle upon Tyne': 'NE1',
};
const MAX_INPUT = 300;
/**
 * Addresses whose answers are remembered. A customer's quotes re-send the same few labels (every
 * change of date, van or helpers re-prices the move), and the answer depends on the tables alone.
 */
const REMEMBERED_ADDRESSES = 10_000;

/** Case, apostrophes, dots and spacing do not matter when matching place names. */
export const placeKey = (name: string) => name.toLowerCase().replace(/['’.]/g, '').replace(/\s+/g, ' ').trim();

/**
 * Offline geography over the bundled UK postcode-district table and London place names: UK-only
 * autocomplete, geocoding to district or place centroids, and a haversine × road-factor route.
 */
export class EmbeddedGeo implements GeoPort {
  private readonly byOutcode = new Map<string, OutcodeRow>();
  private readonly sortedOutcodes: OutcodeRow[];
  private readonly places: NamedPlace[] = [];
  /** Names already listed for autocomplete. */
  private readonly placeByKey = new Map<string, NamedPlace>();
  /** Geocoding's view of the same names, forgiving hyphens, "Station" suffixes, truncations and typos; aliases first. */
  private readonly index = new PlaceIndex<NamedPlace>();
  /** Geocoding answers by input text, least recently asked first (a Map keeps insertion order). */
  private readonly answers = new Map<string, Readonly<GeoPoint> | null>();

  constructor(
    table: GeoTable,
    aliases: readonly GeoAlias[] = GEO_ALIASES,
    private readonly rememberedAddresses = REMEMBERED_ADDRESSES,
  ) {
    for (const row of table.outcodes) this.byOutcode.set(row.outcode, row);
    this.sortedOutcodes = [...this.byOutcode.values()].sort((a, b) => compareOutcodes(a.outcode, b.outcode));
    for (const alias of aliases) this.index.add(this.aliasPlace(alias, table));
    for (const p of table.places) this.addPlace(p.name, p);
    for (const [city, outcode] of Object.entries(CITY_CENTRES)) {
      const row = this.byOutcode.get(outcode);
      if (row) this.addPlace(city, row, row.outcode);
    }
    // Towns from the district table cover places outside London ("Watford"): their first district stands in.
    for (const row of this.sortedOutcodes) {
      if (row.town && !row.town.includes(',')) this.addPlace(row.town, row, row.outcode);
    }
  }

  /** Where an alias stands; a target missing from the tables is a packaging error, reported at start-up. */
  private aliasPlace(alias: GeoAlias, table: GeoTable): NamedPlace {
    const named = { name: alias.name, key: placeKey(alias.name) };
    if ('outcode' in alias.at) {
      const row = this.findOutcode(alias.at.outcode);
      if (!row) throw new Error(`Geo alias "${alias.name}": district ${alias.at.outcode} is not in the table`);
      return { ...named, lat: row.lat, lng: row.lng, outcode: row.outcode };
    }
    const target = nameKey(alias.at.place);
    const row = table.places.find((p) => nameKey(p.name) === target);
    if (!row) throw new Error(`Geo alias "${alias.name}": place ${alias.at.place} is not in the table`);
    return { ...named, lat: row.lat, lng: row.lng };
  }

  private addPlace(name: string, at: LatLng, outcode?: string): void {
    const key = placeKey(name);
    if (!key || this.placeByKey.has(key)) return;
    const place: NamedPlace = { name, key, lat: at.lat, lng: at.lng, outcode };
    this.places.push(place);
    this.placeByKey.set(key, place);
    this.index.add(place);
    // Autocomplete lists "Abbey Wood (London)" once, not again as a later "Abbey Wood" (the index forgives brackets itself).
    const bare = key.replace(/\s*\(.*\)$/, '');
    if (bare !== key && !this.placeByKey.has(bare)) this.placeByKey.set(bare, place);
  }

  /** The table row for an outward code, falling back from sub-districts ("W1A" → "W1"). */
  findOutcode(outcode: string): OutcodeRow | undefined {
    for (const c of outcodeCandidates(outcode)) {
      const row = this.byOutcode.get(c);
      if (row) return row;
    }
    return undefined;
  }

  /** The district whose centroid is closest (places carry the district they lie in). */
  nearestOutcode(at: LatLng): string {
    let best = this.sortedOutcodes[0]!;
    let bestD = Infinity;
    const k = Math.cos((at.lat * Math.PI) / 180);
    for (const row of this.sortedOutcodes) {
      const d = (row.lat - at.lat) ** 2 + ((row.lng - at.lng) * k) ** 2;
      if (d < bestD) {
        bestD = d;
        best = row;
      }
    }
    return best.outcode;
  }

  /** "London NW2, UK" inside the London postal areas, else "<town> <district>, UK". */
  outcodeLabel(row: OutcodeRow): string {
    const town = this.townOf(row);
    return town ? `${town} ${row.outcode}, UK` : `${row.outcode}, UK`;
  }

  /** The town a district's label names: London inside the London postal areas. */
  private townOf(row: OutcodeRow): string {
    return LONDON_AREAS.has(postcodeArea(row.outcode)) ? 'London' : row.town.split(',')[0]!.trim();
  }

  private outcodeSuggestion(row: OutcodeRow): GeoSuggestion {
    return { label: this.outcodeLabel(row), kind: 'postcode', outcode: row.outcode, lat: row.lat, lng: row.lng };
  }

  private placeSuggestion(p: NamedPlace): GeoSuggestion {
    p.outcode ??= this.nearestOutcode(p);
    return { label: `${p.name}, UK`, kind: 'place', outcode: p.outcode, lat: p.lat, lng: p.lng };
  }

  async autocomplete(query: string, limit = 8): Promise<GeoSuggestion[]> {
    const text = query.trim().slice(0, 100);
    if (!text) return [];
    const out: GeoSuggestion[] = [];
    const pc = parsePostcodeQuery(text);
    if (pc?.kind === 'full') {
      const row = this.findOutcode(pc.outcode);
      if (row)
        out.push({
          label: `${pc.outcode} ${pc.inward}, UK`,
          kind: 'postcode',
          outcode: row.outcode,
          lat: row.lat,
          lng: row.lng,
        });
    } else if (pc?.kind === 'partial-inward') {
      const row = this.findOutcode(pc.outcode);
      if (row) out.push(this.outcodeSuggestion(row));
    } else if (pc?.kind === 'outcode-prefix') {
      for (const row of this.sortedOutcodes) {
        if (out.length >= limit) break;
        if (row.outcode.startsWith(pc.prefix)) out.push(this.outcodeSuggestion(row));
      }
    }
    if (out.length < limit && text.length >= 2) {
      for (const p of this.matchPlaces(text, limit - out.length)) out.push(this.placeSuggestion(p));
    }
    return out.slice(0, limit);
  }

  /** Names starting with the text first, then names with a word starting with it; shorter names first. */
  private matchPlaces(text: string, limit: number): NamedPlace[] {
    const key = placeKey(text);
    const starts: NamedPlace[] = [];
    const words: NamedPlace[] = [];
    for (const p of this.places) {
      if (p.key.startsWith(key)) starts.push(p);
      else if (p.key.includes(` ${key}`) || p.key.includes(`(${key}`)) words.push(p);
    }
    const byLength = (a: NamedPlace, b: NamedPlace) => a.name.length - b.name.length || a.name.localeCompare(b.name);
    return [...starts.sort(byLength), ...words.sort(byLength)].slice(0, limit);
  }

  async geocode(address: string): Promise<GeoPoint | null> {
    const text = address.trim().slice(0, MAX_INPUT);
    if (!text) return null;
    const known = this.answers.get(text);
    if (known !== undefined) {
      this.answers.delete(text);
      this.answers.set(text, known);
      return known;
    }
    const point = this.resolve(text);
    const answer = point && Object.freeze(point);
    if (this.answers.size >= this.rememberedAddresses) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(text, answer);
    return answer;
  }

  private resolve(text: string): GeoPoint | null {
    for (const pc of findFullPostcodes(text)) {
      const row = this.findOutcode(pc.outcode);
      if (row) return { label: `${pc.outcode} ${pc.inward}, UK`, lat: row.lat, lng: row.lng, outcode: row.outcode };
    }
    for (const token of findOutcodeTokens(text)) {
      const row = this.findOutcode(token);
      if (row) return { label: this.outcodeLabel(row), lat: row.lat, lng: row.lng, outcode: row.outcode };
    }
    const allParts = text.split(',').map(placeKey);
    if (allParts.length > 1 && FOREIGN_COUNTRY.test(allParts[allParts.length - 1]!)) return null;
    const parts = allParts.filter((p) => p && !COUNTRY_PARTS.test(p));
    const found = this.index.match(parts);
    if (!found) return null;
    const { place } = found;
    place.outcode ??= this.nearestOutcode(place);
    return { label: `${place.name}, UK`, lat: place.lat, lng: place.lng, outcode: place.outcode };
  }

  /**
   * A stop a quote names is priced only as what it says: a label this geocoder issues itself (an
   * autocomplete suggestion's, or geocoding's own answer: "London NW2, UK", "Wembley, UK", "NW2
   * 6LR, UK"; case, spacing and the closing ", UK" aside) or a real postcode or district ("nw2 6lr",
   * "NW2"). The forgiving reading geocode gives a loose text (a landing page's place name, a typo)
   * is not enough: "Edinburgh, UK London NW2" would be priced at NW2 while its driver reads
   * Edinburgh. A text naming more than one place is told apart, for a clearer refusal.
   */
  async readLabel(label: string): Promise<LabelReading> {
    const text = label.trim().replace(/\s+/g, ' ').slice(0, MAX_INPUT);
    const point = text ? await this.geocode(text) : null;
    if (point && (labelKey(point.label) === labelKey(text) || this.isPostcodeOrDistrict(text)))
      return { kind: 'place', point };
    // A place autocomplete lists, by its own name: of two spellings of one place, both listed
    // ("Harrow-on-the-Hill" and "Harrow on the Hill"), geocoding answers with the first.
    const listed = /^(.+), uk$/i.exec(text)?.[1];
    const suggested = listed === undefined ? undefined : this.placeByKey.get(placeKey(listed));
    if (suggested && placeKey(suggested.name) === placeKey(listed!)) {
      const { label: own, lat, lng, outcode } = this.placeSuggestion(suggested);
      return { kind: 'place', point: { label: own, lat, lng, outcode: outcode ?? null } };
    }
    return this.placesNamed(text).size > 1 ? { kind: 'two-places' } : { kind: 'unknown' };
  }

  /** A whole postcode or a district of the table, alone ("NW2 6LR", "nw2, UK"). */
  private isPostcodeOrDistrict(text: string): boolean {
    const pc = parsePostcodeQuery(text.replace(/\s*,?\s*uk$/i, ''));
    if (pc?.kind === 'full') return this.findOutcode(pc.outcode) !== undefined;
    return pc?.kind === 'outcode-prefix' && this.findOutcode(pc.prefix) !== undefined;
  }

  /**
   * The districts a text names, by its postcodes and districts and by each comma-separated part
   * naming a place (a district's own post town, "London" for NW2, is that district).
   */
  private placesNamed(text: string): Set<string> {
    const districts = new Set<string>();
    for (const pc of findFullPostcodes(text)) {
      const row = this.findOutcode(pc.outcode);
      if (row) districts.add(row.outcode);
    }
    for (const token of findOutcodeTokens(text)) {
      const row = this.findOutcode(token);
      if (row) districts.add(row.outcode);
    }
    const towns = new Set([...districts].map((o) => placeKey(this.townOf(this.byOutcode.get(o)!))));
    const named = new Set(districts);
    for (const part of text.split(',')) {
      const rest = placeKey(part.replace(POSTCODE_WORDS, ' ').toLowerCase().replace(COUNTRY_WORDS, ' '));
      if (!rest || towns.has(rest)) continue;
      const found = this.index.match([rest]);
      if (!found) continue;
      found.place.outcode ??= this.nearestOutcode(found.place);
      named.add(found.place.outcode);
    }
    return named;
  }

  async route(points: GeoPoint[]): Promise<RouteEstimate> {
    return estimateRoute(points);
  }
}
