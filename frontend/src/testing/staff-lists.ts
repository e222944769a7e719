/**
 * Test-only: the dashboard's paged lists (GET /api/backdata/list) answered from the records a test
 * gives as GET /api/backdata/all, with the server's rules (kind, view, order), one page of all of them.
 */
import type { BookingRecord } from '@vanhop/contracts';
import { selectRecords, type When } from '../features/staff/admin/records';
import { json, stubApi, type Handler } from './area-harness';

const LIST = /^GET \/api\/backdata\/list\?kind=(quotation|job)&view=(future|today|past)(&after=.*)?$/;

/** A fallback answering list pages from the `GET /api/backdata/all` route's answer (its status too). */
export function staffListsFrom(routes: Record<string, Handler>): (key: string) => Handler | undefined {
  return (key) => {
    const m = LIST.exec(key);
    const all = routes['GET /api/backdata/all'];
    if (!m || !all) return undefined;
    return async (url, init) => {
      const res = await all(url, init);
      if (!res.ok) return res;
      const records = (await res.json()) as BookingRecord[];
      const kind = m[1] as 'quotation' | 'job';
      const view = m[2] as When;
      const items = selectRecords(Array.isArray(records) ? records : [], kind, view, new Date());
      return json({ items: view === 'past' ? items.reverse() : items, pageSize: 20, next: null });
    };
  };
}

/** `stubApi` for the staff dashboard: its list pages follow the test's `GET /api/backdata/all`. */
export const stubStaffApi = (routes: Record<string, Handler>) => stubApi(routes, staffListsFrom(routes));
