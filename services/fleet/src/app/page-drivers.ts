import { ValidationError } from '@vanhop/platform';
import type { DriverAdminView, StaffCursorPage, StaffDriverPageQuery } from '@vanhop/contracts';
import { toAdminView } from './manage-drivers.js';
import { isDistrict } from '@vanhop/contracts';
import type { StaffDriverRow, DriverPageStore } from '../domain/ports.js';

/** The most matches a search gathers per key before paging them: type more to narrow it. */
export const DRIVER_SEARCH_LIMIT = 100;
const AFTER_INVALID = 'after must be the next value of an earlier page';

const encode = (row: { name: string; id: string }) =>
  Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');

function decode(after: string | undefined): { name: string; id: string } | null {
  if (after === undefined) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      v[0].length <= 200
    )
      return { name: v[0], id: v[1] };
  } catch {
    /* answered below */
  }
  throw new ValidationError(AFTER_INVALID, { after: AFTER_INVALID });
}

const keyOf = (d: StaffDriverRow) => d.nameKey ?? d.name.trim().toLowerCase();
const byName = (a: StaffDriverRow, b: StaffDriverRow) =>
  keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/**
 * The staff Drivers list a page at a time, by name: every driver, or those whose first or last
 * name, or base postcode, starts with the search text; active or suspended ones only on request.
 */
export class PageDrivers {
  constructor(private readonly store: DriverPageStore) {}

  async execute(q: StaffDriverPageQuery): Promise<StaffCursorPage<DriverAdminView>> {
    const active = q.status === undefined ? null : q.status === 'active';
    const after = decode(q.after);
    const rows = q.q
      ? await this.search(q.q, active, after, q.pageSize + 1)
      : await this.store.pageByName({ active, after, limit: q.pageSize + 1 });
    const items = rows.slice(0, q.pageSize);
    const last = items.at(-1);
    return {
      items: items.map(toAdminView),
      pageSize: q.pageSize,
      next: rows.length > q.pageSize && last ? encode({ name: keyOf(last), id: last._id }) : null,
    };
  }

  /** Up to DRIVER_SEARCH_LIMIT matches per key, merged by name; the page is taken after `after`. */
  private async search(
    text: string,
    active: boolean | null,
    after: { name: string; id: string } | null,
    limit: number,
  ): Promise<StaffDriverRow[]> {
    const name = text.trim().toLowerCase().replace(/\s+/g, ' ');
    const postcode = text.toUpperCase().replace(/\s+/g, '');
    const reads: Promise<StaffDriverRow[]>[] = [
      this.store.searchByPrefix('nameKey', name, active, DRIVER_SEARCH_LIMIT),
      this.store.searchByPrefix('surnameKey', name, active, DRIVER_SEARCH_LIMIT),
    ];
    // A whole district ("E1") is found whole (not E14); a longer start ("NW2 1A") by the postcode's start.
    if (isDistrict(text)) reads.push(this.store.searchExact('districtKey', postcode, active, DRIVER_SEARCH_LIMIT));
    else if (/^[A-Z0-9]+$/.test(postcode))
      reads.push(this.store.searchByPrefix('postcodeKey', postcode, active, DRIVER_SEARCH_LIMIT));
    const found = new Map<string, StaffDriverRow>();
    for (const list of await Promise.all(reads)) for (const d of list) found.set(d._id, d);
    const sorted = [...found.values()].sort(byName);
    const from = after
      ? sorted.findIndex((d) => keyOf(d) > after.name || (keyOf(d) === after.name && d._id > after.id))
      : 0;
    return from < 0 ? [] : sorted.slice(from, from + limit);
  }
}
