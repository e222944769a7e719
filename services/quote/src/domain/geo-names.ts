/**
 * Place-name normalisation for geocoding what people (and our landing pages) write: "East-Central-London",
 * "St. James's Park", "Walton On Thames", "Gordon rd". Keys only need to be consistent on both sides of a
 * comparison, not readable, so abbreviations fold one way ("street" and "saint" both to "st").
 */

/**
 * Words written several ways: each folds to one spelling. "St" is both Saint and Street, so both fold to it.
 * A Map, not an object literal: the words come from addresses people type, and "constructor" or "toString"
 * must not find Object.prototype's members.
 */
const WORD_FORMS: ReadonlyMap<string, string> = new Map([
  ['street', 'st'],
  ['saint', 'st'],
  ['rd', 'road'],
  ['ln', 'lane'],
  ['ave', 'avenue'],
  ['av', 'avenue'],
  ['sq', 'square'],
  ['stn', 'station'],
  ['&', 'and'],
]);

/**
 * The matching key of a name: lower case without accents, apostrophes or punctuation; hyphens, dots and slashes
 * are spaces; abbreviations folded; a possessive "James's" written "James" or "Jamess" gives the same word.
 * Parentheses are kept so that "(London)"-style qualifiers can be dropped by {@link withoutBrackets}.
 */
export function nameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' & ')
    .replace(/[^a-z0-9&()]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => (WORD_FORMS.get(word) ?? word).replace(/(.)ss$/, '$1s'))
    .join(' ');
}

/** "abbey wood (london)" → "abbey wood"; keys without a bracketed part come back unchanged. */
export const withoutBrackets = (key: string) =>
  key
    .replace(/\s*\([^)]*\)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Ways of saying "the station of": "Bank Underground Station", "Fieldway Stop", "Caterham Rail Station". */
const TRANSPORT_SUFFIX =
  /\s+(?:(?:rail|railway|train|tube|underground|overground|dlr|bus|tram|elizabeth line|main line)\s+)?(?:station|stop|halt)$|\s+(?:tube|underground|dlr|overground)$/;
/** "Kingston Town", "Croydon Town Centre": the town itself. */
const SETTLEMENT_SUFFIX = /\s+(?:town centre|city centre|centre|town)$/;
/** "Lower Edmonton", "South Ockendon": the named place without its side or part. */
const QUALIFIER_PREFIX = /^(?:upper|lower|north|south|east|west|central)\s+/;
/** "Gordon rd", "Marylebone Road": the name the street is called after. */
const STREET_SUFFIX = /\s+(?:road|st|lane|avenue)$/;

const strip = (key: string, re: RegExp) => {
  const out = key.replace(re, '').trim();
  return out && out !== key ? out : null;
};

/**
 * Readings of a key that name the same place, most literal first: without brackets, without a transport
 * suffix ("station", "stop"), without a settlement suffix ("town", "centre").
 */
export function keyVariants(key: string): string[] {
  const out = [key];
  const add = (k: string | null) => {
    if (k && !out.includes(k)) out.push(k);
  };
  add(withoutBrackets(key));
  for (const k of [...out]) add(strip(k, TRANSPORT_SUFFIX));
  for (const k of [...out]) add(strip(k, SETTLEMENT_SUFFIX));
  return out;
}

/** "lower edmonton" → "edmonton"; null when the key has no side or part qualifier. */
export const withoutQualifier = (key: string) => strip(key, QUALIFIER_PREFIX);

/** "gordon road" → "gordon"; null unless the key is one word followed by a street type. */
export const streetNameStem = (key: string) => {
  const stem = strip(key, STREET_SUFFIX);
  return stem && !stem.includes(' ') ? stem : null;
};

/** "High Street", "Green Lane": a street name, never the start of a longer place name ("High Street Kensington"). */
export const isStreetName = (key: string) => STREET_SUFFIX.test(key);

/** Spaces do not matter when comparing spellings: "White Hartlane" is "White Hart Lane". */
export const compactKey = (key: string) => key.replace(/[\s()]/g, '');

/**
 * How many typing errors we forgive in a name of this many letters (spaces ignored): none under 7 letters
 * (short names lie one letter apart: "Sydney" is not "Lydney"), one up to 10, two from 11.
 */
export const typoAllowance = (letters: number) => (letters < 7 ? 0 : letters < 11 ? 1 : 2);

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and swaps of neighbours, each 1),
 * or `max + 1` as soon as it is known to exceed `max` (keeps a scan of thousands of names cheap).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}
