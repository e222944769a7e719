import { queryIndex, type Filter } from '@vanhop/platform';
import type { Driver } from '@vanhop/contracts';
import { districtOf } from '@vanhop/contracts';
import type { DriverSearchField } from '../domain/ports.js';

/** The staff drivers list's reads and the index each goes through (test/architecture/query-indexes). */
export const DRIVER_QUERIES = {
  byName: queryIndex('drivers', 'staff list: drivers by name, a page at a time', { nameKey: 1 }),
  bySurname: queryIndex('drivers', 'staff search: drivers whose last name starts with the text', { surnameKey: 1 }),
  byPostcode: queryIndex('drivers', 'staff search: drivers whose base postcode starts with the text', {
    postcodeKey: 1,
  }),
  byStanding: queryIndex('drivers', 'staff list: active or suspended drivers by name, a page at a time', {
    standingKey: 1,
  }),
  byDistrict: queryIndex('drivers', 'staff search: drivers based in a postcode district (E1, not E14)', {
    districtKey: 1,
  }),
} as const;

/** The standing part of `standingKey`: suspended drivers sort apart from active ones, each by name. */
export const standingPrefix = (active: boolean): string => (active ? 'a|' : 's|');

/** How a name is kept for the list and its search: lower case, single spaces. */
export const nameKeyOf = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');
/** How a postcode is kept and searched: capitals, no spaces ("nw2 1ab" finds "NW2 1AB"). */
export const postcodeKeyOf = (postcode: string): string => postcode.toUpperCase().replace(/\s+/g, '');

/** The search keys of the fields a write sets (none for fields it leaves alone). */
export function staffListKeys(d: Partial<Pick<Driver, 'name' | 'basePostcode' | 'active'>>): Record<string, string> {
  const keys: Record<string, string> = {};
  if (typeof d.name === 'string') {
    keys.nameKey = nameKeyOf(d.name);
    keys.surnameKey = keys.nameKey.split(' ').at(-1) ?? keys.nameKey;
    if (typeof d.active === 'boolean') keys.standingKey = standingPrefix(d.active) + keys.nameKey;
  }
  if (typeof d.basePostcode === 'string') {
    keys.postcodeKey = postcodeKeyOf(d.basePostcode);
    const district = districtOf(d.basePostcode);
    if (district) keys.districtKey = district;
  }
  return keys;
}

export interface NameWindow {
  gte: string;
  lt?: string;
}

/**
 * The windows of names a page is read through, from `start` (the previous page's last name, or the
 * beginning): up to the next first letter, then 4 and 16 letters on, then the rest.
 */
export function* driverPageWindows(start: string, prefix = ''): Generator<NameWindow> {
  const first = start === '' ? 'a'.charCodeAt(0) : start.charCodeAt(0);
  for (const step of [1, 4, 16]) yield { gte: prefix + start, lt: prefix + String.fromCharCode(first + step) };
  yield prefix ? { gte: prefix + start, lt: `${prefix}\uffff` } : { gte: start };
}

/** One read's filter: the key's range, the standing wanted, and past the previous page's last row. */
export function driverPageFilter(
  field: DriverSearchField,
  w: NameWindow,
  active: boolean | null,
  after: { name: string; id: string } | null,
): Filter {
  return {
    [field]: w.lt === undefined ? { $gte: w.gte } : { $gte: w.gte, $lt: w.lt },
    // Not an equality: the store must read through the key's index, never an index of the standing.
    ...(active === null ? {} : { active: { $ne: !active } }),
    ...(after ? { $or: [{ nameKey: { $gt: after.name } }, { _id: { $gt: after.id } }] } : {}),
  };
}
