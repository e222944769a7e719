/**
 * Test-only: the dashboard's paged lists (GET /api/backdata/list) and records by id
 * (GET /api/backdata/record/:id) answered from the records a test gives as GET /api/backdata/all,
 * with the server's rules (kind, view, order), one page of all of them.
 */
import type { BookingRecord } from '@vanhop/contracts';
import { selectRecords, type When } from '../features/staff/admin/records';
import { json } from './area-harness';
import { asResponse, fakeApi, type Handler } from './fakeApi';

const LIST =
  /^GET \/api\/backdata\/list\?kind=(quotation|job)&view=(future|today|past|needs-driver)(&pageSize=\d+)?(&after=.*)?$/;
const RECORD = /^GET \/api\/backdata\/record\/([^/?]+)$/;

type WithNeeds = BookingRecord & { needsDriver?: unknown; state?: string };

/** A fallback answering list pages from the `GET /api/backdata/all` route's answer (its status too). */
export function staffListsFrom(routes: Record<string, Handler>): (key: string) => Handler | undefined {
  return (key) => {
    const all = routes['GET /api/backdata/all'];
    const m = LIST.exec(key);
    const r = RECORD.exec(key);
    if (!all || (!m && !r)) return undefined;
    return async (call) => {
      const res = asResponse(await all(call));
      if (!res.ok) return res;
      const body = (await res.json()) as BookingRecord[];
      const records = Array.isArray(body) ? body : [];
      if (r) {
        const one = records.find((x) => x._id === decodeURIComponent(r[1]!));
        return one ? json(one) : json({ message: 'No booking record with that id' }, 404);
      }
      const kind = m![1] as 'quotation' | 'job';
      const view = m![2] as When | 'needs-driver';
      const items =
        view === 'needs-driver'
          ? (records as WithNeeds[]).filter((x) => x.needsDriver && x.state !== 'cancelled')
          : selectRecords(records, kind, view, new Date());
      return json({ items: view === 'past' ? items.reverse() : items, pageSize: 20, next: null });
    };
  };
}

/** The fake API, strict, for the staff dashboard: its list pages follow the test's `GET /api/backdata/all`. */
export const stubStaffApi = (routes: Record<string, Handler>) =>
  fakeApi(routes, { strict: true, fallback: staffListsFrom(routes) });
