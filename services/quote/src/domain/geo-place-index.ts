import {
  compactKey,
  editDistance,
  isStreetName,
  keyVariants,
  nameKey,
  streetNameStem,
  typoAllowance,
  withoutBrackets,
  withoutQualifier,
} from './geo-names.js';

/** How a name was found, from the most to the least literal reading. */
export type PlaceMatchKind = 'exact' | 'variant' | 'prefix' | 'words' | 'qualifier' | 'street' | 'typo';

export interface PlaceMatch<P> {
  place: P;
  kind: PlaceMatchKind;
}

interface Entry<P> {
  key: string;
  compact: string;
  words: string[];
  /** The place's own name key without brackets: rows of one station from two tables count as one place. */
  identity: string;
  place: P;
}

/** Shortest names win among candidates: "Drayton Park" for "Drayton", "Malden Manor" for "Malden". */
const shorterFirst = <P>(a: Entry<P>, b: Entry<P>) => a.words.length - b.words.length || a.key.length - b.key.length;

const MIN_PREFIX = 4;
const MIN_SINGLE_WORD = 5;
const hasDigit = (key: string) => /\d/.test(key);

/**
 * Place names matched the way people write them. Each step is tried on every part of an address before the next,
 * looser one, so a literal match anywhere ("Heathrow Airport (LHR), Hounslow") beats a guess at another part:
 * 1. exact key; 2. the key without brackets, "Station"/"Stop", "Town"/"Centre"; 3. a whole-word prefix
 * ("Cannon" → Cannon Street); 4. the words in order inside one name ("Green Lanes" → Harringay Green Lanes);
 * 5. without Upper/Lower/North... ("Lower Edmonton" → Edmonton); 6. a street named after a place
 * ("Marylebone Road" → Marylebone), only when the street is all the address says (a street in a town we do
 * not know is not in the place it is named after); 7. one or two typing errors ("Carerham" → Caterham), the
 * first letter right. Parts holding digits (house numbers, flats) are matched literally only; street names
 * ("High Street") are never read as the start of a longer name.
 */
export class PlaceIndex<P extends { name: string }> {
  private readonly entries: Entry<P>[] = [];
  private readonly byKey = new Map<string, Entry<P>>();

  /** Adds a place under its name and any extra names; the first place to claim a key keeps it. */
  add(place: P, names: string[] = [place.name]): void {
    const identity = withoutBrackets(nameKey(place.name));
    for (const name of names) {
      const key = nameKey(name);
      const keys = [key, withoutBrackets(key)];
      // "London Cannon Street" is also "Cannon Street"; "London Bridge" is not "Bridge" (one word left is too vague).
      const bare = /^london (.+ .+)$/.exec(withoutBrackets(key))?.[1];
      if (bare) keys.push(bare);
      for (const k of keys) this.claim(k, identity, place);
    }
  }

  private claim(key: string, identity: string, place: P): void {
    if (!key || this.byKey.has(key)) return;
    const entry: Entry<P> = { key, compact: compactKey(key), words: key.split(' '), identity, place };
    this.entries.push(entry);
    this.byKey.set(key, entry);
  }

  /** The place a name key belongs to exactly. */
  get(key: string): P | undefined {
    return this.byKey.get(key)?.place;
  }

  /** The best place for the parts of an address (already free of country names), or null. */
  match(parts: string[]): PlaceMatch<P> | null {
    const keys = parts.map(nameKey).filter(Boolean);
    const loose = keys.filter((k) => !hasDigit(k));
    const names = loose.filter((k) => !isStreetName(k));
    const steps: [PlaceMatchKind, string[], (key: string) => Entry<P> | undefined][] = [
      ['exact', keys, (k) => this.byKey.get(k)],
      ['variant', keys, (k) => this.firstOf(keyVariants(k).slice(1), (v) => this.byKey.get(v))],
      ['prefix', names, (k) => this.firstOf(keyVariants(k), (v) => this.byPrefix(v))],
      ['words', names, (k) => this.firstOf(keyVariants(k), (v) => this.byWords(v))],
      ['qualifier', loose, (k) => this.firstOf(keyVariants(k), (v) => this.byQualifier(v))],
      ['street', keys.length === 1 ? loose : [], (k) => this.byStreet(k)],
      ['typo', loose, (k) => this.firstOf(keyVariants(k), (v) => this.byTypo(v))],
    ];
    for (const [kind, candidates, find] of steps) {
      for (const key of candidates) {
        const entry = find(key);
        if (entry) return { place: entry.place, kind };
      }
    }
    return null;
  }

  private firstOf(keys: string[], find: (key: string) => Entry<P> | undefined): Entry<P> | undefined {
    for (const k of keys) {
      const e = find(k);
      if (e) return e;
    }
    return undefined;
  }

  /** Names continuing the key with more words: "cannon" → "cannon st". */
  private prefixCandidates(key: string): Entry<P>[] {
    if (key.length < MIN_PREFIX) return [];
    return this.entries.filter((e) => e.key.startsWith(`${key} `));
  }

  private byPrefix(key: string): Entry<P> | undefined {
    return this.prefixCandidates(key).sort(shorterFirst)[0];
  }

  /**
   * Several words found in order inside one name ("harringay lanes" → "harringay green lanes"), or a single
   * distinctive word naming exactly one place ("monument" → "bank and monument").
   */
  private byWords(key: string): Entry<P> | undefined {
    const words = key.split(' ');
    if (words.length === 1) {
      if (key.length < MIN_SINGLE_WORD) return undefined;
      const found = this.entries.filter((e) => e.words.includes(key));
      return new Set(found.map((e) => e.identity)).size === 1 ? found[0] : undefined;
    }
    const inOrder = (e: Entry<P>) => {
      let at = 0;
      for (const w of e.words) if (w === words[at]) at++;
      return at === words.length;
    };
    return this.entries.filter(inOrder).sort(shorterFirst)[0];
  }

  private byQualifier(key: string): Entry<P> | undefined {
    const rest = withoutQualifier(key);
    return rest ? this.byKey.get(rest) : undefined;
  }

  /** A street called after a place stands at that place. */
  private byStreet(key: string): Entry<P> | undefined {
    const stem = streetNameStem(key);
    return stem ? this.byKey.get(stem) : undefined;
  }

  /** The closest spelling within the typing-error allowance; the first listed wins a tie. */
  private byTypo(key: string): Entry<P> | undefined {
    const compact = compactKey(key);
    let bestDistance = typoAllowance(compact.length) + 1;
    let best: Entry<P> | undefined;
    for (const e of this.entries) {
      if (e.compact[0] !== compact[0]) continue;
      const d = editDistance(compact, e.compact, bestDistance - 1);
      if (d < bestDistance) {
        best = e;
        bestDistance = d;
        if (d === 0) break;
      }
    }
    return best;
  }
}
