/**
 * A street address must not contradict the place it was chosen under: a whole UK postcode typed in
 * the building address ("5 Borough High St, SE1 9XX") must lie in the chosen place's postcode
 * district ("London NW2" is NW2), so the driver never reads one place and drives to another. The
 * booking form and every server apply this one rule (`addressEntrySchema`).
 */

const OUTCODE = '[A-Z]{1,2}\\d[A-Z\\d]?';
const INWARD = '\\d[A-Z]{2}';

const normalised = (text: string) => text.toUpperCase().replace(/\s+/g, ' ').trim();

/** The whole postcodes written in a text, as written in capitals with one space ("SE1 9XX"). */
export function fullPostcodesIn(text: string): { postcode: string; outcode: string }[] {
  const re = new RegExp(`\\b(${OUTCODE}) ?(${INWARD})\\b`, 'g');
  return [...normalised(text).matchAll(re)].map((m) => ({ postcode: `${m[1]} ${m[2]}`, outcode: m[1]! }));
}

/**
 * The postcode district a chosen place names ("London NW2, UK" → "NW2", "NW2 6LR, UK" → "NW2"), or
 * null when its label names none (an area such as "Cricklewood, UK"): then there is nothing to check.
 */
export function districtOfPlace(location: string): string | null {
  const full = fullPostcodesIn(location)[0];
  if (full) return full.outcode;
  const tokens = [...normalised(location).matchAll(new RegExp(`\\b${OUTCODE}\\b`, 'g'))].map((m) => m[0]);
  return tokens[0] ?? null;
}

/** Central London's districts are split into lettered sub-districts: EC1A and EC1V are both in EC1. */
const sameDistrict = (a: string, b: string) => {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.length === short.length + 1 && long.startsWith(short) && /[A-Z]$/.test(long);
};

export const streetPostcodeMessage = (postcode: string, district: string) =>
  `The postcode ${postcode} is not in ${district}, the place chosen for this address. Correct the postcode or choose the right place.`;

/** Why this building address contradicts its place (the first postcode outside the district), or null. */
export function streetPostcodeProblem(location: string | null | undefined, physicalAddress: string | null | undefined) {
  const district = districtOfPlace(location ?? '');
  if (!district) return null;
  const outside = fullPostcodesIn(physicalAddress ?? '').find((p) => !sameDistrict(p.outcode, district));
  return outside ? streetPostcodeMessage(outside.postcode, district) : null;
}
