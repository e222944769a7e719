/**
 * UK postcode parsing for autocomplete and geocoding. A postcode is an outward code (area letters,
 * district digit(s), optional letter: "NW2", "SW1A", "EC1V") and an inward code (digit + two
 * letters: "6LR"). We hold district centroids only, so every postcode resolves to its outward code.
 */

const OUTCODE = '[A-Z]{1,2}\\d[A-Z\\d]?';
const INWARD = '\\d[A-Z]{2}';

export type PostcodeQuery =
  /** A whole postcode: "NW2 6LR", "nw26lr". */
  | { kind: 'full'; outcode: string; inward: string }
  /** An outward code with the start of an inward one: "NW2 6", "NW2 6L". */
  | { kind: 'partial-inward'; outcode: string; inwardStart: string }
  /** The start of an outward code, possibly complete: "N", "NW", "NW1", "SW1A". */
  | { kind: 'outcode-prefix'; prefix: string };

export const normalisePostcodeText = (text: string) => text.toUpperCase().replace(/\s+/g, ' ').trim();

/** Reads what a user typed as (part of) a postcode, or null when it cannot be one. */
export function parsePostcodeQuery(input: string): PostcodeQuery | null {
  const q = normalisePostcodeText(input);
  let m = new RegExp(`^(${OUTCODE}) ?(${INWARD})$`).exec(q);
  if (m) return { kind: 'full', outcode: m[1]!, inward: m[2]! };
  m = new RegExp(`^(${OUTCODE}) (\\d[A-Z]?)$`).exec(q);
  if (m) return { kind: 'partial-inward', outcode: m[1]!, inwardStart: m[2]! };
  if (/^[A-Z]{1,2}(\d[A-Z\d]?)?$/.test(q)) return { kind: 'outcode-prefix', prefix: q };
  return null;
}

/** Whole postcodes written anywhere in a text ("Flat 2, 10 High Rd, London NW2 6LR, UK"). */
export function findFullPostcodes(text: string): { outcode: string; inward: string }[] {
  const re = new RegExp(`\\b(${OUTCODE}) ?(${INWARD})\\b`, 'g');
  return [...normalisePostcodeText(text).matchAll(re)].map((m) => ({ outcode: m[1]!, inward: m[2]! }));
}

/** Words shaped like outward codes anywhere in a text ("London NW2, UK" → ["NW2"]). */
export function findOutcodeTokens(text: string): string[] {
  return [...normalisePostcodeText(text).matchAll(new RegExp(`\\b${OUTCODE}\\b`, 'g'))].map((m) => m[0]);
}

/**
 * Outward codes to try for a district, most precise first: sub-districts such as "W1A" (absent from
 * the table) fall back to their parent district "W1".
 */
export function outcodeCandidates(outcode: string): string[] {
  const o = normalisePostcodeText(outcode);
  return /\d[A-Z]$/.test(o) ? [o, o.slice(0, -1)] : [o];
}

/** Postcode areas whose post town is London (used for "London NW2, UK" style labels). */
export const LONDON_AREAS = new Set(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);

export const postcodeArea = (outcode: string) => /^[A-Z]+/.exec(outcode)?.[0] ?? '';

/** Orders outward codes as people expect: NW1, NW2, ... NW10, NW11 (not NW1, NW10, NW11, NW2). */
export function compareOutcodes(a: string, b: string): number {
  const pa = /^([A-Z]+)(\d+)([A-Z]?)$/.exec(a);
  const pb = /^([A-Z]+)(\d+)([A-Z]?)$/.exec(b);
  if (!pa || !pb) return a.localeCompare(b);
  return pa[1]!.localeCompare(pb[1]!) || Number(pa[2]) - Number(pb[2]) || pa[3]!.localeCompare(pb[3]!);
}

/** A postcode's district ("NW2 1AB", "nw21ab" and "nw2" are NW2), or null when it is neither a postcode nor a district. */
export function districtOf(text: string): string | null {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  return new RegExp(`^(${OUTCODE})${INWARD}$`).exec(compact)?.[1] ?? (isDistrict(compact) ? compact : null);
}

/** Whether a text is a whole district ("E1", "sw19"), not a postcode or the start of one ("E1 6" is E1 then 6). */
export const isDistrict = (text: string): boolean => new RegExp(`^${OUTCODE}$`).test(text.trim().toUpperCase());
