import { describe, expect, it } from 'vitest';
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
} from '../src/domain/geo-names.js';
import { PlaceIndex } from '../src/domain/geo-place-index.js';

describe('place-name keys', () => {
  it('ignore case, hyphens, punctuation, accents and spacing', () => {
    expect(nameKey('East-Central-London')).toBe('east central london');
    expect(nameKey('  Walton On  Thames ')).toBe(nameKey('Walton-on-Thames'));
    expect(nameKey('Bromley-by-Bow')).toBe('bromley by bow');
    expect(nameKey('Hounslow, UK.')).toBe('hounslow uk');
    expect(nameKey('Clapham Café')).toBe('clapham cafe');
  });
  it('fold "St", "Street" and "Saint", road abbreviations and "&"', () => {
    expect(nameKey('Fleet Street')).toBe(nameKey('Fleet St.'));
    expect(nameKey('Saint Pancras')).toBe(nameKey('St Pancras'));
    expect(nameKey('Gordon rd')).toBe('gordon road');
    expect(nameKey('Elephant & Castle')).toBe(nameKey('Elephant and Castle'));
  });
  it('read possessives with or without the apostrophe', () => {
    expect(nameKey("St. James's Park")).toBe(nameKey('St James Park'));
    expect(nameKey("Shepherd's Bush")).toBe(nameKey('Shepherds Bush'));
    expect(nameKey("Regent's Park")).toBe(nameKey('Regents Park'));
  });
  it('keep brackets until asked to drop them', () => {
    expect(nameKey('Abbey Wood (London)')).toBe('abbey wood (london)');
    expect(withoutBrackets('abbey wood (london)')).toBe('abbey wood');
    expect(withoutBrackets('acton')).toBe('acton');
  });
  it('list readings without station, stop and town suffixes', () => {
    expect(keyVariants(nameKey('Bank Underground Station'))).toEqual(['bank underground station', 'bank']);
    expect(keyVariants(nameKey('Caterham Rail Station'))).toContain('caterham');
    expect(keyVariants(nameKey('Fieldway Stop'))).toEqual(['fieldway stop', 'fieldway']);
    expect(keyVariants(nameKey('Kingston Town'))).toEqual(['kingston town', 'kingston']);
    expect(keyVariants(nameKey('Ashford (Surrey)'))).toEqual(['ashford (surrey)', 'ashford']);
    expect(keyVariants('watford')).toEqual(['watford']);
  });
  it('drop side qualifiers and street types', () => {
    expect(withoutQualifier('lower edmonton')).toBe('edmonton');
    expect(withoutQualifier('south ockendon')).toBe('ockendon');
    expect(withoutQualifier('northwood')).toBeNull();
    expect(streetNameStem('marylebone road')).toBe('marylebone');
    expect(streetNameStem(nameKey('Fleet Street'))).toBe('fleet');
    expect(streetNameStem('tottenham court road')).toBeNull();
    expect(isStreetName(nameKey('High Street'))).toBe(true);
    expect(isStreetName('green lanes')).toBe(false);
    expect(compactKey('white hart lane')).toBe('whitehartlane');
  });
  it('treat names of Object.prototype members as ordinary words', () => {
    expect(nameKey('constructor')).toBe('constructor');
    expect(nameKey('1 Constructor Street')).toBe('1 constructor st');
    expect(nameKey('__proto__ toString hasOwnProperty valueOf')).toBe('proto tostring hasownproperty valueof');
  });
});

describe('typing-error distance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(editDistance('caterham', 'carerham', 2)).toBe(1);
    expect(editDistance('watford', 'watfrod', 2)).toBe(1);
    expect(editDistance('bermondsey', 'bermonsey', 2)).toBe(1);
    expect(editDistance('norwoodjunction', 'northwoodjunction', 3)).toBe(2);
    expect(editDistance('same', 'same', 0)).toBe(0);
  });
  it('stops at the limit', () => {
    expect(editDistance('paris', 'perivale', 1)).toBe(2);
    expect(editDistance('atlantis', 'a', 2)).toBe(3);
  });
  it('forgives nothing in short names, one error in middling ones, two in long ones', () => {
    expect(typoAllowance('sydney'.length)).toBe(0);
    expect(typoAllowance('carerham'.length)).toBe(1);
    expect(typoAllowance('southbermonsey'.length)).toBe(2);
  });
});

describe('place index', () => {
  interface P {
    name: string;
    id: number;
  }
  const index = new PlaceIndex<P>();
  const names = [
    'Caterham',
    'Cannon Street',
    'Drayton Green',
    'Drayton Park',
    'Bank and Monument',
    'Harringay Green Lanes',
    'Edmonton',
    'Abbey Wood (London)',
    'London Fenchurch Street',
    'London Bridge',
    'White Hart Lane',
    'Marylebone',
    'High Street Kensington',
    'Lydney',
    'Hounslow',
  ];
  for (const [id, name] of names.entries()) index.add({ name, id });
  index.add({ name: 'East London', id: 100 }, ['East London', 'E London']);
  const find = (...parts: string[]) => index.match(parts);
  const name = (...parts: string[]) => find(...parts)?.place.name ?? null;

  it('finds names exactly, then by their plainer readings', () => {
    expect(find('Caterham')).toMatchObject({ place: { name: 'Caterham' }, kind: 'exact' });
    expect(find('East-London')).toMatchObject({ place: { id: 100 }, kind: 'exact' });
    expect(find('E London')?.place.id).toBe(100);
    expect(find('Abbey Wood')).toMatchObject({ place: { name: 'Abbey Wood (London)' }, kind: 'exact' });
    expect(find('Caterham Station')).toMatchObject({ place: { name: 'Caterham' }, kind: 'variant' });
    expect(name('Fenchurch Street')).toBe('London Fenchurch Street');
    expect(index.get('fenchurch st')?.name).toBe('London Fenchurch Street');
    expect(index.get('bridge')).toBeUndefined(); // "London Bridge" is not "Bridge"
  });
  it('completes truncated names by whole words, shortest first', () => {
    expect(find('Cannon')).toMatchObject({ place: { name: 'Cannon Street' }, kind: 'prefix' });
    expect(name('Drayton')).toBe('Drayton Park');
    expect(name('Bank')).toBe('Bank and Monument');
    expect(name('Fenchurch')).toBe('London Fenchurch Street');
    expect(name('Cann')).toBeNull(); // only whole words
    expect(name('Caterh')).toBeNull();
  });
  it('finds words in order inside a name, or one word naming one place', () => {
    expect(find('Green Lanes')).toMatchObject({ place: { name: 'Harringay Green Lanes' }, kind: 'words' });
    expect(name('Harringay Lanes')).toBe('Harringay Green Lanes');
    expect(name('Monument')).toBe('Bank and Monument');
    expect(name('Green')).toBeNull(); // in two names
  });
  it('drops side qualifiers and reads a lone street as the place it is named after', () => {
    expect(find('Lower Edmonton')).toMatchObject({ place: { name: 'Edmonton' }, kind: 'qualifier' });
    expect(find('Marylebone Road')).toMatchObject({ place: { name: 'Marylebone' }, kind: 'street' });
    expect(name('Marylebone Road', 'Atlantis')).toBeNull(); // a street in a town we do not know
    expect(name('High Street')).toBeNull(); // not "High Street Kensington"
  });
  it('forgives typing errors within the allowance, the first letter right', () => {
    expect(find('Carerham')).toMatchObject({ place: { name: 'Caterham' }, kind: 'typo' });
    expect(name('White Hartlane')).toBe('White Hart Lane');
    expect(name('Hounslw')).toBe('Hounslow');
    expect(name('Sydney')).toBeNull(); // not Lydney
    expect(name('Xaterham')).toBeNull();
    expect(name('Cxtxrham')).toBeNull();
  });
  it('prefers a literal match in any part to a guess at another', () => {
    expect(name('Carerham', 'Hounslow')).toBe('Hounslow');
    expect(name('Flat 2', '10 Cannon')).toBeNull(); // parts with digits match literally only
    expect(name('Atlantis')).toBeNull();
    expect(name('')).toBeNull();
  });
});
